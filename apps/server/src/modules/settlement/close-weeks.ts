import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.js';
import { pgErrorCode } from '../../db/errors.js';
import { addDays, type IsoDay, istDay, weekStartOf } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { queueWeekStatements } from '../mail/statement-mails.js';
import { cafeSums, hasCommissionSql, kindFilter, playsAtCafe, profitSum } from '../play-sums/index.js';
import {
  type AgentLoanBalance,
  openLoanBalances,
  SETTLEMENT_KINDS,
  type SettlementKind,
  settlementCalendars,
  settleWeek,
  type WeekSettlement,
  weekEndDay,
  weekEndInstant,
  weekStartsBetween,
} from '../weeks/index.js';
import { keepCafeTrendWeek } from './cafe-trend-week.js';
import { SETTLEMENT_LOCK_KEY } from './lock.js';

/** Rows per INSERT statement (13 parameters a row, far below PostgreSQL's 65535). */
const INSERT_CHUNK = 1000;
/** Tries of one week's closing, when another run closed it meanwhile (40001) or a deadlock was broken. */
const CLOSE_ATTEMPTS = 5;
const RETRYABLE = new Set(['40001', '40P01']);

export interface CloseResult {
  /** What this run closed, oldest first, as 'YYYY-MM-DD games' / 'YYYY-MM-DD poker' (week start). */
  closed: string[];
}

/**
 * Closes every finished settlement week (Monday-Sunday IST, before the week holding `now`) that is
 * not closed yet, oldest first, both settlements of a week in one transaction. Each settlement
 * continues after its last closed week (the first run starts at the first week with any
 * activity: settlement-calendar.ts), so a closed week is never recomputed and every week's
 * carry-in is final when it is closed. Safe to run twice and concurrently.
 *
 * In two steps, so that the feed never waits for more than a moment (decision 0016): the weeks
 * are sealed first (sealWeeks), then each is closed from one snapshot while the feed runs
 * (closeSealedWeek).
 */
export interface CloseOptions {
  now: Date;
  /** Told once the weeks are sealed (the feed bench times the seal). */
  onSealed?: () => void;
}

export async function closeFinishedWeeks(db: Db, options: CloseOptions): Promise<CloseResult> {
  const currentWeek = weekStartOf(istDay(options.now));
  // Cafe Trends' kept periods move on to the new week first, a slice of cafes at a time (the feed runs on).
  await keepCafeTrendWeek(db, currentWeek);
  const calendars = await settlementCalendars(db, currentWeek);

  // Week -> the settlements still to close in it: both, unless one closed alone before.
  const pending = new Map<IsoDay, SettlementKind[]>();
  for (const kind of SETTLEMENT_KINDS) {
    for (const weekStart of weekStartsBetween(
      definite(calendars.get(kind), `the ${kind} calendar`).nextToClose,
      addDays(currentWeek, -7),
    )) {
      pending.set(weekStart, [...(pending.get(weekStart) ?? []), kind]);
    }
  }
  if (pending.size === 0) return { closed: [] };

  await db.transaction((tx) => sealWeeks(tx, pending, options.now));
  options.onSealed?.();
  const closed: string[] = [];
  for (const weekStart of [...pending.keys()].sort()) {
    const kinds = await closeSealedWeek(db, weekStart, options.now);
    closed.push(...kinds.map((kind) => `${weekStart} ${kind}`));
  }
  return { closed };
}

/**
 * Seals the weeks' settlements not closed yet: from this transaction's commit the feed books
 * whatever still arrives for them (a play, a poker hand, a void) in the open week, as it does for a
 * closed week (feed/locks.ts, lastClosedWeeks), and the database refuses anything booked in or
 * taken from them (migration 0033). The settlement lock taken alone waits for the batches that
 * are booking plays now (each holds it shared until it commits) and holds the next ones for the
 * few milliseconds of one insert: this is all the feed ever waits for a closing, whatever the size
 * of the network or the week. A week sealed already (by a concurrent run, or by one that stopped
 * half-way) stays as it is.
 */
