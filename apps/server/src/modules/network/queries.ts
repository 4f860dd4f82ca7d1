import type { AgentRow, DailyStatusRow, MemberElsewhereRow } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import type { DayRange } from '../../lib/dates.js';
import { centsToPoints } from '../../lib/money.js';
import { kindFilter, oneRoot, playsUnder, profitSum } from '../settlement/profit-sql.js';

/** Profit counts the draw games (play − win); poker rake is reported on its own (Poker Revenue). */
const DRAW_GAMES = sql`(SELECT id FROM games WHERE kind = 'draw')`;

interface AccountSqlRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  role: string;
  address: string;
  commission: string | number;
  user_status: boolean;
  wallet_balance_cents: number;
}

const ACCOUNT_COLUMNS = sql`a.id, a.username, a.first_name, a.last_name, a.role, a.address, a.commission, a.user_status, a.wallet_balance_cents`;

export function fullName(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

function toAgentRow(r: AccountSqlRow): AgentRow {
  return {
    _id: r.id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    fullname: fullName(r.first_name, r.last_name),
    role: r.role,
    address: r.address,
    commission: Number(r.commission),
    userStatus: r.user_status,
    walletBalance: centsToPoints(r.wallet_balance_cents),
  };
}

/** Masters (agents) in the subtree of `rootId`, the root included when it is one. */
export async function mastersInScope(db: Queryable, rootId: string): Promise<AgentRow[]> {
  const rows = await queryRows<AccountSqlRow>(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS} FROM account_closure c JOIN accounts a ON a.id = c.descendant_id
         WHERE c.ancestor_id = ${rootId}::uuid AND a.role = 'master' ORDER BY lower(a.username)`,
  );
  return rows.map(toAgentRow);
}

export async function directChildren(db: Queryable, parentId: string): Promise<AgentRow[]> {
  const rows = await queryRows<AccountSqlRow>(
    db,
    sql`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.parent_id = ${parentId}::uuid ORDER BY lower(a.username)`,
  );
  return rows.map(toAgentRow);
}

export async function accountRow(db: Queryable, id: string): Promise<AgentRow> {
  const rows = await queryRows<AccountSqlRow>(db, sql`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = ${id}::uuid`);
  return toAgentRow(rows[0]!);
}

/** The chain from `rootId` down to `id` (both included), for a breadcrumb. `id` must be in root's subtree. */
export async function pathFrom(db: Queryable, rootId: string, id: string): Promise<{ _id: string; username: string }[]> {
  return queryRows<{ _id: string; username: string }>(
    db,
    sql`SELECT a.id AS "_id", a.username
          FROM account_closure up
          JOIN account_closure down ON down.ancestor_id = ${rootId}::uuid AND down.descendant_id = up.ancestor_id
          JOIN accounts a ON a.id = up.ancestor_id
         WHERE up.descendant_id = ${id}::uuid
         ORDER BY up.depth DESC`,
  );
}

/**
 * Profit of each master in the subtree of `rootId` over the IST days of `range` (all masters, 0
 * when idle), and whether any of its members played at another agent's cafe in that range. Read
 * from the daily roll-ups only, so a range costs one row per agent, day and game.
 */
export async function dailyStatus(db: Queryable, rootId: string, range: DayRange): Promise<DailyStatusRow[]> {
  const rows = await queryRows<{
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    address: string;
    profit_cents: number;
    played_elsewhere: boolean;
  }>(
    db,
    sql`WITH masters AS (
          SELECT a.id, a.username, a.first_name, a.last_name, a.address
            FROM account_closure s JOIN accounts a ON a.id = s.descendant_id
           WHERE s.ancestor_id = ${rootId}::uuid AND a.role = 'master'
        ), profit AS (
          -- A master's subtree is itself and its members (only players rank below a master, and
          -- they have no children): its members' plays are the roll-up rows it is the parent of.
          SELECT d.id, sum(d.play_points_cents - d.win_points_cents)::bigint AS cents
            FROM (SELECT p.parent_id AS id, p.game_id, p.play_points_cents, p.win_points_cents
                    FROM play_daily_by_parent p
                   WHERE p.parent_id IN (SELECT id FROM masters) AND p.day >= ${range.from}::date AND p.day <= ${range.to}::date
                  UNION ALL
                  SELECT pd.member_id, pd.game_id, pd.play_points_cents, pd.win_points_cents
                    FROM play_daily pd
                   WHERE pd.member_id IN (SELECT id FROM masters) AND pd.day >= ${range.from}::date AND pd.day <= ${range.to}::date) d
           WHERE d.game_id IN ${DRAW_GAMES}
           GROUP BY d.id
        ), elsewhere AS (
          -- The roll-up keeps the points its members played at cafes of other agents apart.
          SELECT DISTINCT p.parent_id AS id
            FROM play_daily_by_parent p
           WHERE p.parent_id IN (SELECT id FROM masters) AND p.day >= ${range.from}::date AND p.day <= ${range.to}::date
             AND p.game_id IN ${DRAW_GAMES}
             AND p.other_play_points_cents > 0
        )
        SELECT m.id, m.username, m.first_name, m.last_name, m.address,
               coalesce(profit.cents, 0)::bigint AS profit_cents, elsewhere.id IS NOT NULL AS played_elsewhere
          FROM masters m LEFT JOIN profit ON profit.id = m.id LEFT JOIN elsewhere ON elsewhere.id = m.id
         ORDER BY lower(m.username)`,
  );
  return rows.map((r) => ({
    _id: r.id,
    username: r.username,
    fullname: fullName(r.first_name, r.last_name),
    address: r.address,
    profit: centsToPoints(r.profit_cents),
    playedElsewhere: r.played_elsewhere,
  }));
}

/** Profit of one account (its whole subtree, DOMAIN.md section 3) over the IST days of `range`, in cents. */
export async function profitOver(db: Queryable, accountId: string, range: DayRange): Promise<number> {
  const rows = await queryRows<{ cents: number | null }>(
    db,
    sql`SELECT ${profitSum('games')} AS cents FROM (${playsUnder(oneRoot(accountId), range)}) d WHERE ${kindFilter('games')}`,
  );
  return Number(rows[0]?.cents ?? 0);
}

/** A master's members who played at another agent's cafe over the IST days of `range`: member, cafe, points. */
export async function membersElsewhere(db: Queryable, masterId: string, range: DayRange): Promise<MemberElsewhereRow[]> {
  const rows = await queryRows<{
    member_id: string;
    username: string;
    first_name: string;
    last_name: string;
    cafe: string;
    cafe_agent: string;
    play_cents: number;
    profit_cents: number;
  }>(
    db,
    sql`SELECT p.id AS member_id, p.username, p.first_name, p.last_name, cf.name AS cafe, owner.username AS cafe_agent,
               sum(d.play_points_cents)::bigint AS play_cents, sum(d.play_points_cents - d.win_points_cents)::bigint AS profit_cents
          FROM accounts p
          JOIN play_daily d ON d.member_id = p.id AND d.day >= ${range.from}::date AND d.day <= ${range.to}::date
                           AND d.game_id IN ${DRAW_GAMES}
          JOIN cafes cf ON cf.id = d.cafe_id AND cf.master_id <> p.parent_id
          JOIN accounts owner ON owner.id = cf.master_id
         WHERE p.parent_id = ${masterId}::uuid AND p.role = 'player'
         GROUP BY p.id, p.username, p.first_name, p.last_name, cf.id, cf.name, owner.username
         ORDER BY lower(p.username), cf.name`,
  );
  return rows.map((r) => ({
    memberId: r.member_id,
    username: r.username,
    fullname: fullName(r.first_name, r.last_name),
    cafe: r.cafe,
    cafeAgent: r.cafe_agent,
    playPoints: centsToPoints(r.play_cents),
    profit: centsToPoints(r.profit_cents),
  }));
}

/**
 * Accounts in the subtree of `rootId` whose username or name contains `q`, for the account picker;
 * only those of `roles` when given.
 */
export async function searchAccounts(db: Queryable, rootId: string, q: string, limit: number, roles?: readonly string[]) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await queryRows<{ id: string; username: string; first_name: string; last_name: string; role: string }>(
    db,
    sql`SELECT a.id, a.username, a.first_name, a.last_name, a.role
          FROM account_closure c JOIN accounts a ON a.id = c.descendant_id
         WHERE c.ancestor_id = ${rootId}::uuid
           AND (lower(a.username) LIKE ${pattern} OR lower(a.first_name || ' ' || a.last_name) LIKE ${pattern})
           ${roles ? sql`AND a.role::text = ANY (string_to_array(${roles.join(',')}, ','))` : sql``}
         ORDER BY (lower(a.username) = ${q.toLowerCase()}) DESC, c.depth, lower(a.username)
         LIMIT ${limit}`,
  );
  return rows.map((r) => ({ _id: r.id, username: r.username, fullname: fullName(r.first_name, r.last_name), role: r.role }));
}
