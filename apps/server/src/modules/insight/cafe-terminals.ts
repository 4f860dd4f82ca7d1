import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type DayRange, rangeInstants } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import type { CafeOfMaster } from './cafe-profit.js';

export interface CafeTerminalCents {
  /** Null: the plays the feed sent without a terminal. */
  terminalId: string | null;
  plays: number;
  stakeCents: bigint;
  winsCents: bigint;
  members: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cafe `cafeId` when its master is in the subtree of `accountId` (itself included), as Cafe
 * Profit lists it; null for any other id, well-formed or not.
 */
export async function cafeInSubtree(db: Queryable, accountId: string, cafeId: string): Promise<CafeOfMaster | null> {
  if (!UUID.test(cafeId)) return null;
  const [cafe] = await queryRows<CafeOfMaster>(
    db,
    sql`SELECT cf.id AS "cafeId", cf.name AS cafe, ma.id AS "masterId", ma.username AS master
          FROM cafes cf
          JOIN accounts ma ON ma.id = cf.master_id
          JOIN account_closure c ON c.descendant_id = cf.master_id AND c.ancestor_id = ${accountId}::uuid
         WHERE cf.id = ${cafeId}::uuid`,
  );
  return cafe ?? null;
}

/**
 * Cafe Profit's terminals (docs/domain.md, "Insight"): the draw-games plays made at the cafe over
 * the IST days of `range`, per terminal, as the roll-ups count them (a late play on the day it was
 * booked; a voided play left out while its week was open, else reversed on the day the void
 * arrived), so the terminals of a cafe add up to its row of Cafe Profit. The plays of those days
 * from the plays themselves (terminals have no daily roll-up; the played_at range names only the
 * partitions of its months), the late ones and the reversals from late_play_daily, which keeps
 * them by cafe and terminal. Named terminals by id, then the unknown one.
 */
export async function cafeTerminals(db: Queryable, cafeId: string, range: DayRange): Promise<CafeTerminalCents[]> {
  const { start, end } = rangeInstants(range);
  const atCafe = sql`x.cafe_id = ${cafeId}::uuid AND x.game_id IN (SELECT g.id FROM games g WHERE g.kind = 'draw')`;
  const rows = await queryRows<{
    terminalId: string | null;
    plays: string | number;
    stake_cents: DbCents;
    wins_cents: DbCents;
    members: string | number;
  }>(
    db,
    sql`SELECT t.terminal_id AS "terminalId", sum(t.plays) AS plays, sum(t.stake)::bigint AS stake_cents,
               sum(t.wins)::bigint AS wins_cents, count(DISTINCT t.member_id) FILTER (WHERE t.plays > 0) AS members
          FROM (
            -- Each play of the range's days but the late ones, and one voided while its week was open.
            SELECT x.terminal_id, x.member_id, 1 AS plays, x.play_points_cents AS stake, x.win_points_cents AS wins
              FROM plays x
             WHERE ${atCafe} AND (x.voided_at IS NULL OR x.void_booked_day IS NOT NULL) AND x.booked_day IS NULL
               AND x.played_at >= ${start.toISOString()}::timestamptz AND x.played_at < ${end.toISOString()}::timestamptz
            UNION ALL
            -- The late plays on the day they arrived, and the reversal of a play voided once its week
            -- was closed on the day the void arrived (not a play), as the triggers keep them.
            SELECT l.terminal_id, l.member_id, l.plays, l.play_points_cents, l.win_points_cents
              FROM late_play_daily l
             WHERE l.cafe_id = ${cafeId}::uuid AND l.day >= ${range.from}::date AND l.day <= ${range.to}::date
               AND l.game_id IN (SELECT g.id FROM games g WHERE g.kind = 'draw')
               AND (l.plays <> 0 OR l.play_points_cents <> 0 OR l.win_points_cents <> 0)
          ) t
         GROUP BY t.terminal_id
         ORDER BY t.terminal_id IS NULL, lower(t.terminal_id), t.terminal_id`,
  );
  return rows.map(({ terminalId, plays, stake_cents, wins_cents, members }) => ({
    terminalId,
    plays: Number(plays),
    stakeCents: readCents(stake_cents),
    winsCents: readCents(wins_cents),
    members: Number(members),
  }));
}
