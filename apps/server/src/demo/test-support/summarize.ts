import type { Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type DrawGameSlug, emptySummary, type SeedSummary, type TransferChannel, type TransferOutcome } from '../summary.js';

/** The summary of what the generator wrote, read back from the database (sums made in SQL): what its tests check it against. */
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