async function sealWeeks(tx: Tx, pending: Map<IsoDay, SettlementKind[]>, now: Date): Promise<void> {
  const seals = [...pending].flatMap(([weekStart, kinds]) =>
    kinds.map((kind) => sql`(${weekStart}::date, ${kind}::settlement_kind)`),
  );
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETTLEMENT_LOCK_KEY})`);
  await tx.execute(
    sql`INSERT INTO week_seals (week_start, kind, sealed_at)
        SELECT v.week_start, v.kind, ${now.toISOString()}::timestamptz
          FROM (VALUES ${sql.join(seals, sql`, `)}) AS v (week_start, kind)
         WHERE NOT EXISTS (SELECT 1 FROM settled_weeks s WHERE s.week_start = v.week_start AND s.kind = v.kind)
        ON CONFLICT (week_start, kind) DO NOTHING`,
  );
}

/**
 * Closes one week's sealed settlements; returns those it closed (none when another run closed
 * them first). One repeatable-read transaction: every figure is read from one snapshot taken
 * after the seal, so the week's plays are final in it and the tree, the commissions and the loans
 * are those of one instant, while feed batches keep committing beside it (nothing here blocks
 * them, and nothing they do changes the sealed week). The seal rows, locked first, make concurrent
 * runs take turns on a week: a run that waited for another's lock gets a serialization failure
 * when that run commits (it deleted them), and tries again from a new snapshot, where the week is
 * closed. The settled_weeks rows go last, with the seals' removal: the database refuses settlement
 * rows and deductions for a week already marked closed, and their primary key guarantees a week
 * is closed once. On PGlite (one connection) transactions already run one at a time.
 */
async function closeSealedWeek(db: Db, weekStart: IsoDay, now: Date): Promise<SettlementKind[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => closeWeek(tx, weekStart, now), { isolationLevel: 'repeatable read' });
    } catch (err) {
      if (attempt >= CLOSE_ATTEMPTS || !RETRYABLE.has(pgErrorCode(err) ?? '')) throw err;
    }
  }
}

async function closeWeek(tx: Tx, weekStart: IsoDay, now: Date): Promise<SettlementKind[]> {
  const closedAt = sql`${now.toISOString()}::timestamptz`;
  const sealed = await queryRows<{ kind: SettlementKind; closed: boolean }>(
    tx,
    sql`SELECT w.kind::text AS kind,
               EXISTS (SELECT 1 FROM settled_weeks s WHERE s.week_start = w.week_start AND s.kind = w.kind) AS closed
          FROM week_seals w WHERE w.week_start = ${weekStart} ORDER BY w.kind FOR UPDATE`,
  );
  if (sealed.length === 0) return [];
  const toClose = sealed.filter((row) => !row.closed).map((row) => row.kind);
  for (const kind of toClose) await writeSettlement(tx, weekStart, kind, closedAt);
  // The week's statements go out by mail, queued with the figures they state (mail/statement-mails.ts).
  if (toClose.includes('games')) await queueWeekStatements(tx, weekStart, now);
  if (toClose.length > 0) {
    const marks = toClose.map((kind) => sql`(${weekStart}, ${kind}, ${closedAt})`);
    await tx.execute(sql`INSERT INTO settled_weeks (week_start, kind, closed_at) VALUES ${sql.join(marks, sql`, `)}`);
  }
  await tx.execute(sql`DELETE FROM week_seals WHERE week_start = ${weekStart}`);
  return toClose;
}

interface AccountWeekRow {
  account_id: string;
  commission: string;
  profit_cents: DbCents;
  carry_in_cents: DbCents;
}

/**
 * Writes one settlement's rows (every commissioned account), its play totals (weekly_play_totals),
 * the draw-games figures of each cafe (cafe_week) and of each hour (play_hours, member_first_plays)
 * and loan deductions for the week.
 */
async function writeSettlement(tx: Tx, weekStart: IsoDay, kind: SettlementKind, closedAt: SQL): Promise<void> {
  // Every commissioned account's profit in one set-based query: each play_daily row counts once
  // for every ancestor of its member (closure join), grouped by ancestor.
  const accounts = await queryRows<AccountWeekRow>(
    tx,
    sql`WITH profit AS (
          SELECT c.ancestor_id AS account_id, ${profitSum(kind)} AS profit_cents
            FROM play_daily d
            JOIN account_closure c ON c.descendant_id = d.member_id
           WHERE d.day >= ${weekStart} AND d.day <= ${weekEndDay(weekStart)} AND ${kindFilter(kind)}
           GROUP BY c.ancestor_id)
        SELECT a.id AS account_id, a.commission::text AS commission,
               coalesce(p.profit_cents, 0)::bigint AS profit_cents,
               coalesce(prev.carry_out_cents, 0)::bigint AS carry_in_cents
          FROM accounts a
          LEFT JOIN profit p ON p.account_id = a.id
          LEFT JOIN weekly_settlements prev
            ON prev.account_id = a.id AND prev.kind = ${kind} AND prev.week_start = ${addDays(weekStart, -7)}
         WHERE ${hasCommissionSql(sql`a.role`)}
         ORDER BY a.id`,
  );

  // Loans are repaid from the draw-games revenue only; poker settles without deductions.
  const loansByAgent = new Map<string, AgentLoanBalance[]>();
  if (kind === 'games') {
    for (const loan of await openLoanBalances(tx, { issuedBefore: weekEndInstant(weekStart) })) {
      const list = loansByAgent.get(loan.agentId) ?? [];
      list.push(loan);
      loansByAgent.set(loan.agentId, list);
    }
  }

  const settled: { account: AccountWeekRow; result: WeekSettlement }[] = accounts.map((account) => ({
    account,
    result: settleWeek({
      profitCents: readCents(account.profit_cents),
      carryInCents: readCents(account.carry_in_cents),
      commission: Number(account.commission),
      loans: loansByAgent.get(account.account_id) ?? [],
      weekEndsAt: weekEndInstant(weekStart),
    }),
  }));

  const settlementRows = settled.map(
    ({ account, result }) =>
      sql`(${account.account_id}, ${weekStart}, ${kind}, ${cents(readCents(account.profit_cents))},
           ${cents(readCents(account.carry_in_cents))}, ${account.commission}, ${cents(result.actualRevenueCents)},
           ${result.deductionPercentage}, ${cents(result.revenueDeductionCents)}, ${cents(result.revAfterLoanCents)},
           ${cents(result.carryOutCents)}, ${closedAt})`,
  );
  for (const chunk of chunks(settlementRows)) {
    await tx.execute(
      sql`INSERT INTO weekly_settlements (account_id, week_start, kind, profit_cents, carry_in_cents, commission,
            actual_revenue_cents, deduction_percentage, revenue_deduction_cents, rev_after_loan_cents, carry_out_cents, closed_at)
          VALUES ${sql.join(chunk, sql`, `)}`,
    );
  }

  // What the week's plays were, per account and direct child, for the reports about closed weeks.
  await tx.execute(sql`SELECT settle_week_play_totals(${weekStart}::date, ${kind}::settlement_kind)`);
  // Cafe Profit's row of each cafe with plays that week, as the report sums it now.
  if (kind === 'games') {
    const week = { from: weekStart, to: weekEndDay(weekStart) };
    await tx.execute(
      sql`INSERT INTO cafe_week (week_start, cafe_id, plays, play_points_cents, win_points_cents, own_profit_cents,
                                 other_profit_cents, members)
          SELECT ${weekStart}::date, cf.id, ${cafeSums} FROM cafes cf JOIN ${playsAtCafe(week)} GROUP BY cf.id`,
    );
    // Today's "same time last week" over this week: its plays per day, hour and parent, and each member's first play.
    await tx.execute(sql`SELECT settle_week_play_hours(${weekStart}::date)`);
  }

  const deductionRows = settled.flatMap(({ result }) =>
    result.deductions.map((d) => sql`(${d.loanId}, ${weekStart}, ${cents(d.amountCents)}, ${closedAt})`),
  );
  for (const chunk of chunks(deductionRows)) {
    await tx.execute(
      sql`INSERT INTO loan_deductions (loan_id, week_start, amount_cents, created_at) VALUES ${sql.join(chunk, sql`, `)}`,
    );
  }
}

/** Hundredths as a parameter: their digits, read back by the database as int8. */
const cents = (value: bigint): SQL => sql`${value.toString()}::bigint`;

function chunks(rows: SQL[]): SQL[][] {
  const out: SQL[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(rows.slice(i, i + INSERT_CHUNK));
  return out;
}
