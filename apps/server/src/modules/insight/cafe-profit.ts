import type { CafeProfitSort } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type DayRange, weekStartOf } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { cafeSums, holdsWholeNetwork, playsAtCafe, type SubtreeOwner, subtreeJoin } from '../play-sums/index.js';
import { closedByJob, weekEndDay } from '../weeks/index.js';

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

/** Cafe Profit's totals over every cafe of the subtree (members are not added up across cafes). */
export interface CafeTotalsCents {
  cafes: number;
  plays: number;
  stakeCents: bigint;
  winsCents: bigint;
  ownProfitCents: bigint;
  otherProfitCents: bigint;
}

/** The order of Cafe Profit's rows: a column, its direction; ties always by agent, then cafe. */
export interface CafeOrder {
  sort: CafeProfitSort;
  order: 'asc' | 'desc';
}

type CafeRow = CafeOfMaster & {
  plays: string | number;
  play_points_cents: DbCents;
  win_points_cents: DbCents;
  own_profit_cents: DbCents;
  other_profit_cents: DbCents;
  members: string | number;
};

type TotalsRow = {
  cafes: string | number;
  t_plays: string | number;
  t_play_points_cents: DbCents;
  t_win_points_cents: DbCents;
  t_own_profit_cents: DbCents;
  t_other_profit_cents: DbCents;
};

const BY_AGENT: CafeOrder = { sort: 'master', order: 'asc' };

/**
 * Cafe Profit (docs/domain.md, "Insight"): every cafe of the masters in the subtree of
 * `account` (itself included), with the draw-games plays made there over the IST days of
 * `range`, whoever played, split by whether the member's parent owns the cafe, in `order`. Cafes
 * without a play show zeros.
 */
export async function cafeProfit(
  db: Queryable,
  account: SubtreeOwner,
  range: DayRange,
  order = BY_AGENT,
): Promise<CafeProfitCents[]> {
  const rows = await queryRows<CafeRow>(
    db,
    sql`SELECT * FROM (${(await cafeRows(db, account, range)).cafes}) r ORDER BY ${orderBy(order)}`,
  );
  return rows.map(cafeOf);
}

/**
 * One page of cafeProfit (`limit` rows after `offset`) with the number of cafes and the totals over
 * every one of them: the database sorts, pages and adds up, so a large network's page sends ten
 * rows, not a thousand.
 */
export async function cafeProfitPage(
  db: Queryable,
  account: SubtreeOwner,
  range: DayRange,
  order: CafeOrder,
  page: { offset: number; limit: number },
): Promise<{ cafes: CafeProfitCents[]; totals: CafeTotalsCents }> {
  // The totals' row always comes back, with the page's rows beside it (none past the last page).
  const { cafes, closedWeek } = await cafeRows(db, account, range);
  const pageOf = (r: SQL) => sql`SELECT * FROM ${r} r ORDER BY ${orderBy(order)} LIMIT ${page.limit} OFFSET ${page.offset}`;
  const statement =
    closedWeek && holdsWholeNetwork(account)
      ? // The whole network's week: its totals from the week's one row of cafe_week_totals (kept
        // from cafe_week's rows, migration 0043) and the cafes from cafe_count, and its page read in order (by agent, through
        // accounts_master_username_c_idx) without listing every cafe first.
        sql`SELECT t.*, p.*
              FROM (SELECT (SELECT c.cafes FROM cafe_count c) AS cafes, ${totalsOf('w')}
                      FROM cafe_week_totals w WHERE w.week_start = ${range.from}::date) t
              LEFT JOIN LATERAL (${pageOf(sql`(${cafes})`)}) p ON true`
      : sql`WITH r AS (${cafes}), t AS (SELECT count(*) AS cafes, ${totalsOf('r')} FROM r)
            SELECT t.*, p.* FROM t LEFT JOIN LATERAL (${pageOf(sql`r`)}) p ON true`;
  const rows = await queryRows<TotalsRow & Partial<CafeRow>>(db, statement);
  const t = definite(rows[0], 'the totals row');
  return {
    cafes: rows.filter((row): row is TotalsRow & CafeRow => row.cafeId != null).map(cafeOf),
    totals: {
      cafes: Number(t.cafes),
      plays: Number(t.t_plays),
      stakeCents: readCents(t.t_play_points_cents),
      winsCents: readCents(t.t_win_points_cents),
      ownProfitCents: readCents(t.t_own_profit_cents),
      otherProfitCents: readCents(t.t_other_profit_cents),
    },
  };
}

