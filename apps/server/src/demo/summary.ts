import { DRAW_GAMES, ROLES, type Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../db/client.js';

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

/** The same summary, read back from the database (sums made in SQL). */
export async function summarize(db: Queryable): Promise<SeedSummary> {
  const summary = emptySummary();
  const roles = await queryRows<{ role: string; n: number }>(
    db,
    sql`SELECT role::text AS role, count(*)::int AS n FROM accounts WHERE role <> 'house' GROUP BY role`,
  );
  for (const { role, n } of roles) summary.accounts[role as Role] = Number(n);

  const [cafes] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM cafes`);
  summary.cafes = Number(cafes!.n);

  const transfers = await queryRows<{ channel: TransferChannel; status: TransferOutcome; n: number; cents: number }>(
    db,
    sql`SELECT channel::text AS channel, status::text AS status, count(*)::int AS n, sum(amount_cents)::bigint AS cents
          FROM transfers GROUP BY channel, status`,
  );
  for (const t of transfers) summary.transfers[t.channel][t.status] = { count: Number(t.n), amountCents: Number(t.cents) };

  const draws = await queryRows<{ slug: DrawGameSlug; n: number }>(
    db,
    sql`SELECT g.slug, count(*)::int AS n FROM draws d JOIN games g ON g.id = d.game_id GROUP BY g.slug`,
  );
  for (const d of draws) summary.draws[d.slug] = Number(d.n);

  const [plays] = await queryRows<{ n: number; play: number; win: number }>(
    db,
    sql`SELECT count(*)::bigint AS n, coalesce(sum(play_points_cents), 0)::bigint AS play,
               coalesce(sum(win_points_cents), 0)::bigint AS win FROM plays`,
  );
  summary.plays = { count: Number(plays!.n), playCents: Number(plays!.play), winCents: Number(plays!.win) };

  const [poker] = await queryRows<{ n: number; pot: number; rake: number }>(
    db,
    sql`SELECT count(*)::bigint AS n, coalesce(sum(pot_cents), 0)::bigint AS pot,
               coalesce(sum(rake_cents), 0)::bigint AS rake FROM poker_hands`,
  );
  summary.pokerHands = { count: Number(poker!.n), potCents: Number(poker!.pot), rakeCents: Number(poker!.rake) };

  const [loans] = await queryRows<{ n: number; principal: number; fee: number }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(principal_cents), 0)::bigint AS principal,
               coalesce(sum(processing_fee_cents), 0)::bigint AS fee FROM loans`,
  );
  summary.loans = { count: Number(loans!.n), principalCents: Number(loans!.principal), feeCents: Number(loans!.fee) };
  return summary;
}

/** True when no account but the house exists (a fresh database the demo network may fill). */
export async function isDatabaseEmpty(db: Queryable): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM accounts WHERE role <> 'house') AS found`,
  );
  return !row!.found;
}
