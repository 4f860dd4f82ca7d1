import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Queryable, queryRows, type Tx } from '../../db/client.js';
import { addDays, type IsoDay, istDay, weekStartOf } from '../../lib/dates.js';
import { firstActivityWeek } from './first-activity.js';
import { type AgentLoanBalance, openLoanBalances } from './loan-balances.js';
import { COMMISSIONED_ROLES, kindFilter, profitSum } from './profit-sql.js';
import { settleWeek, type WeekSettlement } from './settle-week.js';
import { SETTLEMENT_KINDS, type SettlementKind, weekEndDay, weekEndInstant, weekStartsBetween } from './weeks.js';

/** Key of the transaction-level advisory lock that makes concurrent closing runs take turns. */
const SETTLEMENT_LOCK_KEY = 7_246_001;
/** Rows per INSERT statement (13 parameters a row, far below PostgreSQL's 65535). */
const INSERT_CHUNK = 1000;

export interface CloseResult {
  /** What this run closed, oldest first, as 'YYYY-MM-DD games' / 'YYYY-MM-DD poker' (week start). */
  closed: string[];
}

/**
 * Closes every finished settlement week (Monday-Sunday IST, before the week holding `now`) that is
 * not closed yet, oldest first, one transaction per (week, kind). Weeks are closed in order: the
 * first run starts at the first week with any activity, later runs after the last closed week,
 * so a closed week is never recomputed and every week's carry-in is final when it is closed.
 * Safe to run twice and concurrently (see closeWeek).
 */
export async function closeFinishedWeeks(db: Db, options: { now: Date }): Promise<CloseResult> {
  const lastFinished = addDays(weekStartOf(istDay(options.now)), -7);
  const first = await firstActivityWeek(db);
  if (!first) return { closed: [] };
  const lastClosed = await lastClosedWeeks(db);

  const pending: { weekStart: IsoDay; kind: SettlementKind }[] = [];
  for (const kind of SETTLEMENT_KINDS) {
    const last = lastClosed.get(kind);
    const start = last ? addDays(last, 7) : first;
    for (const weekStart of weekStartsBetween(start, lastFinished)) pending.push({ weekStart, kind });
  }
  pending.sort((a, b) => (a.weekStart < b.weekStart ? -1 : a.weekStart > b.weekStart ? 1 : 0));

  const closed: string[] = [];
  for (const { weekStart, kind } of pending) {
    const didClose = await db.transaction((tx) => closeWeek(tx, weekStart, kind, options.now));
    if (didClose) closed.push(`${weekStart} ${kind}`);
  }
  return { closed };
}

async function lastClosedWeeks(db: Queryable): Promise<Map<SettlementKind, IsoDay>> {
  const rows = await queryRows<{ kind: SettlementKind; week_start: string }>(
    db,
    sql`SELECT kind::text AS kind, max(week_start)::text AS week_start FROM settled_weeks GROUP BY kind`,
  );
  return new Map(rows.map((row) => [row.kind, row.week_start]));
}

interface AccountWeekRow {
  account_id: string;
  commission: string;
  profit_cents: number;
  carry_in_cents: number;
}

/**
 * Closes one (week, kind) inside the caller's transaction; false when it was closed already.
 * The advisory lock makes concurrent runs take turns (a run waits while another closes a week,
 * then sees it closed); the settled_weeks row is the claim and, by its primary key, the
 * guarantee that a week is closed once. On PGlite (one connection) transactions already run
 * one at a time, and the lock is simply granted.
 */
async function closeWeek(tx: Tx, weekStart: IsoDay, kind: SettlementKind, now: Date): Promise<boolean> {
  const closedAt = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SETTLEMENT_LOCK_KEY})`);
  const claimed = await queryRows(
    tx,
    sql`INSERT INTO settled_weeks (week_start, kind, closed_at) VALUES (${weekStart}, ${kind}, ${closedAt})
        ON CONFLICT DO NOTHING RETURNING week_start`,
  );
  if (claimed.length === 0) return false;

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
         WHERE a.role IN ${COMMISSIONED_ROLES}
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
      profitCents: Number(account.profit_cents),
      carryInCents: Number(account.carry_in_cents),
      commission: Number(account.commission),
      loans: loansByAgent.get(account.account_id) ?? [],
      weekEndsAt: weekEndInstant(weekStart),
    }),
  }));

  const settlementRows = settled.map(
    ({ account, result }) =>
      sql`(${account.account_id}, ${weekStart}, ${kind}, ${Number(account.profit_cents)}, ${Number(account.carry_in_cents)},
           ${account.commission}, ${result.actualRevenueCents}, ${result.deductionPercentage}, ${result.revenueDeductionCents},
           ${result.revAfterLoanCents}, ${result.carryOutCents}, ${closedAt})`,
  );
  for (const chunk of chunks(settlementRows)) {
    await tx.execute(
      sql`INSERT INTO weekly_settlements (account_id, week_start, kind, profit_cents, carry_in_cents, commission,
            actual_revenue_cents, deduction_percentage, revenue_deduction_cents, rev_after_loan_cents, carry_out_cents, closed_at)
          VALUES ${sql.join(chunk, sql`, `)}`,
    );
  }

  const deductionRows = settled.flatMap(({ result }) =>
    result.deductions.map((d) => sql`(${d.loanId}, ${weekStart}, ${d.amountCents}, ${closedAt})`),
  );
  for (const chunk of chunks(deductionRows)) {
    await tx.execute(
      sql`INSERT INTO loan_deductions (loan_id, week_start, amount_cents, created_at) VALUES ${sql.join(chunk, sql`, `)}`,
    );
  }
  return true;
}

function chunks(rows: SQL[]): SQL[][] {
  const out: SQL[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(rows.slice(i, i + INSERT_CHUNK));
  return out;
}
