/**
 * What each master owes on its loans, read by Computer Loan and Multiple Cybers (money reports) and
 * by Today's open loans (insight): a module of its own, as report modules import no other.
 */
import type { LoanSort } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import type { IsoDay } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { holdsWholeNetwork, type SubtreeOwner, subtreeJoin } from '../play-sums/index.js';
import { type Direction, type RowWindow, subtreeMasters } from '../play-sums/masters-page.js';
import { LOAN_AMOUNT, loanOwed } from './loan-owed.js';

export interface LoanRowCents {
  agentId: string;
  username: string;
  /** Σ (principal + processing fee) over the agent's loans. */
  totalLoanCents: bigint;
  /** Σ processing fee ("Prossing loan"). */
  processingLoanCents: bigint;
  /** Still owed now. */
  outstandingCents: bigint;
  /**
   * Days from the last deduction to today; from the first loan's issue date when nothing was
   * deducted yet; null without a loan (shown blank).
   */
  daysFromLastDeduction: number | null;
  /** The day the last deduction was taken (Sunday of its week), or null. */
  lastDeductionDay: IsoDay | null;
}

/**
 * The masters a loan list shows (docs/domain.md, "Weekly settlement"): those of the manager's
 * subtree with a loan (Computer Loan), or (`multipleCafesOnly`, Multiple Cybers) those with more
 * than one cafe, loan or not.
 */
export interface LoansList {
  managerId: string;
  /** The manager's role when known: the superadmin's list is the whole network's, read without its closure. */
  managerRole?: string;
  multipleCafesOnly: boolean;
}

/** A loan list in an order, whole or one page of it. */
export interface LoansAsk extends LoansList {
  today: IsoDay;
  /** A column of the list (LOAN_SORTS); by Agent ID when not given. */
  sort?: LoanSort;
  order?: Direction;
  /** One page of that order; none: every row. */
  window?: RowWindow;
}

const ownerOf = (list: LoansList): SubtreeOwner => ({ id: list.managerId, role: list.managerRole ?? '' });

/** Whether the master `a` (a row of accounts) is on the list. */
const listedWhere = (multipleCafesOnly: boolean): SQL =>
  multipleCafesOnly
    ? sql`(SELECT count(*) FROM cafes cf WHERE cf.master_id = a.id) > 1`
    : sql`EXISTS (SELECT 1 FROM loans held WHERE held.agent_id = a.id)`;

/** The figure columns of the list's rows (`r`), by the sort that orders by them. */
const FIGURE_KEYS: Record<Exclude<LoanSort, 'username'>, SQL> = {
  totalLoan: sql`r.total_cents`,
  outstanding: sql`r.outstanding_cents`,
  processingLoan: sql`r.fee_cents`,
  daysFromLastDeduction: sql`r.days`,
};

/**
 * ORDER BY of the list's rows (`r`): by Agent ID as the accounts' index has it, or by a figure
 * with the blank days (no loan) last either way, ties by Agent ID then id so that a page is stable.
 */
function loansOrderBy(sort: LoanSort, order: Direction): SQL {
  const direction = order === 'asc' ? sql`ASC` : sql`DESC`;
  if (sort === 'username') return sql`lower(r.username) ${direction}`;
  return sql`${FIGURE_KEYS[sort]} ${direction} NULLS LAST, lower(r.username), r.id`;
}

/**
 * Computer Loan / Multiple Cybers: the masters of LoansList with their loan figures, in `sort` and
 * `order` (Agent ID ascending by default), every one or the `window` of them. A deduction is
 * dated on the last day of the week it was taken from, so the figure does not depend on when the
 * job ran. By Agent ID, a page reads the figures of its own masters only, each loan's deductions
 * through its key (loan_id, week_start), and the superadmin's page of masters comes through the
 * accounts' index (subtreeMasters); ordered by a figure, every listed master's figures are read.
 */
