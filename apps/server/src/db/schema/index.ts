/**
 * The tables as Drizzle reads and writes them, kept in step with the hand-written migrations. The
 * functions and triggers (roll-ups, hierarchy, closed weeks, references) exist only in SQL: their
 * current definitions, whichever migration last replaced them, are in docs/schema.sql
 * (`npm run db:schema`).
 */

export * from './accounts.js';
export * from './activity.js';
export * from './feed.js';
export * from './ledger.js';
export * from './loans.js';
export * from './mail.js';
export * from './plays.js';
export * from './settlement.js';
