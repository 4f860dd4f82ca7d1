import { ACCOUNT_COLUMNS, type AccountRow, TWO_STEP_LABELS, TWO_STEP_MESSAGES } from '@playrep/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';

function account(username: string, twoStep: boolean): AccountRow {
  return {
    _id: `u-${username}`,
    username,
    name: `Name of ${username}`,
    role: 'master',
    parent: 'am1',
    state: 'active',
    stateLabel: 'Active',
    linkExpiresAt: null,
    twoStep,
    twoStepLabel: twoStep ? TWO_STEP_LABELS.on : TWO_STEP_LABELS.off,
    lastSignInAt: null,
  };
}

/** A server holding the two-step of each account by username; clearing it answers as the server does. */
function accountsServer(twoStep: Record<string, boolean>, clear?: () => Response) {
  return reportServer({
    accounts: () => {
      const data = Object.entries(twoStep).map(([username, on]) => account(username, on));
      return { data, total: data.length, page: 1, pageSize: 20 };
    },
    twostepclear: (query) => {
      if (clear) return clear();
      const username = query.accountId!.replace(/^u-/, '');
      twoStep[username] = false;
      return { message: TWO_STEP_MESSAGES.cleared(username) };
    },
  });
}

describe('Accounts', () => {
  it('shows the Two-step column (On / Off) and sorts by it on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = accountsServer({ master1: true, master2: false });
    signInAs('areamanager');
    renderApp('/areamanager/admin/accounts');
    const table = await screen.findByRole('table', { name: 'Accounts' }, PAGE_LOAD);
    await within(table).findByText('master1');
    expect(columnHeaders(table)).toEqual([...ACCOUNT_COLUMNS.map((c) => c.header), 'Actions']);
    const twoStepColumn = columnHeaders(table).indexOf('Two-step');
    const [, first, second] = within(table).getAllByRole('row');
    expect([cellTexts(first!)[0], cellTexts(first!)[twoStepColumn]]).toEqual(['master1', 'On']);
    expect([cellTexts(second!)[0], cellTexts(second!)[twoStepColumn]]).toEqual(['master2', 'Off']);
    // Only an account whose two-step is on can have it cleared.
    expect(within(first!).getByRole('button', { name: 'Clear two-step of master1' })).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: /Clear two-step/ })).toBeNull();

    await user.click(within(table).getByRole('button', { name: /Two-step/ }));
    await waitFor(() => expect(callsTo(calls, 'accounts').at(-1)).toMatchObject({ sort: 'twoStep', order: 'asc' }));
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toContain('sort=twoStep');
  });

  it('clears two-step only once confirmed, then reloads the list and says what happened', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = accountsServer({ master1: true, master2: false });
    signInAs('areamanager');
    renderApp('/areamanager/admin/accounts');
    const table = await screen.findByRole('table', { name: 'Accounts' }, PAGE_LOAD);
    await user.click(await within(table).findByRole('button', { name: 'Clear two-step of master1' }));

    // Cancel leaves it on: nothing is sent.
    let dialog = await screen.findByRole('dialog', { name: 'Clear two-step' });
    expect(dialog.textContent).toContain('Clear the two-step sign-in of master1?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'twostepclear')).toEqual([]);

    const listsBefore = callsTo(calls, 'accounts').length;
    await user.click(within(table).getByRole('button', { name: 'Clear two-step of master1' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear two-step' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear two-step' }));
    expect((await screen.findByRole('status')).textContent).toBe(TWO_STEP_MESSAGES.cleared('master1'));
    expect(callsTo(calls, 'twostepclear')).toEqual([{ accountId: 'u-master1' }]);
    await waitFor(() => expect(callsTo(calls, 'accounts').length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(within(table).queryByRole('button', { name: /Clear two-step/ })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'You may not do this.';
    accountsServer({ master1: true }, () => jsonResponse(403, { message: refusal }));
    signInAs('areamanager');
    renderApp('/areamanager/admin/accounts');
    const table = await screen.findByRole('table', { name: 'Accounts' }, PAGE_LOAD);
    await user.click(await within(table).findByRole('button', { name: 'Clear two-step of master1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear two-step' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
  });
});
