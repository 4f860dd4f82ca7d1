import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { callsTo, PAGE_LOAD, reportServer } from '../../test/report-server';

const OWN_LOANS = {
  data: [
    {
      _id: 'u-m1',
      username: 'master1',
      totalLoan: 5000,
      processingLoan: 2500,
      outstanding: 2500,
      daysFromLastDeduction: 3,
      lastDeductionDate: null,
    },
  ],
};

describe('a shared link whose subject the user may not see', () => {
  it("says so in a notice above the report it shows instead: the user's own", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The server refuses the link's account (outside the user's subtree) and answers for the user.
    const calls = reportServer({
      computerloan: (q) => (q.id ? jsonResponse(403, { message: 'Not allowed' }) : OWN_LOANS),
    });
    signInAs('areamanager');
    const app = renderApp('/areamanager/reports/computerloan?id=u-elsewhere&subject=master9');
    const notice = await screen.findByText(
      'master9 is not an account you may see: this is your own report instead.',
      {},
      PAGE_LOAD,
    );
    expect(notice).toBeTruthy();
    expect(await screen.findByText('master1', {}, PAGE_LOAD)).toBeTruthy();
    // The notice stands above the report, and no failure is shown.
    const table = screen.getByRole('table');
    expect(notice.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('Not allowed')).toBeNull();
    // The first page of the list (paged on the server), asked of the link's account, then of the user's.
    await waitFor(() => expect(callsTo(calls, 'computerloan')[0]).toEqual({ id: 'u-elsewhere', page: '1', pageSize: '3' }));
    expect(callsTo(calls, 'computerloan').slice(1)).not.toContainEqual(expect.objectContaining({ id: 'u-elsewhere' }));
    expect(callsTo(calls, 'computerloan').at(-1)).toEqual({ page: '1', pageSize: '3' });
    expect(app.router.state.location.search).toBe('');
  });

  it('a refusal without a subject in the link (the call itself) is still shown as a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    reportServer({ computerloan: () => jsonResponse(403, { message: 'Not allowed' }) });
    signInAs('areamanager');
    renderApp('/areamanager/reports/computerloan');
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe('Not allowed');
    expect(screen.queryByText(/is not an account you may see/)).toBeNull();
  });
});