export async function loansReport(db: Queryable, ask: LoansAsk): Promise<LoanRowCents[]> {
  const sort = ask.sort ?? 'username';
  const order = ask.order ?? 'asc';
  const byFigure = sort !== 'username';
  const masters = subtreeMasters(ownerOf(ask), {
    sort: 'username',
    order: byFigure ? 'asc' : order,
    window: byFigure ? undefined : ask.window,
    where: listedWhere(ask.multipleCafesOnly),
  });
  const page = byFigure && ask.window ? sql` LIMIT ${ask.window.limit} OFFSET ${ask.window.offset}` : sql``;
  const rows = await queryRows<{
    id: string;
    username: string;
    total_cents: DbCents;
    fee_cents: DbCents;
    outstanding_cents: DbCents;
    last_deduction_day: string | null;
    days: number | null;
  }>(
    db,
    sql`WITH masters AS (
          SELECT m.id, m.username FROM (${masters}) m
        ), loaned AS (
          SELECT m.id, m.username,
                 coalesce(sum(${LOAN_AMOUNT}), 0)::bigint AS total_cents,
                 coalesce(sum(l.processing_fee_cents), 0)::bigint AS fee_cents,
                 coalesce(sum(${loanOwed(sql`paid.cents`)}), 0)::bigint AS outstanding_cents,
                 max(paid.last_week) + 6 AS last_deduction_day,
                 coalesce(max(paid.last_week) + 6, min(ist_day(l.issued_at))) AS since
            FROM masters m
            LEFT JOIN loans l ON l.agent_id = m.id
            LEFT JOIN LATERAL (SELECT sum(d.amount_cents) AS cents, max(d.week_start) AS last_week
                                 FROM loan_deductions d WHERE d.loan_id = l.id) paid ON true
           GROUP BY m.id, m.username
        )
        SELECT r.id, r.username, r.total_cents, r.fee_cents, r.outstanding_cents, r.last_deduction_day::text AS last_deduction_day,
               r.days
          FROM (SELECT x.*, CASE WHEN x.since IS NOT NULL THEN greatest(0, ${ask.today}::date - x.since) END AS days
                  FROM loaned x) r
         ORDER BY ${loansOrderBy(sort, order)}${page}`,
  );
  return rows.map((row) => ({
    agentId: row.id,
    username: row.username,
    totalLoanCents: readCents(row.total_cents),
    processingLoanCents: readCents(row.fee_cents),
    outstandingCents: readCents(row.outstanding_cents),
    daysFromLastDeduction: row.days === null ? null : Number(row.days),
    lastDeductionDay: row.last_deduction_day,
  }));
}

/** A loan list's size and the sums of its loan columns over every row. */
export interface LoansTotalsCents {
  rows: number;
  totalLoanCents: bigint;
  processingLoanCents: bigint;
  outstandingCents: bigint;
}

/**
 * How many masters a loan list has, and its sums, without a row per master's loans and deductions:
 * each master's loans, fees, what is still owed and its cafes are kept by the loans', deductions'
 * and cafes' triggers (loan_owed_by_master, migrations 0040 and 0044, by the loan formula of
 * loan-owed.ts). The superadmin's lists are counted and summed by the same triggers, one row each
 * (loan_list_totals); any other subtree's masters are read from the closure and summed.
 */
export async function loansTotals(db: Queryable, list: LoansList): Promise<LoansTotalsCents> {
  const owner = ownerOf(list);
  const statement = holdsWholeNetwork(owner)
    ? sql`SELECT t.masters AS n, t.total_cents, t.fee_cents, t.outstanding_cents
            FROM loan_list_totals t WHERE t.list = ${list.multipleCafesOnly ? 'multiple' : 'computer'}`
    : sql`SELECT count(*) AS n,
                 coalesce(sum(o.total_cents), 0)::bigint AS total_cents,
                 coalesce(sum(o.fee_cents), 0)::bigint AS fee_cents,
                 coalesce(sum(o.outstanding_cents), 0)::bigint AS outstanding_cents
            FROM accounts a ${subtreeJoin(owner, sql`a.id`)}
            LEFT JOIN loan_owed_by_master o ON o.agent_id = a.id
           WHERE a.role = 'master' AND ${listedWhere(list.multipleCafesOnly)}`;
  const rows = await queryRows<{ n: string | number; total_cents: DbCents; fee_cents: DbCents; outstanding_cents: DbCents }>(
    db,
    statement,
  );
  const row = rows[0];
  return {
    rows: Number(row?.n ?? 0),
    totalLoanCents: readCents(row?.total_cents),
    processingLoanCents: readCents(row?.fee_cents),
    outstandingCents: readCents(row?.outstanding_cents),
  };
}
