import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import type { DayRange } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import {
  closedWeeksMasterProfit,
  holdsWholeNetwork,
  isManager,
  kindFilter,
  oneRoot,
  playsUnder,
  profitSum,
  type SubtreeOwner,
} from '../play-sums/index.js';
import { type AccountSort, type Direction, mastersOrderBy, type RowWindow, subtreeMasters } from '../play-sums/masters-page.js';
import { type ClosedWeekSplit, rowsOverClosedWeeks } from '../weeks/index.js';

// Profit here is the draw games' (settlement's profitSum('games'): play − win); poker rake is
// reported on its own (Poker Revenue).

export interface MasterProfitCents {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  address: string;
  profitCents: bigint;
  /** Some member of the master played at another agent's cafe in the range. */
  playedElsewhere: boolean;
}

/** Which masters a list of their profits shows, in which order: a column of the account or Profit. */
export interface MastersAsk {
  sort: AccountSort | 'profit';
  order: Direction;
  /** One page; none: every master. */
  window?: RowWindow;
}

/**
 * Profit of the masters in the subtree of `owner` over the IST days of `range` (0 when idle), and
 * whether any of their members played at another agent's cafe in that range: every master, or the
 * page `ask` names in its order. The whole closed weeks of the range are read from what their
 * closing fixed (weekly_master_profit, one row per master and week); the other days from the
 * daily roll-ups, one row per agent, day and game. One statement when the whole weeks of the range
 * are all closed (or there are none). Ordered by a column of the account, a page reads the
 * figures of its own masters only (subtreeMasters); ordered by Profit, every master's.
 */
export async function dailyStatus(
  db: Queryable,
  owner: SubtreeOwner,
  range: DayRange,
  ask: MastersAsk = { sort: 'username', order: 'asc' },
): Promise<MasterProfitCents[]> {
  const byProfit = ask.sort === 'profit';
  const masters = subtreeMasters(
    owner,
    ask.sort === 'profit' ? { sort: 'username', order: 'asc' } : { sort: ask.sort, order: ask.order, window: ask.window },
  );
  const orderBy = mastersOrderBy('r', ask.sort === 'profit' ? sql`r.profit_cents` : ask.sort, ask.order);
  const masterIds = sql`SELECT id FROM masters`;
  // Every master of the network: the join of the masters with their profits keeps only theirs, so
  // the sources read their day's or week's rows without a list of masters (on xlarge, a third of
  // the statement was matching 5,999 masters against that list).
  const onlyMasters = holdsWholeNetwork(owner) && (byProfit || !ask.window) ? undefined : masterIds;
  // A master's subtree is itself and its members (only players rank below a master, and they
  // have no children): its members' plays are the roll-up rows it is the parent of. The roll-up
  // keeps the points its members played at cafes of other agents apart. A master has no plays of
  // its own: only players play (the feed refuses a play of any other role, and a role never
  // changes), as mastersProfitTotal and the roll-ups per manager count on too. Reading the
  // masters' own play_daily rows anyway cost a scan of the whole day's rows, as long as the network.
  const sources = (split: ClosedWeekSplit) => {
    const parts = split.days.map(
      (days) =>
        sql`SELECT d.parent_id AS id, d.play_points_cents - d.win_points_cents AS cents, d.other_play_points_cents > 0 AS elsewhere
              FROM play_daily_by_parent d
             WHERE ${onlyMasters ? sql`d.parent_id IN (${onlyMasters}) AND ` : sql``}d.day >= ${days.from}::date
               AND d.day <= ${days.to}::date AND ${kindFilter('games')}`,
    );
    if (split.closedWeeks.length > 0) parts.push(closedWeeksMasterProfit(onlyMasters, split.closedWeeks));
    return sql.join(parts, sql` UNION ALL `);
  };
  const rows = await rowsOverClosedWeeks<{
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    address: string;
    profit_cents: DbCents;
    played_elsewhere: boolean;
  }>(
    db,
    'games',
    range,
    (split) => sql`WITH masters AS (
          SELECT m.id, m.username, m.first_name, m.last_name, m.address FROM (${masters}) m
        ), profit AS (
          SELECT d.id, sum(d.cents)::bigint AS cents, bool_or(d.elsewhere) AS played_elsewhere
            FROM (${sources(split)}) d
           GROUP BY d.id
        )
        SELECT r.* FROM (
          SELECT m.id, m.username, m.first_name, m.last_name, m.address,
                 coalesce(profit.cents, 0)::bigint AS profit_cents, coalesce(profit.played_elsewhere, false) AS played_elsewhere
            FROM masters m LEFT JOIN profit ON profit.id = m.id) r
        ${byProfit && ask.window ? sql`ORDER BY ${orderBy} LIMIT ${ask.window.limit} OFFSET ${ask.window.offset}` : sql``}`,
    orderBy,
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    address: r.address,
    profitCents: readCents(r.profit_cents),
    playedElsewhere: r.played_elsewhere,
  }));
}

