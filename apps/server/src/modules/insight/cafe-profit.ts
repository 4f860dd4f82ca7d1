import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type DayRange, weekStartOf } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { cafeSums, playsAtCafe } from '../play-sums/index.js';
import { weekEndDay } from '../weeks/index.js';

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
 * play show zeros. Over exactly a closed week (Monday to Sunday), the figures its closing fixed
 * (cafe_week: the same sums, own and other by the parents at closing); over any other range, the
 * daily roll-ups.
 */
export async function cafeProfit(db: Queryable, accountId: string, range: DayRange): Promise<CafeProfitCents[]> {
  const rows = (await closedWeekRows(db, accountId, range)) ?? (await liveRows(db, accountId, range));
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

const CAFE = sql`cf.id AS "cafeId", cf.name AS cafe, ma.id AS "masterId", ma.username AS master`;
const ORDER = sql`lower(ma.username), lower(cf.name)`;

/** The rows summed from play_daily with the rule of cafeSums. */
function liveRows(db: Queryable, accountId: string, range: DayRange): Promise<CafeRow[]> {
  return queryRows<CafeRow>(
    db,
    sql`SELECT ${CAFE}, ${cafeSums}
          FROM account_closure c
          JOIN cafes cf ON cf.master_id = c.descendant_id
          JOIN accounts ma ON ma.id = cf.master_id
          LEFT JOIN ${playsAtCafe(range)}
         WHERE c.ancestor_id = ${accountId}::uuid
         GROUP BY cf.id, cf.name, ma.id, ma.username
         ORDER BY ${ORDER}`,
  );
}

/**
 * The rows of cafe_week when `range` is a whole week whose draw-games settlement is closed; null
 * otherwise. No row at all (the week is not closed, or the subject has no cafe, where the live
 * query is as cheap) also gives null.
 */
async function closedWeekRows(db: Queryable, accountId: string, range: DayRange): Promise<CafeRow[] | null> {
  if (weekStartOf(range.from) !== range.from || range.to !== weekEndDay(range.from)) return null;
  const rows = await queryRows<CafeRow>(
    db,
    sql`SELECT ${CAFE}, coalesce(w.plays, 0) AS plays, coalesce(w.play_points_cents, 0) AS play_points_cents,
               coalesce(w.win_points_cents, 0) AS win_points_cents, coalesce(w.own_profit_cents, 0) AS own_profit_cents,
               coalesce(w.other_profit_cents, 0) AS other_profit_cents, coalesce(w.members, 0) AS members
          FROM settled_weeks s
          JOIN account_closure c ON c.ancestor_id = ${accountId}::uuid
          JOIN cafes cf ON cf.master_id = c.descendant_id
          JOIN accounts ma ON ma.id = cf.master_id
          LEFT JOIN cafe_week w ON w.week_start = s.week_start AND w.cafe_id = cf.id
         WHERE s.week_start = ${range.from}::date AND s.kind = 'games'
         ORDER BY ${ORDER}`,
  );
  return rows.length > 0 ? rows : null;
}
