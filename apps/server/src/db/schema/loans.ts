import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
