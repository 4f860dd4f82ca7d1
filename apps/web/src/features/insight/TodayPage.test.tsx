import type { TodayFigures, TodayResponse } from '@playrep/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';

const DAY = '2025-03-12';
const FIGURES: TodayFigures = { profit: 1200, stake: 5000, plays: 40, activeMembers: 6 };

const ANSWER: TodayResponse = {
  account: { _id: 'u-master1', username: 'master1' },
  today: DAY,
  lastWeekDay: '2025-03-05',
  asOf: `${DAY}T09:30:00Z`,
  figures: { today: FIGURES, lastWeek: FIGURES },
  threshold: 10_000,
  bigWins: [
    {
      playedAt: `${DAY}T08:00:00Z`,
      memberId: 'u-player1',
      member: 'player1',
      cafe: 'Cafe One',
      cafeMaster: 'master1',
      game: 'Fun Target',
      gameCode: 'MNOQqWWi',
      drawAt: `${DAY}T08:05:00Z`,
      stake: 500,
      win: 45_000,
    },
  ],
  losingCafes: [],
  waitingTransfers: [],
  openLoans: [],
  openLoanTotals: { count: 0, totalLoan: 0, outstanding: 0 },
  idleMasters: [],
  idleMasterCount: 0,
};

describe('Today', () => {
  it('links a big win to what explains it, its member’s page and its game’s draws of the day, not to Point Transfer', async () => {
    reportServer({ today: () => ANSWER });
    signInAs('master');
    renderApp('/master/today');
    const wins = await screen.findByRole('region', { name: 'Big wins today' }, PAGE_LOAD);
    await within(wins).findByText('Cafe One');
    const links = within(wins)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['player1', '/master/reports/member?username=player1'],
      ['Fun Target', `/master/drawdetails/funtarget/MNOQqWWi?fromDate=${DAY}&toDate=${DAY}`],
    ]);
  });

  it('says how many open loans and idle masters there are when it lists only the first of them', async () => {
    reportServer({
      today: () => ({
        ...ANSWER,
        openLoans: [{ agentId: 'u-master2', username: 'master2', totalLoan: 5000, outstanding: 2500 }],
        openLoanTotals: { count: 1234, totalLoan: 4_00_000, outstanding: 1_23_456.5 },
        idleMasters: [{ _id: 'u-master3', username: 'master3', name: 'Ravi Kumar', address: 'Pune' }],
        idleMasterCount: 2,
      }),
    });
    signInAs('superadmin');
    renderApp('/superadmin/today');
    const loans = await screen.findByRole('region', { name: 'Open loans' }, PAGE_LOAD);
    expect(
      await within(loans).findByText('1,234 masters owe 1,23,456.50 points in all; the 1 that owe most are listed.'),
    ).toBeTruthy();
    const idle = screen.getByRole('region', { name: 'Masters with no play today' });
    expect(within(idle).getByText('2 masters have no play today; the first 1 by username are listed.')).toBeTruthy();
  });

  it('says nothing more when the lists hold every row', async () => {
    reportServer({
      today: () => ({
        ...ANSWER,
        idleMasters: [{ _id: 'u-master3', username: 'master3', name: 'Ravi Kumar', address: 'Pune' }],
        idleMasterCount: 1,
      }),
    });
    signInAs('master');
    renderApp('/master/today');
    const idle = await screen.findByRole('region', { name: 'Masters with no play today' }, PAGE_LOAD);
    await within(idle).findByText('master3');
    expect(within(idle).queryByText(/no play today;/)).toBeNull();
  });

  it('shows the server’s refusal of the threshold, which names the field as its label reads', async () => {
    const user = userEvent.setup({ delay: null });
    reportServer({
      today: () => ANSWER,
      todaythreshold: () => jsonResponse(400, { message: 'Big wins from (points) must be more than 0' }),
    });
    signInAs('master');
    renderApp('/master/today');
    const field = await screen.findByLabelText('Big wins from (points)', {}, PAGE_LOAD);
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Big wins from (points) must be more than 0');
  });
});
