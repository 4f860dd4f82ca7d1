import type { ActivityRow, MyAccountResponse } from '@playrep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD } from '../../test/report-server';
import { cellTexts, columnHeaders } from '../../test/table-text';

const entry = (id: number, fields: Partial<ActivityRow>): ActivityRow => ({
  _id: String(id),
  at: `2026-11-20T0${id}:15:00.000Z`,
  kind: 'sign-in',
  kindLabel: 'Signed in',
  actor: 'master1',
  subject: 'master1',
  address: '203.0.113.9',
  device: 'Chrome 131 on Android',
  details: '',
  ...fields,
});

function account(fields: Partial<MyAccountResponse> = {}): MyAccountResponse {
  return {
    username: 'master1',
    firstName: 'Mira',
    lastName: 'Shah',
    role: 'master',
    parent: 'am1',
    hasPassword: true,
    lastSignIn: { at: '2026-11-20T05:30:00.000Z', address: '198.51.100.4', device: 'Firefox 133 on Windows' },
    failedSince: 2,
    wrongCodesSince: 3,
    recentActivity: [
      entry(3, { address: '203.0.113.20', device: 'curl/8.5.0' }),
      entry(2, { kind: 'sign-in-failed', kindLabel: 'Sign-in failed', actor: '', details: 'wrong password' }),
      entry(1, { kind: 'two-step-cleared', kindLabel: 'Two-step cleared', subject: 'player1', device: '' }),
    ],
    ...fields,
  };
}

/** The account page's server: its facts; the sections of other features answer 404 (not what this test is about). */
function accountServer(answer: MyAccountResponse) {
  return stubFetch((call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (path === '/api/auth/session') return jsonResponse(200, { ok: true });
    if (path === '/api/auth/account') return jsonResponse(200, answer);
    return jsonResponse(404, { message: 'Not found' });
  });
}

describe('Account page', () => {
  it('shows the last sign-in with its device, and the account’s recent activity with a link to Activity', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = account();
    accountServer(answer);
    signInAs('master');
    const app = renderApp('/master/account');
    await screen.findByRole('heading', { level: 1, name: 'My Account' }, PAGE_LOAD);
    const last = answer.lastSignIn!;
    expect(
      await screen.findByText(
        `Last sign-in before this one: ${formatDateTime(last.at)} from ${last.address} on ${last.device}.`,
        { exact: false },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Wrong passwords typed since: 2.', { exact: false })).toBeTruthy();
    expect(screen.getByText('Wrong two-step codes typed since: 3.', { exact: false })).toBeTruthy();

    const section = screen.getByRole('region', { name: 'Recent activity' });
    const table = within(section).getByRole('table', { name: 'Recent activity' });
    expect(columnHeaders(table)).toEqual(['Time', 'What', 'Address', 'Device']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellTexts(row))).toEqual([
      [formatDateTime(answer.recentActivity[0]!.at), 'Signed in', '203.0.113.20', 'curl/8.5.0'],
      [formatDateTime(answer.recentActivity[1]!.at), 'Sign-in failed: wrong password', '203.0.113.9', 'Chrome 131 on Android'],
      // An entry about another account names it.
      [formatDateTime(answer.recentActivity[2]!.at), 'Two-step cleared: player1', '203.0.113.9', ''],
    ]);
    await user.click(within(section).getByRole('link', { name: 'All activity' }));
    expect(app.pathname()).toBe('/master/admin/activity');
  });

  it('says when there is no earlier sign-in, no device, or no activity yet', async () => {
    accountServer(
      account({
        lastSignIn: { at: '2026-11-20T05:30:00.000Z', address: '198.51.100.4', device: null },
        recentActivity: [],
      }),
    );
    signInAs('master');
    renderApp('/master/account');
    expect(
      await screen.findByText(
        `Last sign-in before this one: ${formatDateTime('2026-11-20T05:30:00.000Z')} from 198.51.100.4.`,
        {
          exact: false,
        },
        PAGE_LOAD,
      ),
    ).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Recent activity' });
    expect(within(section).getByText('No activity recorded for this account yet.')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });
});
