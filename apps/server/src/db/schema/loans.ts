import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { cents, platformIdKey, tstz } from './columns.js';

/**
 * Loans and their weekly deductions (docs/domain.md, "Loans").
 */

export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => accounts.id),
    principalCents: cents('principal_cents').notNull(),
    processingFeeCents: cents('processing_fee_cents').notNull().default(0),
    deductionPercentage: numeric('deduction_percentage', { precision: 5, scale: 2 }).notNull().default('50'),
    issuedAt: tstz('issued_at').notNull().defaultNow(),
    /** The game platform's `loanId` (feed); null for a loan it did not send. */
    platformId: text('platform_id'),
  },
  (t) => [
    index('loans_agent_idx').on(t.agentId, t.issuedAt),
    platformIdKey('loans', t.platformId),
    check('loans_amounts', sql`${t.principalCents} > 0 AND ${t.processingFeeCents} >= 0`),
    check('loans_rate', sql`${t.deductionPercentage} > 0 AND ${t.deductionPercentage} <= 100`),
  ],
);

export const loanDeductions = pgTable(
  'loan_deductions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loan_deductions_loan_week_key').on(t.loanId, t.weekStart),
    check('loan_deductions_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * What each master owes on its loans, as Computer Loan figures it: every loan's principal and fee
 * (`total_cents`), the fees alone (`fee_cents`), less every deduction taken (`outstanding_cents`),
 * and how many cafes it has (`cafes`: Multiple Cybers lists the masters with more than one). Kept
 * by statement-level triggers on loans, loan_deductions (migration 0040) and cafes (0044), so that
 * Today's open loans of the whole network read the masters owing most from the partial index, not
 * every loan. A master with cafes and no loan has a row of zero loans. Never written directly.
 */
export const loanOwedByMaster = pgTable(
  'loan_owed_by_master',
  {
    agentId: uuid('agent_id').primaryKey(),
    totalCents: cents('total_cents').notNull(),
    feeCents: cents('fee_cents').notNull().default(0),
    outstandingCents: cents('outstanding_cents').notNull(),
    cafes: integer('cafes').notNull().default(0),
  },
  (t) => [index('loan_owed_by_master_owing_idx').on(t.outstandingCents).where(sql`${t.outstandingCents} > 0`)],
);

/** loan_owed_by_master's masters that still owe, counted and summed: one row, kept by the same triggers. */
export const loanOwedTotals = pgTable(
  'loan_owed_totals',
  {
    single: boolean('single').primaryKey().default(true),
    masters: integer('masters').notNull(),
    totalCents: cents('total_cents').notNull(),
    outstandingCents: cents('outstanding_cents').notNull(),
  },
  (t) => [check('loan_owed_totals_single', sql`${t.single}`)],
);

/**
 * The whole network's loan lists counted and summed, one row each (migration 0044): `computer`,
 * the masters with a loan (Computer Loan); `multiple`, the masters with more than one cafe
 * (Multiple Cybers). Kept by the same triggers as loan_owed_by_master, from each master's row
 * before and after, so that the superadmin's page of either list reads one row for its count and
 * sums. Never written directly.
 */
export const loanListTotals = pgTable(
  'loan_list_totals',
  {
    list: text('list').primaryKey(),
    masters: integer('masters').notNull(),
    totalCents: cents('total_cents').notNull(),
    feeCents: cents('fee_cents').notNull(),
    outstandingCents: cents('outstanding_cents').notNull(),
  },
  (t) => [check('loan_list_totals_list', sql`${t.list} IN ('computer', 'multiple')`)],
);
