import { hasCommission, MANAGER_ROLES, ROLES } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DayRange, IsoDay } from '../../lib/dates.js';

/** The two settlements: draw games (play − win) and poker (rake), each with its own carry-forward. */
export type SettlementKind = 'games' | 'poker';
export const SETTLEMENT_KINDS: readonly SettlementKind[] = ['games', 'poker'];

/**
 * The days of a range for one settlement, as the whole weeks inside it that the job has closed
 * (read from what their closing fixed, weekly_play_totals) and the days left (open weeks and the
 * parts of weeks at either end, read from the daily roll-ups), each run of days one range. The
 * weeks make it (modules/weeks, rowsOverClosedWeeks).
 */
export interface ClosedWeekSplit {
  closedWeeks: IsoDay[];
  days: DayRange[];
}

/**
 * The profit rule (docs/domain.md, "Games, draws and plays"), written here only: Σ(play − win) for draw games, Σ rake
 * for poker. Cast back to bigint: sums of int8 are numeric in SQL.
 */
const drawProfit = (play: SQL, win: SQL, where?: SQL): SQL =>
  where ? sql`sum(${play} - ${win}) FILTER (WHERE ${where})::bigint` : sql`sum(${play} - ${win})::bigint`;

/** Profit of play_daily rows (or roll-up rows) aliased `d`. */
export function profitSum(kind: SettlementKind): SQL {
  return kind === 'games' ? drawProfit(sql`d.play_points_cents`, sql`d.win_points_cents`) : sql`sum(d.rake_cents)::bigint`;
}

/** Draw-games profit of the plays made at another agent's cafe, from playsBelowByChild rows (`d`). */
export const otherCafesProfitSum: SQL = drawProfit(sql`d.other_play_points_cents`, sql`d.other_win_points_cents`);

/** Keeps the play_daily rows (`d`) of the kind's games. */
export function kindFilter(kind: SettlementKind): SQL {
  const gameKind = kind === 'games' ? 'draw' : 'poker';
  return sql`d.game_id IN (SELECT g.id FROM games g WHERE g.kind = ${gameKind})`;
}

/**
 * The profit of the late plays (draw games) or late poker hands (docs/domain.md, "Data from the game platform") of the
 * subtree of `accountId` booked into [from, to], per settlement week of their booking day: rows of
 * `week_start` and `profit_cents`. A late row keeps its real time but is booked on the day it
 * arrived, so it counts in that open week. A row voided while its week was open counts nowhere;
 * one voided after its week closed is reversed, with the opposite sign, on the day the void
 * arrived: that reversal is late too (docs/feed.md, "Voided plays and hands"). Read from
 * late_play_daily, which the plays' and hands' triggers keep per booking day, member, game, cafe and
 * terminal.
 */
export function lateProfitByBookingWeek(kind: SettlementKind, accountId: string, range: DayRange): SQL {
  return sql`
    SELECT ist_week_start(d.day)::text AS week_start, ${profitSum(kind)} AS profit_cents
      FROM late_play_daily d
      JOIN account_closure c ON c.descendant_id = d.member_id AND c.ancestor_id = ${accountId}::uuid
     WHERE d.day >= ${range.from} AND d.day <= ${range.to} AND ${kindFilter(kind)}
     GROUP BY 1`;
}

/**
 * The play_daily rows (`d`) of the draw games at the cafe `cf` over the IST days of `range`, each
 * with its member (`m`, as the account is now): what cafeSums sums, joined after `cafes cf`
 * (`LEFT JOIN` to keep a cafe without plays, `JOIN` to leave it out).
 */
export function playsAtCafe(range: DayRange): SQL {
  return sql`play_daily d
      ON d.cafe_id = cf.id AND d.day >= ${range.from}::date AND d.day <= ${range.to}::date AND ${kindFilter('games')}
    LEFT JOIN accounts m ON m.id = d.member_id`;
}

/** The draw-games profit of the playsAtCafe rows that meet `where`; 0 without any. */
const cafeProfit = (where: SQL): SQL => sql`coalesce(${drawProfit(sql`d.play_points_cents`, sql`d.win_points_cents`, where)}, 0)`;

/**
 * Cafe Profit's figures of a cafe (docs/domain.md, "Insight"), written here only: the report sums
 * them live, and the closing fixes them for a closed week (cafe_week) with the same SQL. Over the
 * playsAtCafe rows of a cafe (`GROUP BY cf.id`), whoever played there: `plays`,
 * `play_points_cents`, `win_points_cents`, the profit of the owner's own members
 * (`own_profit_cents`: the member's parent is the cafe's master) and of the others
 * (`other_profit_cents`), and `members`, those with a play (a reversal alone is no play); zeros
 * without plays. In that order, as the columns of cafe_week.
 */
export const cafeSums: SQL = sql`coalesce(sum(d.plays), 0)::bigint AS plays,
    coalesce(sum(d.play_points_cents), 0)::bigint AS play_points_cents,
    coalesce(sum(d.win_points_cents), 0)::bigint AS win_points_cents,
    ${cafeProfit(sql`m.parent_id = cf.master_id`)} AS own_profit_cents,
    ${cafeProfit(sql`m.parent_id IS DISTINCT FROM cf.master_id`)} AS other_profit_cents,
    count(DISTINCT d.member_id) FILTER (WHERE d.plays > 0) AS members`;

