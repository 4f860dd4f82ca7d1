import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/db/client.js';

/**
 * The large demo network of `npm run seed -- --scale large` (as the seed's --help describes it):
 * the least the bench runs on. The xlarge network (`--scale xlarge`, ten times its masters and
 * daily plays over eight weeks) is above it on both counts.
 */
export const LARGE_NETWORK = { masters: 500, plays: 5_000_000 };

export interface DbFacts {
  server: string;
  sizeBytes: number;
  accounts: number;
  masters: number;
  players: number;
  plays: number;
  playDaily: number;
  pokerHands: number;
  transfers: number;
  draws: number;
  closedWeeks: number;
  firstDay: string | null;
  lastDay: string | null;
}

export class BenchRefusal extends Error {}

const SEED_HINT = (url: string) =>
  `Seed it first (takes minutes):\n  createdb -h 127.0.0.1 -U postgres playrep_bench\n` +
  `  DATABASE_URL=${url} npm run seed -- --scale large --seed 1\n  DATABASE_URL=${url} npm run settle`;

/** Sizes of what the bench reads; refuses (BenchRefusal) a database that was never seeded. */
export async function readDbFacts(db: Db, url: string): Promise<DbFacts> {
  const [migrated] = await queryRows<{ ok: boolean }>(db, sql`SELECT to_regclass('public.accounts') IS NOT NULL AS ok`);
  if (!migrated?.ok) throw new BenchRefusal(`The database has no Playrep tables.\n${SEED_HINT(url)}`);
  const [row] = await queryRows<Omit<DbFacts, 'server'> & { server: string }>(
    db,
    sql`SELECT current_setting('server_version') AS server,
               pg_database_size(current_database()) AS "sizeBytes",
               (SELECT count(*) FROM accounts WHERE role <> 'house') AS accounts,
               (SELECT count(*) FROM accounts WHERE role = 'master') AS masters,
               (SELECT count(*) FROM accounts WHERE role = 'player') AS players,
               (SELECT count(*) FROM plays) AS plays,
               (SELECT count(*) FROM play_daily) AS "playDaily",
               (SELECT count(*) FROM poker_hands) AS "pokerHands",
               (SELECT count(*) FROM transfers) AS transfers,
               (SELECT count(*) FROM draws) AS draws,
               (SELECT count(*) FROM settled_weeks) AS "closedWeeks",
               (SELECT min(day)::text FROM play_daily) AS "firstDay",
               (SELECT max(day)::text FROM play_daily) AS "lastDay"`,
  );
  const facts = row!;
  if (facts.accounts === 0) throw new BenchRefusal(`The database is empty.\n${SEED_HINT(url)}`);
  return facts;
}

/** Why the database is not the large network (empty list when it is). */
export function tooSmall(facts: DbFacts): string[] {
  const reasons: string[] = [];
  if (facts.masters < LARGE_NETWORK.masters)
    reasons.push(`${facts.masters} masters (the large network has ${LARGE_NETWORK.masters}+)`);
  if (facts.plays < LARGE_NETWORK.plays) reasons.push(`${facts.plays} plays (the large network has ${LARGE_NETWORK.plays}+)`);
  return reasons;
}

export function formatFacts(facts: DbFacts): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return [
    `PostgreSQL ${facts.server}, database ${(facts.sizeBytes / 2 ** 30).toFixed(2)} GiB`,
    `accounts ${n(facts.accounts)} (${n(facts.masters)} masters, ${n(facts.players)} players), plays ${n(facts.plays)}, ` +
      `play_daily ${n(facts.playDaily)}, poker hands ${n(facts.pokerHands)}, transfers ${n(facts.transfers)}, draws ${n(facts.draws)}`,
    `plays from ${facts.firstDay} to ${facts.lastDay}, ${facts.closedWeeks} closed settlement week(s) (games + poker)`,
  ].join('\n');
}
