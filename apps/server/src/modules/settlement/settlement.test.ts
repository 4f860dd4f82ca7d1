import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InNumbers, inNumbers } from '../../../test/in-numbers.js';
import { createTestDatabase, databaseError, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { type Db, queryRows } from '../../db/client.js';
import { loansReport } from '../loans/loans-report.js';
import { agentMail } from '../money/queries/mail-statement.js';
import { revenueRecovery } from '../money/queries/recovery.js';
import { weekMemberPoints } from '../money/queries/week-member-points.js';
import { type RevenueWeekCents, weeklyRevenue } from '../weeks/index.js';
import { closeFinishedWeeks } from './close-weeks.js';
import {
  buildNetwork,
  CLOSED_WEEKS,
  CURRENT_WEEK,
  FIRST_WEEK,
  type Network,
  NOW,
  TODAY,
  WEEKS,
} from './test-support/network-fixture.js';
import {
  commissioned,
  entries,
  type Kind,
  lineage,
  owedAfter,
  profitOver,
  referenceChain,
} from './test-support/network-reference.js';
import type { RefWeek } from './test-support/reference-settlement.js';

const KINDS: Kind[] = ['games', 'poker'];
const DAY_MS = 86_400_000;

/** Every row of the three closing tables, in a fixed order, as plain values. */
async function snapshot(db: Db) {
  return {
    settlements: await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT account_id, week_start::text, kind::text, profit_cents, carry_in_cents, commission::text, actual_revenue_cents,
                 deduction_percentage::text, revenue_deduction_cents, rev_after_loan_cents, carry_out_cents, closed_at::text
            FROM weekly_settlements ORDER BY account_id, kind, week_start`,
    ),
    deductions: await queryRows(
      db,
      sql`SELECT id, loan_id, week_start::text, amount_cents, created_at::text FROM loan_deductions ORDER BY id`,
    ),
    weeks: await queryRows(db, sql`SELECT week_start::text, kind::text, closed_at::text FROM settled_weeks ORDER BY 1, 2`),
  };
}

/** The revenue row the reference gives for a week. */
function expectedRow(
  net: Network,
  account: string,
  ref: RefWeek,
): Omit<InNumbers<RevenueWeekCents>, 'weekStart' | 'fromDate' | 'toDate' | 'open'> {
  return {
    profitCents: ref.profit,
    carryInCents: ref.carryIn,
    commissionPercentage: net.accounts.get(account)!.commissionBp / 100,
    actualRevenueCents: ref.revenue,
    deductionPercentage: ref.rateBp / 100,
    revenueDeductionCents: ref.deduction,
    revAfterLoanCents: ref.afterLoan,
    carryOutCents: ref.carryOut,
  };
}

/** Runs `statement` in a transaction that is then rolled back; fails when the statement does. */
async function expectAcceptedThenRolledBack(db: Db, statement: SQL): Promise<void> {
  const rollback = new Error('rolled back on purpose');
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(statement);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The two finished weeks before the first activity: nothing to settle there. */
const BEFORE_ACTIVITY = [plusDays(FIRST_WEEK, -14), plusDays(FIRST_WEEK, -7)];

/**
 * The revenue from two weeks before the first activity is the revenue from the first activity
 * preceded by two final (not open), all-zero weeks at the account's commission.
 */
async function expectEmptyWeeksBeforeActivity(
  db: Db,
  accountId: string,
  kind: Kind,
  fromActivity: InNumbers<RevenueWeekCents>[],
) {
  const report = inNumbers(
    await weeklyRevenue(db, { accountId, kind, from: plusDays(FIRST_WEEK, -10), to: TODAY, today: TODAY }),
  );
  const commission = fromActivity[0]!.commissionPercentage;
  const empty = (week: string): InNumbers<RevenueWeekCents> => ({
    weekStart: week,
    fromDate: week,
    toDate: plusDays(week, 6),
    open: false,
    profitCents: 0,
    carryInCents: 0,
    commissionPercentage: commission,
    actualRevenueCents: 0,
    deductionPercentage: 0,
    revenueDeductionCents: 0,
    revAfterLoanCents: 0,
    carryOutCents: 0,
  });
  expect(report.weeks).toEqual([...BEFORE_ACTIVITY.map(empty), ...fromActivity]);
}

describe.each(TEST_DB_KINDS)('weekly settlement on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let net: Network;
  /** account key -> kind -> reference chain over the six weeks. */
  const chains = new Map<Kind, Map<string, RefWeek[]>>();
  const liveBeforeClosing = new Map<string, InNumbers<RevenueWeekCents>[]>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    net = await buildNetwork(db);
    for (const k of KINDS) chains.set(k, new Map(commissioned(net).map((a) => [a.key, referenceChain(net, a.key, k)])));
  });
  afterAll(async () => database?.destroy());

  it('shows every week live and open before anything is closed, and no week after today', async () => {
    for (const account of commissioned(net)) {
      for (const k of KINDS) {
        const report = inNumbers(
          await weeklyRevenue(db, {
            accountId: account.id,
            kind: k,
            from: FIRST_WEEK,
            to: '2025-03-09',
            today: TODAY,
          }),
        );
        expect(report.weeks.map((w) => [w.fromDate, w.toDate, w.open])).toEqual(
          WEEKS.map((week) => [week, plusDays(week, 6), true]),
        );
        const chain = chains.get(k)!.get(account.key)!;
        report.weeks.forEach((week, i) => {
          expect(week, `${account.key} ${k} ${week.weekStart}`).toMatchObject(expectedRow(net, account.key, chain[i]!));
        });
        liveBeforeClosing.set(`${account.key} ${k}`, report.weeks);
        await expectEmptyWeeksBeforeActivity(db, account.id, k, report.weeks);
      }
    }
  });

  it('closes every finished week exactly once, oldest first, even with two runs at the same time', async () => {
    const [a, b] = await Promise.all([closeFinishedWeeks(db, { now: NOW }), closeFinishedWeeks(db, { now: NOW })]);
    const expected = CLOSED_WEEKS.flatMap((week) => [`${week} games`, `${week} poker`]);
    expect([...a.closed, ...b.closed].sort()).toEqual(expected);
    for (const run of [a, b]) expect(run.closed).toEqual([...run.closed].sort());

    const weeks = await queryRows<{ week_start: string; kind: string }>(
      db,
      sql`SELECT week_start::text, kind::text FROM settled_weeks ORDER BY 1, 2`,
    );
    expect(weeks.map((w) => `${w.week_start} ${w.kind}`)).toEqual(expected);

    // weekly_settlements: one row per commissioned account, closed week and kind, as the reference says.
    const rows = await queryRows<Record<string, string | number>>(
      db,
      sql`SELECT account_id, week_start::text AS week_start, kind::text AS kind, profit_cents, carry_in_cents, commission::text AS commission,
                 actual_revenue_cents, deduction_percentage::text AS deduction_percentage, revenue_deduction_cents,
                 rev_after_loan_cents, carry_out_cents
            FROM weekly_settlements`,
    );
    const actual = new Map(rows.map((r) => [`${net.byId.get(String(r.account_id))!.key} ${r.kind} ${r.week_start}`, r]));
    expect(actual.size).toBe(commissioned(net).length * CLOSED_WEEKS.length * KINDS.length);
    for (const account of commissioned(net)) {
      for (const k of KINDS) {
        CLOSED_WEEKS.forEach((week, i) => {
          const ref = chains.get(k)!.get(account.key)![i]!;
          const row = actual.get(`${account.key} ${k} ${week}`);
          expect(row, `${account.key} ${k} ${week}`).toBeDefined();
          expect({
            profit: Number(row!.profit_cents),
            carryIn: Number(row!.carry_in_cents),
            commission: Number(row!.commission),
            revenue: Number(row!.actual_revenue_cents),
            rate: Number(row!.deduction_percentage),
            deduction: Number(row!.revenue_deduction_cents),
            afterLoan: Number(row!.rev_after_loan_cents),
            carryOut: Number(row!.carry_out_cents),
          }).toEqual({
            profit: ref.profit,
            carryIn: ref.carryIn,
            commission: account.commissionBp / 100,
            revenue: ref.revenue,
            rate: ref.rateBp / 100,
            deduction: ref.deduction,
            afterLoan: ref.afterLoan,
            carryOut: ref.carryOut,
          });
        });
      }
    }

    // loan_deductions: exactly the reference's per-loan amounts of the closed weeks.
    const deductions = await queryRows<{ loan_id: string; week_start: string; amount_cents: number }>(
      db,
      sql`SELECT loan_id, week_start::text AS week_start, amount_cents FROM loan_deductions`,
    );
    const expectedDeductions = new Map<string, number>();
    for (const [agent, chain] of chains.get('games')!) {
      CLOSED_WEEKS.forEach((week, i) => {
        for (const [loanId, amount] of chain[i]!.taken) expectedDeductions.set(`${loanId} ${week}`, amount);
      });
      void agent;
    }
    expect(new Map(deductions.map((d) => [`${d.loan_id} ${d.week_start}`, Number(d.amount_cents)]))).toEqual(expectedDeductions);

    // The fixture really exercises what it is meant to: carried losses, a loan repaid mid-week
    // with the rest taken from the next loan, a loan issued at a week's first instant.
    const games = chains.get('games')!;
    expect(CLOSED_WEEKS.some((_, i) => games.get('master2')![i]!.carryIn < 0)).toBe(true);
    expect(CLOSED_WEEKS.some((_, i) => games.get('master3')![i]!.carryOut < 0)).toBe(true);
    const loan = (key: string) => net.loans.find((l) => l.key === key)!;
    expect(CLOSED_WEEKS.some((_, i) => games.get('master2')![i]!.taken.size === 2)).toBe(true);
    expect(owedAfter(net, games, CLOSED_WEEKS.length).get(loan('loan1').id)).toBe(0);
    expect(games.get('master3')![2]!.rateBp).toBe(0);
    expect(games.get('master3')![3]!.rateBp).toBe(6000);
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(db);
    expect(await closeFinishedWeeks(db, { now: NOW })).toEqual({ closed: [] });
    expect(await closeFinishedWeeks(db, { now: new Date(NOW.getTime() + 4 * DAY_MS) })).toEqual({ closed: [] });
    expect(await snapshot(db)).toEqual(before);
  });

  it('refuses any change to a closed week in the database, rows added to it included', async () => {
    const before = await snapshot(db);
    const closedWeek = CLOSED_WEEKS[4]!;
    // Rows no other constraint refuses: a player has no settlement row, loan5 no deduction yet.
    const settlementFor = (week: string) =>
      sql`INSERT INTO weekly_settlements (account_id, week_start, kind, profit_cents, carry_in_cents, commission,
            actual_revenue_cents, deduction_percentage, revenue_deduction_cents, rev_after_loan_cents, carry_out_cents)
          VALUES (${net.accounts.get('player1')!.id}, ${week}, 'poker', 0, 0, 0, 0, 0, 0, 0, 0)`;
    const loan5 = net.loans.find((l) => l.key === 'loan5')!.id;
    const deductionFor = (week: string) =>
      sql`INSERT INTO loan_deductions (loan_id, week_start, amount_cents) VALUES (${loan5}, ${week}, 100)`;
    const attempts = [
      sql`UPDATE weekly_settlements SET profit_cents = profit_cents + 1`,
      sql`DELETE FROM weekly_settlements WHERE week_start = ${CLOSED_WEEKS[0]!}`,
      sql`TRUNCATE weekly_settlements`,
      settlementFor(closedWeek),
      sql`UPDATE loan_deductions SET amount_cents = 1`,
      sql`DELETE FROM loan_deductions`,
      sql`TRUNCATE loan_deductions`,
      sql`TRUNCATE loans CASCADE`,
      deductionFor(closedWeek),
      sql`DELETE FROM settled_weeks WHERE week_start = ${closedWeek}`,
      sql`UPDATE settled_weeks SET closed_at = now()`,
      sql`TRUNCATE settled_weeks`,
    ];
    for (const [i, attempt] of attempts.entries()) {
      expect(await databaseError(db.execute(attempt)), `attempt ${i}`).toMatch(/closed week|it is closed/);
    }
    expect(await snapshot(db)).toEqual(before);
    // The same rows for the open week are accepted (then rolled back): the refusal is about the week.
    await expectAcceptedThenRolledBack(db, settlementFor(CURRENT_WEEK));
    await expectAcceptedThenRolledBack(db, deductionFor(CURRENT_WEEK));
    expect(await snapshot(db)).toEqual(before);
  });

  it('reports closed weeks as closed, the current week live and open, with totals that add up', async () => {
    for (const account of commissioned(net)) {
      for (const k of KINDS) {
        const report = inNumbers(
          await weeklyRevenue(db, { accountId: account.id, kind: k, from: FIRST_WEEK, to: TODAY, today: TODAY }),
        );
        expect(report.weeks.map((w) => w.open)).toEqual(WEEKS.map((w) => w === CURRENT_WEEK));
        // Closing wrote exactly what was shown live before.
        const live = liveBeforeClosing.get(`${account.key} ${k}`)!;
        expect(report.weeks.map(({ open: _, ...w }) => w)).toEqual(live.map(({ open: _, ...w }) => w));

        const sum = (pick: (w: InNumbers<RevenueWeekCents>) => number) => report.weeks.reduce((s, w) => s + pick(w), 0);
        const owed = net.loans.filter((l) => l.agent === account.key);
        const owedNow = owedAfter(net, chains.get('games')!, CLOSED_WEEKS.length);
        expect(report.totals).toEqual({
          totalProfitCents: sum((w) => w.profitCents),
          totalCommissionCents: sum((w) => w.actualRevenueCents),
          comsCents: sum((w) => w.revAfterLoanCents),
          totalRevenuePercentage: account.commissionBp / 100,
          finalCarryForwardCents: report.weeks.at(-1)!.carryOutCents,
          totalRemainingLoanCents: owed.reduce((s, l) => s + owedNow.get(l.id)!, 0),
        });
        expect(report.totals.totalProfitCents).toBe(profitOver(net, account.key, FIRST_WEEK, plusDays(CURRENT_WEEK, 6), k));
        await expectEmptyWeeksBeforeActivity(db, account.id, k, report.weeks);
      }
    }

    // A range inside the closed weeks: only the weeks it touches.
    const part = inNumbers(
      await weeklyRevenue(db, {
        accountId: net.accounts.get('master2')!.id,
        kind: 'games',
        from: '2025-01-15',
        to: '2025-01-28',
        today: TODAY,
      }),
    );
    expect(part.weeks.map((w) => w.weekStart)).toEqual(['2025-01-13', '2025-01-20', '2025-01-27']);
    expect(part.totals.finalCarryForwardCents).toBe(chains.get('games')!.get('master2')![3]!.carryOut);
    // A range entirely after today has no weeks.
    const future = inNumbers(
      await weeklyRevenue(db, {
        accountId: net.accounts.get('master2')!.id,
        kind: 'games',
        from: '2025-03-01',
        to: '2025-03-20',
        today: TODAY,
      }),
    );
    expect(future.weeks).toEqual([]);
  });

  it('adds up: an account’s week profit is the sum of its direct children’s', async () => {
    const rows = await queryRows<{ account_id: string; week_start: string; kind: Kind; profit_cents: number }>(
      db,
      sql`SELECT account_id, week_start::text AS week_start, kind::text AS kind, profit_cents FROM weekly_settlements`,
    );
    const profit = new Map(
      rows.map((r) => [`${net.byId.get(r.account_id)!.key} ${r.kind} ${r.week_start}`, Number(r.profit_cents)]),
    );
    for (const account of commissioned(net)) {
      const children = [...net.accounts.values()].filter((a) => a.parent === account.key);
      for (const k of KINDS) {
        for (const week of CLOSED_WEEKS) {
          const own = profit.get(`${account.key} ${k} ${week}`)!;
          if (account.role !== 'master') {
            expect(
              children.reduce((s, c) => s + profit.get(`${c.key} ${k} ${week}`)!, 0),
              `${account.key} ${k} ${week}`,
            ).toBe(own);
          }
          const members = inNumbers(await weekMemberPoints(db, { accountId: account.id, weekStart: week, kind: k }));
          expect(members.reduce((s, m) => s + m.profitCents, 0)).toBe(own);
          for (const m of members) {
            expect(m.profitCents).toBe(profitOver(net, m.username, week, plusDays(week, 6), k));
            const plays = entries(net, k).filter(
              (e) => e.day >= week && e.day <= plusDays(week, 6) && lineage(net, e.member).includes(m.username),
            );
            expect(plays.length).toBeGreaterThan(0);
            expect(m.playPointsCents).toBe(plays.reduce((s, e) => s + e.play, 0));
          }
          const withPlays = children.filter((c) =>
            entries(net, k).some((e) => e.day >= week && e.day <= plusDays(week, 6) && lineage(net, e.member).includes(c.key)),
          );
          expect(members.map((m) => m.username)).toEqual(withPlays.map((c) => c.key).sort());
        }
      }
    }
  });

  it('builds mail statements of a week whose totals are the sum of their rows and the account’s profit', async () => {
    for (const [w, from] of WEEKS.slice(0, 3).entries()) {
      const to = plusDays(from, 6);
      for (const key of ['master1', 'master2', 'master3', 'am1', 'sam1', 'sa']) {
        const account = net.accounts.get(key)!;
        const statement = inNumbers(await agentMail(db, { accountId: account.id, weekStart: from, today: TODAY }));
        expect([statement.weekStart, statement.weekEnd]).toEqual([from, to]);
        const games = entries(net, 'games').filter((e) => e.day >= from && e.day <= to);
        const children = [...net.accounts.values()]
          .filter((a) => a.parent === key && games.some((e) => lineage(net, e.member).includes(a.key)))
          .sort((x, y) => x.key.localeCompare(y.key));
        expect(statement.data).toEqual(
          children.map((c) => {
            const below = games.filter((e) => lineage(net, e.member).includes(c.key));
            return {
              accountId: c.id,
              username: c.key,
              role: c.role,
              firstName: c.first,
              lastName: c.last,
              playCents: below.reduce((s, e) => s + e.play, 0),
              registrationDate: c.createdDay,
              profitCents: below.reduce((s, e) => s + e.profit, 0),
            };
          }),
        );
        const total = statement.data.reduce((s, r) => s + r.profitCents, 0);
        expect(statement.totals).toEqual({ totalProfitCents: total, usercommission: account.commissionBp / 100 });
        expect(total).toBe(profitOver(net, key, from, to));
        // A member played at another agent's cafe: the cafe's master is not the member's parent.
        const elsewhere = games.filter((e) => net.cafes.get(e.cafe)!.master !== net.accounts.get(e.member)!.parent);
        expect(statement.userFound.map((u) => u.username)).toEqual(
          children.filter((c) => elsewhere.some((e) => lineage(net, e.member).includes(c.key))).map((c) => c.key),
        );
        for (const found of statement.userFound) {
          const mine = elsewhere.filter((e) => lineage(net, e.member).includes(found.username));
          expect(found.otherCafesPlayCents).toBe(mine.reduce((s, e) => s + e.play, 0));
          expect(found.otherCafesProfitCents).toBe(mine.reduce((s, e) => s + e.profit, 0));
        }
        // The week's statement: the settlement of the week, line by line.
        const ref = chains.get('games')!.get(key)![w]!;
        const loans = net.loans.filter(
          (l) => l.agent === key && l.issuedAtMs < Date.parse(`${plusDays(from, 7)}T00:00:00+05:30`),
        );
        const deductedBefore = chains
          .get('games')!
          .get(key)!
          .slice(0, w)
          .reduce((s, r) => s + r.deduction, 0);
        const previous = loans.reduce((s, l) => s + l.totalCents, 0) - deductedBefore;
        const gift = total > 0 ? Math.round((total * account.commissionBp) / 10_000) : 0;
        expect(statement.statement, `${key} ${from}`).toEqual({
          weekStart: from,
          weekEnd: to,
          open: false,
          commissionPercentage: account.commissionBp / 100,
          revenuePercentage: total < 0 ? 0 : account.commissionBp / 100,
          profitCents: ref.profit,
          lateProfitCents: 0,
          giftCents: gift,
          carryInCents: ref.carryIn,
          carryEffectCents: ref.revenue - gift,
          actualRevenueCents: ref.revenue,
          loan: {
            hasLoan: loans.length > 0,
            deductionPercentage: ref.rateBp / 100,
            previousLoanCents: previous,
            deductedCents: ref.deduction,
            loanRemainingCents: previous - ref.deduction,
          },
          paidCents: ref.afterLoan,
          carryOutCents: ref.carryOut,
        });
      }
    }
    expect(
      inNumbers(await agentMail(db, { accountId: net.accounts.get('master1')!.id, weekStart: WEEKS[1]!, today: TODAY })).userFound
        .length,
    ).toBeGreaterThan(0);
    // The fixture shows the loan lines and the carried loss at work.
    const master2 = chains.get('games')!.get('master2')!.slice(0, 3);
    expect(master2.some((w) => w.deduction > 0)).toBe(true);
    expect(
      CLOSED_WEEKS.some(
        (_, i) => chains.get('games')!.get('master2')![i]!.carryIn < 0 && chains.get('games')!.get('master2')![i]!.revenue > 0,
      ),
    ).toBe(true);
  });

  it('lists the loans of the masters in scope and what each master owes back', async () => {
    const games = chains.get('games')!;
    const owed = owedAfter(net, games, CLOSED_WEEKS.length);
    const expectedRow = (key: string) => {
      const loans = net.loans.filter((l) => l.agent === key);
      const lastWeek = CLOSED_WEEKS.filter((_, i) => games.get(key)![i]!.deduction > 0).at(-1);
      const firstIssue = new Date(Math.min(...loans.map((l) => l.issuedAtMs)) + 330 * 60_000).toISOString().slice(0, 10);
      const since = lastWeek ? plusDays(lastWeek, 6) : firstIssue;
      return {
        agentId: net.accounts.get(key)!.id,
        username: key,
        totalLoanCents: loans.reduce((s, l) => s + l.principal + l.fee, 0),
        processingLoanCents: loans.reduce((s, l) => s + l.fee, 0),
        outstandingCents: loans.reduce((s, l) => s + owed.get(l.id)!, 0),
        daysFromLastDeduction: Math.round((Date.parse(TODAY) - Date.parse(since)) / DAY_MS),
        lastDeductionDay: lastWeek ? plusDays(lastWeek, 6) : null,
      };
    };
    const am1 = net.accounts.get('am1')!.id;
    expect(inNumbers(await loansReport(db, { managerId: am1, multipleCafesOnly: false, today: TODAY }))).toEqual(
      ['master1', 'master2', 'master3'].map(expectedRow),
    );
    expect(inNumbers(await loansReport(db, { managerId: am1, multipleCafesOnly: true, today: TODAY }))).toEqual([
      expectedRow('master1'),
    ]);
    expect(
      inNumbers(await loansReport(db, { managerId: net.accounts.get('sa')!.id, multipleCafesOnly: false, today: TODAY })),
    ).toEqual(['master1', 'master2', 'master3', 'master4'].map(expectedRow));
    expect(
      inNumbers(await loansReport(db, { managerId: net.accounts.get('am2')!.id, multipleCafesOnly: true, today: TODAY })),
    ).toEqual([]);

    for (const key of ['master1', 'master2', 'master3', 'master4']) {
      const lastClosed = games.get(key)![CLOSED_WEEKS.length - 1]!;
      const outstanding = net.loans.filter((l) => l.agent === key).reduce((s, l) => s + owed.get(l.id)!, 0);
      expect(inNumbers(await revenueRecovery(db, { masterId: net.accounts.get(key)!.id }))).toEqual({
        masterId: net.accounts.get(key)!.id,
        masterUsername: key,
        outstandingLoanCents: outstanding,
        carryForwardCents: lastClosed.carryOut,
        recoveryAmountCents: outstanding - lastClosed.carryOut,
        asOfWeek: CLOSED_WEEKS.at(-1),
      });
    }
    await expect(revenueRecovery(db, { masterId: net.accounts.get('am1')!.id })).rejects.toMatchObject({ statusCode: 400 });
    await expect(revenueRecovery(db, { masterId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('closes the next week once it has finished, leaving the closed ones as they were', async () => {
    const before = await snapshot(db);
    const nextNow = new Date(NOW.getTime() + 7 * DAY_MS);
    expect(await closeFinishedWeeks(db, { now: nextNow })).toEqual({
      closed: [`${CURRENT_WEEK} games`, `${CURRENT_WEEK} poker`],
    });
    const after = await snapshot(db);
    expect(after.settlements.filter((r) => r.week_start !== CURRENT_WEEK)).toEqual(before.settlements);
    expect(after.deductions.slice(0, before.deductions.length)).toEqual(before.deductions);
    for (const account of commissioned(net)) {
      for (const k of KINDS) {
        const report = inNumbers(
          await weeklyRevenue(db, {
            accountId: account.id,
            kind: k,
            from: CURRENT_WEEK,
            to: CURRENT_WEEK,
            today: '2025-02-19',
          }),
        );
        expect(report.weeks).toHaveLength(1);
        expect(report.weeks[0]!.open).toBe(false);
        expect(report.weeks[0]).toMatchObject(expectedRow(net, account.key, chains.get(k)!.get(account.key)![5]!));
      }
    }
  });
});