/**
 * Σ of dailyStatus' profits over every master in the subtree of `owner`, without a row per master:
 * the other days from the roll-up of the owner itself (a manager's play_daily_by_manager rows of
 * members under a master, a master's play_daily_by_parent rows: masters do not play, and a
 * subject below the masters has none), the whole
 * closed weeks from what their closing fixed for each master (weekly_master_profit, as dailyStatus
 * reads them).
 */
export async function mastersProfitTotal(db: Queryable, owner: SubtreeOwner, range: DayRange): Promise<bigint> {
  const below = (days: DayRange) =>
    isManager(owner)
      ? sql`SELECT d.game_id, d.play_points_cents, d.win_points_cents FROM play_daily_by_manager d
             WHERE d.manager_id = ${owner.id}::uuid AND d.under_master
               AND d.day >= ${days.from}::date AND d.day <= ${days.to}::date`
      : sql`SELECT d.game_id, d.play_points_cents, d.win_points_cents FROM play_daily_by_parent d
             WHERE d.parent_id = ${owner.id}::uuid AND d.day >= ${days.from}::date AND d.day <= ${days.to}::date`;
  const rows = await rowsOverClosedWeeks<{ cents: DbCents }>(db, 'games', range, (split) => {
    const parts = split.days.map(
      (days) => sql`SELECT ${profitSum('games')} AS cents FROM (${below(days)}) d WHERE ${kindFilter('games')}`,
    );
    if (split.closedWeeks.length > 0) {
      // Every master of the network: the weeks' whole ranges; any other subtree: its masters' rows.
      const masterIds = holdsWholeNetwork(owner)
        ? undefined
        : sql`SELECT m.id FROM (${subtreeMasters(owner, { sort: 'username', order: 'asc' })}) m`;
      parts.push(sql`SELECT sum(c.cents)::bigint AS cents FROM (${closedWeeksMasterProfit(masterIds, split.closedWeeks)}) c`);
    }
    return sql`SELECT sum(t.cents)::bigint AS cents FROM (${sql.join(parts, sql` UNION ALL `)}) t`;
  });
  return readCents(rows[0]?.cents);
}

/** Profit of one account (its whole subtree, docs/domain.md, "Games, draws and plays") over the IST days of `range`, in cents. */
export async function profitOver(db: Queryable, accountId: string, range: DayRange): Promise<bigint> {
  const rows = await queryRows<{ cents: DbCents }>(
    db,
    sql`SELECT ${profitSum('games')} AS cents FROM (${playsUnder(oneRoot(accountId), range)}) d WHERE ${kindFilter('games')}`,
  );
  return readCents(rows[0]?.cents);
}

export interface MemberElsewhereCents {
  memberId: string;
  username: string;
  firstName: string;
  lastName: string;
  cafe: string;
  /** Username of the agent owning the cafe. */
  cafeAgent: string;
  playCents: bigint;
  profitCents: bigint;
}

/** A master's members who played at another agent's cafe over the IST days of `range`: member, cafe, points. */
export async function membersElsewhere(db: Queryable, masterId: string, range: DayRange): Promise<MemberElsewhereCents[]> {
  const rows = await queryRows<{
    member_id: string;
    username: string;
    first_name: string;
    last_name: string;
    cafe: string;
    cafe_agent: string;
    play_cents: DbCents;
    profit_cents: DbCents;
  }>(
    db,
    sql`SELECT p.id AS member_id, p.username, p.first_name, p.last_name, cf.name AS cafe, owner.username AS cafe_agent,
               sum(d.play_points_cents)::bigint AS play_cents, ${profitSum('games')} AS profit_cents
          FROM accounts p
          JOIN play_daily d ON d.member_id = p.id AND d.day >= ${range.from}::date AND d.day <= ${range.to}::date
                           AND ${kindFilter('games')}
          JOIN cafes cf ON cf.id = d.cafe_id AND cf.master_id <> p.parent_id
          JOIN accounts owner ON owner.id = cf.master_id
         WHERE p.parent_id = ${masterId}::uuid AND p.role = 'player'
         GROUP BY p.id, p.username, p.first_name, p.last_name, cf.id, cf.name, owner.username
         ORDER BY lower(p.username), cf.name`,
  );
  return rows.map((r) => ({
    memberId: r.member_id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    cafe: r.cafe,
    cafeAgent: r.cafe_agent,
    playCents: readCents(r.play_cents),
    profitCents: readCents(r.profit_cents),
  }));
}
