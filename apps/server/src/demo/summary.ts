import { DRAW_GAMES, ROLES, type Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../db/client.js';
import { definite } from '../lib/definite.js';

export type TransferChannel = 'single' | 'multiplayer';
export type TransferOutcome = 'pending' | 'accepted' | 'rejected' | 'cancelled';
export type DrawGameSlug = (typeof DRAW_GAMES)[number]['slug'];

export const CHANNELS: readonly TransferChannel[] = ['single', 'multiplayer'];
export const OUTCOMES: readonly TransferOutcome[] = ['pending', 'accepted', 'rejected', 'cancelled'];

export interface CountAndCents {
  count: number;
  amountCents: number;
}

/** Counts and sums (amounts in hundredths) of everything the generator writes. */
export interface SeedSummary {
  /** Accounts by role; the house is not counted. */
  accounts: Record<Role, number>;
  cafes: number;
  transfers: Record<TransferChannel, Record<TransferOutcome, CountAndCents>>;
  /** Draws written per game (open or not yet open). */
  draws: Record<DrawGameSlug, number>;
  plays: { count: number; playCents: number; winCents: number };
  pokerHands: { count: number; potCents: number; rakeCents: number };
  loans: { count: number; principalCents: number; feeCents: number };
}

export function emptySummary(): SeedSummary {
  const byOutcome = () =>
    Object.fromEntries(OUTCOMES.map((o) => [o, { count: 0, amountCents: 0 }])) as Record<TransferOutcome, CountAndCents>;
  return {
    accounts: Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>,
    cafes: 0,
    transfers: { single: byOutcome(), multiplayer: byOutcome() },
    draws: Object.fromEntries(DRAW_GAMES.map((g) => [g.slug, 0])) as Record<DrawGameSlug, number>,
    plays: { count: 0, playCents: 0, winCents: 0 },
    pokerHands: { count: 0, potCents: 0, rakeCents: 0 },
    loans: { count: 0, principalCents: 0, feeCents: 0 },
  };
}

/** True when no account but the house exists (a fresh database the demo network may fill). */
export async function isDatabaseEmpty(db: Queryable): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM accounts WHERE role <> 'house') AS found`,
  );
  return !definite(row, 'the EXISTS row').found;
}
