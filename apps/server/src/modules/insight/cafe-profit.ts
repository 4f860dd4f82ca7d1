import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import type { DayRange } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { cafeSums, playsAtCafe } from '../play-sums/index.js';

/** A cafe and the master who owns it. */
export interface CafeOfMaster {
  cafeId: string;
  cafe: string;
  masterId: string;
  master: string;
}

export interface CafeProfitCents extends CafeOfMaster {
  plays: number;
  stakeCents: bigint;
  winsCents: bigint;
  ownProfitCents: bigint;
  otherProfitCents: bigint;
  members: number;
}

type CafeRow = CafeOfMaster & {
  plays: string | number;
  play_points_cents: DbCents;
  win_points_cents: DbCents;
  own_profit_cents: DbCents;
  other_profit_cents: DbCents;
  members: string | number;
};

/**
 * Cafe Profit (docs/domain.md, "Insight"): every cafe of the masters in the subtree of
 * `accountId` (itself included), with the draw-games plays made there over the IST days of
 * `range`, whoever played, split by whether the member's parent owns the cafe. Cafes without a
 * play show zeros.
 */
export async function cafeProfit(db: Queryable, accountId: string, range: DayRange): Promise<CafeProfitCents[]> {
  const rows = await liveRows(db, accountId, range);
  return rows.map(({ plays, play_points_cents, win_points_cents, own_profit_cents, other_profit_cents, members, ...cafe }) => ({
    ...cafe,
    plays: Number(plays),
    stakeCents: readCents(play_points_cents),
    winsCents: readCents(win_points_cents),
    ownProfitCents: readCents(own_profit_cents),
    otherProfitCents: readCents(other_profit_cents),
    members: Number(members),
  }));
}

/** The rows summed from play_daily with the rule of cafeSums. */
function liveRows(db: Queryable, accountId: string, range: DayRange): Promise<CafeRow[]> {
  return queryRows<CafeRow>(
    db,
    sql`SELECT cf.id AS "cafeId", cf.name AS cafe, ma.id AS "masterId", ma.username AS master, ${cafeSums}
          FROM account_closure c
          JOIN cafes cf ON cf.master_id = c.descendant_id
          JOIN accounts ma ON ma.id = cf.master_id
          LEFT JOIN ${playsAtCafe(range)}
         WHERE c.ancestor_id = ${accountId}::uuid
         GROUP BY cf.id, cf.name, ma.id, ma.username
         ORDER BY lower(ma.username), lower(cf.name)`,
  );
}
