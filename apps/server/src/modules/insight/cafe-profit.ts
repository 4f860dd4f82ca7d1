import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import type { DayRange } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';

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

/**
 * Cafe Profit (docs/domain.md, "Insight"): every cafe of the masters in the subtree of
 * `accountId` (itself included), with the draw-games plays made there over the IST days of
 * `range`, whoever played, split by whether the member's parent owns the cafe. Cafes without a
 * play show zeros.
 */
export async function cafeProfit(db: Queryable, accountId: string, range: DayRange): Promise<CafeProfitCents[]> {
  const rows = await queryRows<
    CafeOfMaster & {
      plays: string | number | null;
      stake_cents: DbCents;
      wins_cents: DbCents;
      own_cents: DbCents;
      other_cents: DbCents;
      members: string | number | null;
    }
  >(
    db,
    sql`SELECT cf.id AS "cafeId", cf.name AS cafe, ma.id AS "masterId", ma.username AS master,
               sum(d.plays)::bigint AS plays, sum(d.play_points_cents)::bigint AS stake_cents,
               sum(d.win_points_cents)::bigint AS wins_cents,
               sum(d.play_points_cents - d.win_points_cents) FILTER (WHERE m.parent_id = cf.master_id)::bigint AS own_cents,
               sum(d.play_points_cents - d.win_points_cents) FILTER (WHERE m.parent_id IS DISTINCT FROM cf.master_id)::bigint AS other_cents,
               count(DISTINCT d.member_id) FILTER (WHERE d.plays > 0) AS members
          FROM account_closure c
          JOIN cafes cf ON cf.master_id = c.descendant_id
          JOIN accounts ma ON ma.id = cf.master_id
          LEFT JOIN play_daily d
            ON d.cafe_id = cf.id AND d.day >= ${range.from}::date AND d.day <= ${range.to}::date
           AND d.game_id IN (SELECT g.id FROM games g WHERE g.kind = 'draw')
          LEFT JOIN accounts m ON m.id = d.member_id
         WHERE c.ancestor_id = ${accountId}::uuid
         GROUP BY cf.id, cf.name, ma.id, ma.username
         ORDER BY lower(ma.username), lower(cf.name)`,
  );
  return rows.map(({ plays, stake_cents, wins_cents, own_cents, other_cents, members, ...cafe }) => ({
    ...cafe,
    plays: Number(plays ?? 0),
    stakeCents: readCents(stake_cents),
    winsCents: readCents(wins_cents),
    ownProfitCents: readCents(own_cents),
    otherProfitCents: readCents(other_cents),
    members: Number(members ?? 0),
  }));
}
