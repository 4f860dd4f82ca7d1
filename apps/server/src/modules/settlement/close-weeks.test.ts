import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inNumbers } from '../../../test/in-numbers.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { type Db, queryRows } from '../../db/client.js';
import { weeklyRevenue } from '../weeks/index.js';
import { closeFinishedWeeks } from './close-weeks.js';
import { buildNetwork, CLOSED_WEEKS, CURRENT_WEEK, type Network, NOW, TODAY } from './test-support/network-fixture.js';
import { commissioned, type Kind, referenceChain } from './test-support/network-reference.js';

const KINDS: Kind[] = ['games', 'poker'];
const FAILING_WEEK = CLOSED_WEEKS[2]!;

const closedMarks = async (db: Db) =>
  (
    await queryRows<{ mark: string }>(db, sql`SELECT week_start::text || ' ' || kind::text AS mark FROM settled_weeks ORDER BY 1`)
  ).map((row) => row.mark);

/** Every week's settlement rows, keyed 'account kind week', as the reference names its figures. */
async function settlementRows(db: Db, net: Network) {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT account_id, kind::text AS kind, week_start::text AS week_start, profit_cents, carry_in_cents,
               actual_revenue_cents, revenue_deduction_cents, rev_after_loan_cents, carry_out_cents
          FROM weekly_settlements`,
  );
  return new Map(
    rows.map((r) => [
      `${net.byId.get(String(r.account_id))!.key} ${r.kind} ${r.week_start}`,
      {
        profit: Number(r.profit_cents),
        carryIn: Number(r.carry_in_cents),
        revenue: Number(r.actual_revenue_cents),
        deduction: Number(r.revenue_deduction_cents),
        afterLoan: Number(r.rev_after_loan_cents),
        carryOut: Number(r.carry_out_cents),
      },
    ]),
  );
}

describe.each(TEST_DB_KINDS)('closing a week on %s', (dbKind) => {
  let database: TestDatabase;
  let db: Db;
  let net: Network;

  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    db = database.db;
    net = await buildNetwork(db);
  });
  afterAll(async () => database?.destroy());

  it('closes both settlements of a week in one transaction: a poker failure leaves its games part open too', async () => {
    // A real failure in the database, in the poker part of one week only (the games part of
    // that week is written first, in the same transaction).
    await db.execute(sql`CREATE FUNCTION test_fail_poker() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'poker settlement failed (test)'; END $$`);
    await db.execute(sql`CREATE TRIGGER test_fail_poker BEFORE INSERT ON weekly_settlements FOR EACH ROW
      WHEN (NEW.kind = 'poker' AND NEW.week_start = ${sql.raw(`'${FAILING_WEEK}'`)}) EXECUTE FUNCTION test_fail_poker()`);

    const failure: Error = await closeFinishedWeeks(db, { now: NOW }).then(
      () => new Error('closing did not fail'),
      (error: Error) => error,
    );
    expect((failure.cause as Error | undefined)?.message ?? failure.message).toBe('poker settlement failed (test)');
    const before = CLOSED_WEEKS.slice(0, 2);
    expect(await closedMarks(db)).toEqual(before.flatMap((week) => KINDS.map((k) => `${week} ${k}`)));
    const [left] = await queryRows<{ settlements: number; deductions: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM weekly_settlements WHERE week_start >= ${FAILING_WEEK})::int AS settlements,
                 (SELECT count(*) FROM loan_deductions WHERE week_start >= ${FAILING_WEEK})::int AS deductions`,
    );
    expect(left).toEqual({ settlements: 0, deductions: 0 });
    const master2 = net.accounts.get('master2')!.id;
    const games = inNumbers(
      await weeklyRevenue(db, { accountId: master2, kind: 'games', from: before[0]!, to: TODAY, today: TODAY }),
    );
    expect(games.weeks.map((w) => [w.weekStart, w.open])).toEqual(
      [...CLOSED_WEEKS, CURRENT_WEEK].map((week) => [week, !before.includes(week)]),
    );

    // Once the cause is gone, the next run closes the rest, the failed week whole.
    await db.execute(sql`DROP TRIGGER test_fail_poker ON weekly_settlements`);
    expect(await closeFinishedWeeks(db, { now: NOW })).toEqual({
      closed: CLOSED_WEEKS.slice(2).flatMap((week) => KINDS.map((k) => `${week} ${k}`)),
    });
    const rows = await settlementRows(db, net);
    expect(rows.size).toBe(commissioned(net).length * CLOSED_WEEKS.length * KINDS.length);
    for (const account of commissioned(net)) {
      for (const k of KINDS) {
        const chain = referenceChain(net, account.key, k);
        CLOSED_WEEKS.forEach((week, i) => {
          const { taken: _, rateBp: __, ...ref } = chain[i]!;
          expect(rows.get(`${account.key} ${k} ${week}`), `${account.key} ${k} ${week}`).toEqual(ref);
        });
      }
    }
  });
});

describe.each(TEST_DB_KINDS)('a database without activity on %s', (dbKind) => {
  let database: TestDatabase;
  let db: Db;
  let masterId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    db = database.db;
    const [top] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO accounts (username, role, commission) VALUES ('sa', 'superadmin', 10) RETURNING id`,
    );
    const [master] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO accounts (username, role, parent_id, commission) VALUES ('m', 'master', ${top!.id}, 40) RETURNING id`,
    );
    masterId = master!.id;
  });
  afterAll(async () => database?.destroy());

  it('closes nothing; every finished week is final and zero, only the current week is open', async () => {
    expect(await closeFinishedWeeks(db, { now: NOW })).toEqual({ closed: [] });
    for (const kind of KINDS) {
      const report = inNumbers(
        await weeklyRevenue(db, { accountId: masterId, kind, from: CLOSED_WEEKS[0]!, to: TODAY, today: TODAY }),
      );
      expect(report.weeks.map((w) => [w.weekStart, w.open])).toEqual(
        [...CLOSED_WEEKS, CURRENT_WEEK].map((week) => [week, week === CURRENT_WEEK]),
      );
      for (const week of report.weeks) {
        expect([
          week.profitCents,
          week.actualRevenueCents,
          week.revAfterLoanCents,
          week.carryInCents,
          week.carryOutCents,
        ]).toEqual([0, 0, 0, 0, 0]);
      }
    }
  });
});
