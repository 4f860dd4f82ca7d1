import type { AgentRow } from '@playrep/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { columnHeaders } from '../../test/table-text';
import { agent } from './test-agent';

// A small tree below sam1: sam1 > am1 > master1 > player1, player2; am1 > master2 (no players).
const tree: Record<string, AgentRow[]> = {
  sam1: [agent('am1', { role: 'areamanager', walletBalance: 5000 })],
  am1: [agent('master1', { walletBalance: 1200.5 }), agent('master2', { walletBalance: 300 })],
  master1: [agent('player1', { walletBalance: 10.25 }), agent('player2', { walletBalance: 4 })],
  master2: [],
};
const pathTo: Record<string, string[]> = {
  sam1: ['sam1'],
  am1: ['sam1', 'am1'],
  master1: ['sam1', 'am1', 'master1'],
  master2: ['sam1', 'am1', 'master2'],
  player1: ['sam1', 'am1', 'master1', 'player1'],
};
const ref = (username: string) => ({ _id: `u-${username}`, username });
const parent = (username: string) => ({ _id: `u-${username}`, username, fullname: `${username} name` });

function server() {
  return reportServer({
    balancereport: (q) => {
      const all = Object.values(tree).flat();
      return {
        parent: parent('sam1'),
        path: [ref('sam1')],
        data: q.agentId ? all.filter((a) => a.username === q.agentId) : tree.sam1,
      };
    },
    balancechildren: (q) => ({
      parent: parent(q.agentId!),
      path: pathTo[q.agentId!]!.map(ref),
      data: tree[q.agentId!] ?? [],
    }),
  });
}

const breadcrumb = (dialog: HTMLElement) => within(dialog).getByRole('navigation', { name: 'Account path' });
const crumbs = (dialog: HTMLElement) =>
  within(breadcrumb(dialog))
    .getAllByText(/./)
    .map((el) => el.textContent)
    .filter((text) => text !== '›');

describe('Balance Report', () => {
  it('lists the children of the subject with the spec columns, points and page size 3', async () => {
    const calls = server();
    signInAs('superareamanager');
    renderApp('/superareamanager/reports/balancereport');
    const table = await screen.findByRole('table', { name: 'Balance Report' }, PAGE_LOAD);
    await within(table).findByText('am1');
    expect(columnHeaders(table)).toEqual(['Sr. No.', 'Agent ID', 'Agent Name', 'Points']);
    expect(within(table).getAllByText('5,000.00')).toHaveLength(2); // the row and the total
    expect(screen.getByLabelText('Agent ID')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('3');
    expect(callsTo(calls, 'balancereport')).toEqual([{}]);
  });

  it('searches one agent by exact username through the server, kept in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    signInAs('superareamanager');
    const app = renderApp('/superareamanager/reports/balancereport');
    await screen.findByRole('button', { name: /^am1: show child accounts/ }, PAGE_LOAD);
    await user.type(screen.getByLabelText('Agent ID'), ' master2 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('button', { name: /^master2: show child accounts/ });
    expect(app.router.state.location.search).toBe('?agentId=master2');
    expect(callsTo(calls, 'balancereport').at(-1)).toEqual({ agentId: 'master2' });
    expect(screen.getByRole('link', { name: 'Excel' }).getAttribute('href')).toBe(
      '/api/playrep/balancereport?agentId=master2&format=xlsx',
    );
  });

  it("shows the server's message when the agent is unknown, rather than an empty table", async () => {
    const user = userEvent.setup({ delay: null });
    reportServer({
      balancereport: (q) =>
        q.agentId
          ? jsonResponse(404, { message: 'No such account' })
          : { parent: parent('sam1'), path: [ref('sam1')], data: tree.sam1 },
    });
    signInAs('superareamanager');
    renderApp('/superareamanager/reports/balancereport');
    await screen.findByRole('button', { name: /^am1: show child accounts/ }, PAGE_LOAD);
    await user.type(screen.getByLabelText('Agent ID'), 'ghost');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No such account');
  });

  it('drills down two levels in the popup and comes back up through the breadcrumb', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = server();
    signInAs('superareamanager');
    renderApp('/superareamanager/reports/balancereport');
    await user.click(await screen.findByRole('button', { name: /^am1: show child accounts/ }, PAGE_LOAD));

    const dialog = await screen.findByRole('dialog', { name: 'Child accounts of am1' });
    await within(dialog).findByText('master1');
    expect(columnHeaders(dialog)).toEqual(['Sr. No.', 'Child ID', 'Agent Name', 'Points']);
    expect(crumbs(dialog)).toEqual(['sam1', 'am1']);
    expect(within(dialog).getByText('1,200.50')).toBeTruthy();

    // One level further down: master1's players.
    await user.click(within(dialog).getByRole('button', { name: /^master1: show its child accounts/ }));
    await within(dialog).findByText('player1');
    expect(screen.getByRole('dialog', { name: 'Child accounts of master1' })).toBeTruthy();
    expect(crumbs(dialog)).toEqual(['sam1', 'am1', 'master1']);
    expect(within(within(dialog).getByRole('table')).getByText('14.25')).toBeTruthy(); // total of the level

    // A member's id opens its (empty) level too: 'No Data', with the way back up.
    await user.click(within(dialog).getByRole('button', { name: /^player1: show its child accounts/ }));
    expect(await within(dialog).findByText('No Data')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Child accounts of player1' })).toBeTruthy();
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(crumbs(dialog)).toEqual(['sam1', 'am1', 'master1', 'player1']);

    // Back up through the breadcrumb, one level and then two.
    await user.click(within(breadcrumb(dialog)).getByRole('button', { name: 'master1' }));
    await within(dialog).findByText('player2');
    expect(crumbs(dialog)).toEqual(['sam1', 'am1', 'master1']);
    await user.click(within(breadcrumb(dialog)).getByRole('button', { name: 'am1' }));
    await within(dialog).findByText('master2');
    expect(crumbs(dialog)).toEqual(['sam1', 'am1']);
    expect(within(breadcrumb(dialog)).getByText('am1').getAttribute('aria-current')).toBe('page');

    // Levels seen before come from the cache.
    expect(callsTo(calls, 'balancechildren')).toEqual([{ agentId: 'am1' }, { agentId: 'master1' }, { agentId: 'player1' }]);
  });

  it("shows 'No Data' for an agent without children", async () => {
    const user = userEvent.setup({ delay: null });
    server();
    signInAs('superareamanager');
    renderApp('/superareamanager/reports/balancereport?agentId=master2&id=u-am1&subject=am1');
    await user.click(await screen.findByRole('button', { name: /^master2: show child accounts/ }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Child accounts of master2' });
    expect(await within(dialog).findByText('No Data')).toBeTruthy();
    expect(within(dialog).queryByRole('table')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