/** The sums of Cafe Profit's totals over the rows aliased `alias` (cafe rows, or cafe_week's). */
const totalsOf = (alias: string): SQL => {
  const of = (column: string, as: string) =>
    sql`coalesce(sum(${sql.identifier(alias)}.${sql.identifier(column)}), 0) AS ${sql.identifier(as)}`;
  return sql.join(
    [
      of('plays', 't_plays'),
      of('play_points_cents', 't_play_points_cents'),
      of('win_points_cents', 't_win_points_cents'),
      of('own_profit_cents', 't_own_profit_cents'),
      of('other_profit_cents', 't_other_profit_cents'),
    ],
    sql`, `,
  );
};

function cafeOf(row: CafeRow): CafeProfitCents {
  return {
    cafeId: row.cafeId,
    cafe: row.cafe,
    masterId: row.masterId,
    master: row.master,
    plays: Number(row.plays),
    stakeCents: readCents(row.play_points_cents),
    winsCents: readCents(row.win_points_cents),
    ownProfitCents: readCents(row.own_profit_cents),
    otherProfitCents: readCents(row.other_profit_cents),
    members: Number(row.members),
  };
}

// Names compare by code point with A-Z as a-z: under the "C" collation lower() changes ASCII letters
// only, so the order is the same on PGlite and on any PostgreSQL whatever its locale.
const byText = (column: SQL): SQL => sql`lower(${column} COLLATE "C")`;

const SORT_KEYS: Record<CafeProfitSort, SQL> = {
  cafe: byText(sql`r.cafe`),
  master: byText(sql`r.master`),
  plays: sql`r.plays`,
  stake: sql`r.play_points_cents`,
  wins: sql`r.win_points_cents`,
  profit: sql`(r.own_profit_cents + r.other_profit_cents)`,
  ownProfit: sql`r.own_profit_cents`,
  otherProfit: sql`r.other_profit_cents`,
  members: sql`r.members`,
};

/** The ORDER BY of `order` over cafeRows' columns (`r`); ties by agent, then cafe, then the cafe's id, so a page is stable. */
function orderBy({ sort, order }: CafeOrder): SQL {
  const direction = order === 'asc' ? sql`ASC` : sql`DESC`;
  return sql`${SORT_KEYS[sort]} ${direction}, ${SORT_KEYS.master}, ${SORT_KEYS.cafe}, r."cafeId"`;
}

const CAFE = sql`cf.id AS "cafeId", cf.name AS cafe, ma.id AS "masterId", ma.username AS master`;

/**
 * The rows of every cafe, unordered: over exactly a closed week (Monday to Sunday) the figures its
 * closing fixed (cafe_week: the same sums, own and other by the parents at closing); over any
 * other range the daily roll-ups.
 */
async function cafeRows(db: Queryable, account: SubtreeOwner, range: DayRange): Promise<{ cafes: SQL; closedWeek: boolean }> {
  const closedWeek = await isClosedWeek(db, range);
  return { cafes: closedWeek ? closedWeekRows(account, range.from) : liveRows(account, range), closedWeek };
}

/** `range` is exactly a week (Monday to Sunday) whose draw-games settlement the job has closed. */
async function isClosedWeek(db: Queryable, range: DayRange): Promise<boolean> {
  if (weekStartOf(range.from) !== range.from || range.to !== weekEndDay(range.from)) return false;
  return closedByJob(db, 'games', range.from);
}

/**
 * The cafes of the masters in the account's subtree, with their masters (`cf`, `ma`): for the
 * superadmin every cafe, without walking the closure of the whole network. Every cafe's owner is
 * a master (migration 0044 refuses any other); saying so lets the page in agent order walk the
 * masters' index (accounts_master_username_c_idx) rather than every account's.
 */
function cafesOf(account: SubtreeOwner): SQL {
  return sql`cafes cf ${subtreeJoin(account, sql`cf.master_id`)} JOIN accounts ma ON ma.id = cf.master_id AND ma.role = 'master'`;
}

/** The rows summed from play_daily with the rule of cafeSums. */
function liveRows(account: SubtreeOwner, range: DayRange): SQL {
  return sql`SELECT ${CAFE}, ${cafeSums}
          FROM ${cafesOf(account)}
          LEFT JOIN ${playsAtCafe(range)}
         GROUP BY cf.id, cf.name, ma.id, ma.username`;
}

/** The rows of cafe_week of a closed week; a cafe without a row had no play that week. */
function closedWeekRows(account: SubtreeOwner, weekStart: string): SQL {
  return sql`SELECT ${CAFE}, coalesce(w.plays, 0) AS plays, coalesce(w.play_points_cents, 0) AS play_points_cents,
               coalesce(w.win_points_cents, 0) AS win_points_cents, coalesce(w.own_profit_cents, 0) AS own_profit_cents,
               coalesce(w.other_profit_cents, 0) AS other_profit_cents, coalesce(w.members, 0) AS members
          FROM ${cafesOf(account)}
          LEFT JOIN cafe_week w ON w.week_start = ${weekStart}::date AND w.cafe_id = cf.id`;
}