/** `a.role` is a role that earns a commission and is settled every week (the contracts' hasCommission). */
export const hasCommissionSql = (role: SQL): SQL =>
  sql`${role} IN (${sql.join(
    ROLES.filter(hasCommission).map((r) => sql`${r}`),
    sql`, `,
  )})`;

/**
 * The plays made in the subtree of each account that `roots` lists (a query with one uuid column
 * `id`), that account's own plays included, over the IST days of `range`: rows of `root_id`,
 * `day`, `game_id`, `play_points_cents`, `win_points_cents` and `rake_cents`, to be used as
 * `FROM (${playsUnder(...)}) d` with profitSum and kindFilter.
 *
 * The plays below a root are its rows of play_daily_by_manager when it is a manager, its
 * play_daily_by_parent rows when it is a master (a player has none below it); its own plays come
 * from play_daily. A few rows per root, day and game at any size of its subtree.
 */
export function playsUnder(roots: SQL, range: DayRange): SQL {
  return sql`
    SELECT r.id AS root_id, b.day, b.game_id, b.play_points_cents, b.win_points_cents, b.rake_cents
      FROM (${roots}) r
      JOIN play_daily_by_manager b ON b.manager_id = r.id
     WHERE b.day >= ${range.from} AND b.day <= ${range.to}
    UNION ALL
    SELECT r.id, p.day, p.game_id, p.play_points_cents, p.win_points_cents, p.rake_cents
      FROM (${roots}) r
      JOIN accounts a ON a.id = r.id AND a.role = 'master'
      JOIN play_daily_by_parent p ON p.parent_id = r.id
     WHERE p.day >= ${range.from} AND p.day <= ${range.to}
    UNION ALL
    SELECT r.id, pd.day, pd.game_id, pd.play_points_cents, pd.win_points_cents, pd.rake_cents
      FROM (${roots}) r
      JOIN play_daily pd ON pd.member_id = r.id
     WHERE pd.day >= ${range.from} AND pd.day <= ${range.to}`;
}

/** `roots` of one account, for playsUnder. */
export const oneRoot = (accountId: string): SQL => sql`SELECT ${accountId}::uuid AS id`;

/**
 * Whether the subtree of an account is the whole network: the superadmin's is (every account but
 * the house has a parent, and the house is no one's parent), which spares walking its closure.
 */
export const holdsWholeNetwork = (account: { role: string }): boolean => account.role === 'superadmin';

/**
 * Whether the account is a manager (superadmin, admin, superareamanager, areamanager): the
 * accounts play_daily_by_manager and active_members_by_manager keep rows for.
 */
export const isManager = (account: { role: string }): boolean => (MANAGER_ROLES as readonly string[]).includes(account.role);

/** The account whose subtree a report is about. */
export interface SubtreeOwner {
  id: string;
  role: string;
}

/**
 * The join that keeps the rows whose `account` (a column of account ids) is in the subtree of
 * `owner`, the owner included; none for the whole network (holdsWholeNetwork), where it would keep
 * every row after walking the closure of every account. It names the closure `c`: one per query
 * level.
 */
export function subtreeJoin(owner: SubtreeOwner, account: SQL): SQL {
  return holdsWholeNetwork(owner)
    ? sql``
    : sql`JOIN account_closure c ON c.descendant_id = ${account} AND c.ancestor_id = ${owner.id}::uuid`;
}

const childrenOf = (accountId: string): SQL => sql`SELECT id FROM accounts WHERE parent_id = ${accountId}::uuid`;
const masterChildrenOf = (accountId: string): SQL =>
  sql`SELECT id FROM accounts WHERE parent_id = ${accountId}::uuid AND role = 'master'`;

/**
 * Every play below an account (its own excluded) over the IST days of `range`, per direct child
 * of the account it was made under and game: rows of `root_id` (the child), `game_id` and the
 * sums of playsUnder with `other_*`, to be used as `FROM (${playsBelowByChild(...)}) d` with
 * profitSum and kindFilter, a child possibly on several rows. What is below a child comes from
 * play_daily_by_manager (a manager child) or play_daily_by_parent (a master child), its own plays
 * from play_daily: a few rows per child, day and game at any size of the network below.
 */
export function playsBelowByChild(accountId: string, range: DayRange): SQL {
  const children = childrenOf(accountId);
  return sql`
    SELECT b.manager_id AS root_id, b.game_id, b.play_points_cents, b.win_points_cents, b.rake_cents,
           b.other_play_points_cents, b.other_win_points_cents
      FROM play_daily_by_manager b
     WHERE b.manager_id IN (${children}) AND b.day >= ${range.from} AND b.day <= ${range.to}
    UNION ALL
    SELECT p.parent_id, p.game_id, p.play_points_cents, p.win_points_cents, p.rake_cents,
           p.other_play_points_cents, p.other_win_points_cents
      FROM play_daily_by_parent p
     WHERE p.parent_id IN (${masterChildrenOf(accountId)}) AND p.day >= ${range.from} AND p.day <= ${range.to}
    UNION ALL
    SELECT pd.member_id, pd.game_id, pd.play_points_cents, pd.win_points_cents, pd.rake_cents,
           CASE WHEN cf.master_id IS DISTINCT FROM m.parent_id THEN pd.play_points_cents ELSE 0 END,
           CASE WHEN cf.master_id IS DISTINCT FROM m.parent_id THEN pd.win_points_cents ELSE 0 END
      FROM play_daily pd
      JOIN accounts m ON m.id = pd.member_id
      LEFT JOIN cafes cf ON cf.id = pd.cafe_id
     WHERE pd.member_id IN (${children}) AND pd.day >= ${range.from} AND pd.day <= ${range.to}`;
}

/**
 * The profit of `kind` (profitSum's rule) of the plays playsBelowByChild gives, per direct child:
 * rows of `root_id` (the child) and `profit_cents`, a child possibly on two rows (its own plays
 * and those below it). Only the kind's games are read.
 */
export function profitBelowByChild(accountId: string, kind: SettlementKind, range: DayRange): SQL {
  const children = childrenOf(accountId);
  return sql`
    SELECT d.manager_id AS root_id, ${profitSum(kind)} AS profit_cents
      FROM play_daily_by_manager d
     WHERE d.manager_id IN (${children}) AND d.day >= ${range.from} AND d.day <= ${range.to} AND ${kindFilter(kind)}
     GROUP BY 1
    UNION ALL
    SELECT d.parent_id, ${profitSum(kind)}
      FROM play_daily_by_parent d
     WHERE d.parent_id IN (${masterChildrenOf(accountId)}) AND d.day >= ${range.from} AND d.day <= ${range.to}
       AND ${kindFilter(kind)}
     GROUP BY 1
    UNION ALL
    SELECT d.member_id, ${profitSum(kind)}
      FROM play_daily d
     WHERE d.member_id IN (${children}) AND d.day >= ${range.from} AND d.day <= ${range.to} AND ${kindFilter(kind)}
     GROUP BY 1`;
}

const weekList = (weeks: readonly IsoDay[]): SQL =>
  sql.join(
    weeks.map((week) => sql`${week}::date`),
    sql`, `,
  );

/**
 * playsBelowByChild over the days of `split`: its closed weeks from what their closing fixed for
 * each direct child the account had then (weekly_play_totals, one row per child and game, at any
 * size of network), its other days from the roll-ups. The same columns, for the same use.
 */
export function playsBelowByChildOver(accountId: string, kind: SettlementKind, split: ClosedWeekSplit): SQL {
  const parts = split.days.map((range) => playsBelowByChild(accountId, range));
  if (split.closedWeeks.length > 0) {
    parts.unshift(sql`
      SELECT t.account_id AS root_id, t.game_id, t.play_points_cents, t.win_points_cents, t.rake_cents,
             t.other_play_points_cents, t.other_win_points_cents
        FROM weekly_play_totals t
       WHERE t.parent_id = ${accountId}::uuid AND t.kind = ${kind} AND t.week_start IN (${weekList(split.closedWeeks)})`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

/**
 * Each master's draw-games profit (`cents`) and whether any of its members played at another
 * agent's cafe (`elsewhere`) in the closed weeks `weeks`, as their closings fixed them: one row per
 * master with plays and week (weekly_master_profit), `id` the master. `masters`: a query with one
 * uuid column `id`; none for every master of the network, whose rows of a week are one range of
 * the key.
 */
export function closedWeeksMasterProfit(masters: SQL | undefined, weeks: readonly IsoDay[]): SQL {
  const only = masters ? sql` AND w.master_id IN (${masters})` : sql``;
  return sql`
    SELECT w.master_id AS id, w.profit_cents AS cents, w.played_elsewhere AS elsewhere
      FROM weekly_master_profit w
     WHERE w.week_start IN (${weekList(weeks)})${only}`;
}

/**
 * The subtree totals of each account that `accounts` lists (a query with one uuid column `id`)
 * in the closed weeks `weeks` of `kind`, as fixed when they closed: rows of `root_id`,
 * `week_start`, `game_id` and the columns of playsUnder, plus `other_*` and `late_*`. The accounts
 * go to the index as one sorted array (`= ANY`), which walks it in key order: for the whole
 * network's 6,000 masters a quarter cheaper than a probe per account in hash order.
 */
export function closedWeekTotals(accounts: SQL, kind: SettlementKind, weeks: readonly IsoDay[]): SQL {
  return sql`
    SELECT t.account_id AS root_id, t.week_start, t.game_id, t.play_points_cents, t.win_points_cents, t.rake_cents,
           t.other_play_points_cents, t.other_win_points_cents, t.late_play_points_cents, t.late_win_points_cents,
           t.late_rake_cents
      FROM weekly_play_totals t
     WHERE t.account_id = ANY(ARRAY(${accounts})) AND t.kind = ${kind} AND t.week_start IN (${weekList(weeks)})`;
}
