import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, type DayRange, type IsoDay } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { holdsWholeNetwork, kindFilter, profitSum, type SubtreeOwner, subtreeJoin } from '../play-sums/index.js';
import type { CafeOfMaster } from './cafe-profit.js';

/**
 * Cafe Trends (docs/domain.md, "The owner's week"): every cafe of the masters in a subtree over
 * consecutive weeks, each cell the cafe's profit that week exactly as Cafe Profit gives it for the
 * week: a week the job has closed from what its closing fixed (cafe_week), any other week from the
 * daily roll-up by cafe (play_daily_by_cafe) with Cafe Profit's rule. One statement sums, sorts, pages and totals, so that a
 * page of the superadmin's thousands of cafes sends ten rows. Its default order is a figure (Total,
 * highest first): every view, the first page too, sums every cafe of the subtree, as large as the network.
 */

/** The weeks of a Cafe Trends: `shown` (oldest first) and as many `before` them, all Mondays. */
export interface CafeTrendWeeks {
  shown: readonly IsoDay[];
  before: readonly IsoDay[];
  /** The weeks the job has closed (settled_weeks, draw games): read from cafe_week. */
  closed: ReadonlySet<IsoDay>;
}

export interface CafeTrendCents extends CafeOfMaster {
  /** Profit per week shown, oldest first. */
  shownCents: bigint[];
  totalCents: bigint;
  previousCents: bigint;
}

/** Over every cafe of the subtree, not only the page. */
export interface CafeTrendTotalsCents {
  cafes: number;
  shownCents: bigint[];
  totalCents: bigint;
  previousCents: bigint;
}

/** A fixed column or `week{n}` (n from 1, the oldest week shown; the caller has checked it is shown). */
export interface CafeTrendOrder {
  sort: string;
  order: 'asc' | 'desc';
}

const weekColumn = (position: number) => sql.identifier(`week${position}`);

/**
 * One page of the cafes (`limit` rows after `offset`; every cafe without `page`) in `order`, ties
 * by agent, then cafe, with the number of cafes and the totals over all of them.
 */
export async function cafeTrends(
  db: Queryable,
  account: SubtreeOwner,
  weeks: CafeTrendWeeks,
  order: CafeTrendOrder,
  page?: { offset: number; limit: number },
): Promise<{ cafes: CafeTrendCents[]; totals: CafeTrendTotalsCents }> {
  const shownSums = weeks.shown.map(
    (week, i) => sql`sum(c.profit_cents) FILTER (WHERE c.week_start = ${week}::date) AS ${weekColumn(i + 1)}`,
  );
  const shownColumns = weeks.shown.map((_, i) => sql`coalesce(g.${weekColumn(i + 1)}, 0)::bigint AS ${weekColumn(i + 1)}`);
  const firstShown = definite(weeks.shown[0], 'the first week shown');
  const limit = page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  const totals = weeks.shown.map((_, i) => sql`coalesce(sum(r.${weekColumn(i + 1)}), 0) AS ${sql.identifier(`t_week${i + 1}`)}`);
  // Summed per cafe id (`g`) before the cafes' names join: a hash of ids, not a sort of wide rows.
  const rows = await queryRows<TotalsRow & Partial<CafeRow>>(
    db,
    sql`WITH s AS (SELECT cf.id AS "cafeId", cf.name AS cafe, ma.id AS "masterId", ma.username AS master
                     FROM cafes cf ${subtreeJoin(account, sql`cf.master_id`)} JOIN accounts ma ON ma.id = cf.master_id),
             c AS (${cells(account, [...weeks.before, ...weeks.shown], weeks.closed)}),
             g AS (SELECT c.cafe_id, ${sql.join(shownSums, sql`, `)},
                          sum(c.profit_cents) FILTER (WHERE c.week_start >= ${firstShown}::date) AS total,
                          sum(c.profit_cents) FILTER (WHERE c.week_start < ${firstShown}::date) AS previous
                     FROM c GROUP BY c.cafe_id),
             r AS (SELECT s."cafeId", s.cafe, s."masterId", s.master, ${sql.join(shownColumns, sql`, `)},
                          coalesce(g.total, 0)::bigint AS total, coalesce(g.previous, 0)::bigint AS previous
                     FROM s LEFT JOIN g ON g.cafe_id = s."cafeId"),
             t AS (SELECT count(*) AS cafes, ${sql.join(totals, sql`, `)}, coalesce(sum(r.total), 0) AS t_total,
                          coalesce(sum(r.previous), 0) AS t_previous FROM r)
        SELECT t.*, p.* FROM t LEFT JOIN LATERAL (SELECT r.* FROM r ORDER BY ${orderBy(order)} ${limit}) p ON true`,
  );
  const t = definite(rows[0], 'the totals row');
  const count = weeks.shown.length;
  return {
    cafes: rows
      .filter((row): row is TotalsRow & CafeRow => row.cafeId != null)
      .map((row) => ({
        cafeId: row.cafeId,
        cafe: row.cafe,
        masterId: row.masterId,
        master: row.master,
        shownCents: Array.from({ length: count }, (_, i) => readCents(row[`week${i + 1}`])),
        totalCents: readCents(row.total),
        previousCents: readCents(row.previous),
      })),
    totals: {
      cafes: Number(t.cafes),
      shownCents: Array.from({ length: count }, (_, i) => readCents(t[`t_week${i + 1}`])),
      totalCents: readCents(t.t_total),
      previousCents: readCents(t.t_previous),
    },
  };
}

type CafeRow = CafeOfMaster & { total: DbCents; previous: DbCents } & Record<`week${number}`, DbCents>;
type TotalsRow = { cafes: string | number; t_total: DbCents; t_previous: DbCents } & Record<`t_week${number}`, DbCents>;

/**
 * The profit of every cafe of `s` (the account's cafes) in each of `weeks` that had any play:
 * rows of `cafe_id`, `week_start` and `profit_cents`, a cafe and week possibly on several rows. A
 * closed week's row is what its closing fixed (own and other members together: the cafe's profit);
 * the other weeks are summed from play_daily_by_cafe (play_daily summed by cafe, day and game: a
 * seventh of its rows in the large network's open week), each run of consecutive weeks in one
 * range, with Cafe Profit's rule.
 */
function cells(account: SubtreeOwner, weeks: readonly IsoDay[], closed: ReadonlySet<IsoDay>): SQL {
  const closedWeeks = weeks.filter((week) => closed.has(week));
  // The whole network's cafes are every cafe: no need to look each row's cafe up in `s`.
  const inSubtree = (cafe: SQL) => (holdsWholeNetwork(account) ? sql`true` : sql`${cafe} IN (SELECT s."cafeId" FROM s)`);
  const parts: SQL[] = [sql`SELECT NULL::uuid AS cafe_id, NULL::date AS week_start, NULL::bigint AS profit_cents WHERE false`];
  if (closedWeeks.length > 0) {
    parts.push(sql`
      SELECT w.cafe_id, w.week_start, (w.own_profit_cents + w.other_profit_cents)::bigint
        FROM cafe_week w
       WHERE w.week_start IN (${sql.join(
         closedWeeks.map((week) => sql`${week}::date`),
         sql`, `,
       )}) AND ${inSubtree(sql`w.cafe_id`)}`);
  }
  // The profit rule per cafe and game first, the game's kind read on those few thousand sums (a
  // join of every roll-up row to games cost more than the sums). A run of one week (mostly the
  // open week alone) has the week as a constant.
  for (const range of liveRuns(weeks, closed)) {
    const oneWeek = range.to === addDays(range.from, 6);
    const week = oneWeek ? sql`${range.from}::date` : sql`ist_week_start(d.day)`;
    parts.push(sql`
      SELECT d.cafe_id, d.week_start, sum(d.profit_cents)::bigint
        FROM (SELECT d.cafe_id, d.game_id, ${week} AS week_start, ${profitSum('games')} AS profit_cents
                FROM play_daily_by_cafe d
               WHERE d.day >= ${range.from}::date AND d.day <= ${range.to}::date AND ${inSubtree(sql`d.cafe_id`)}
               GROUP BY d.cafe_id, d.game_id${oneWeek ? sql`` : sql`, 3`}) d
       WHERE ${kindFilter('games')}
       GROUP BY d.cafe_id, d.week_start`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** The weeks not closed, as runs of consecutive weeks (Monday of the first to Sunday of the last). */
function liveRuns(weeks: readonly IsoDay[], closed: ReadonlySet<IsoDay>): DayRange[] {
  const runs: DayRange[] = [];
  for (const week of [...weeks].sort()) {
    if (closed.has(week)) continue;
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === week) last.to = addDays(week, 6);
    else runs.push({ from: week, to: addDays(week, 6) });
  }
  return runs;
}

// Names compare by code point with A-Z as a-z, the same on PGlite and on any PostgreSQL (as Cafe Profit's).
const byText = (column: SQL): SQL => sql`lower(${column} COLLATE "C")`;

const BY_TOTAL = sql`r.total`;
const FIXED_SORT_KEYS: Readonly<Record<string, SQL>> = {
  cafe: byText(sql`r.cafe`),
  master: byText(sql`r.master`),
  total: BY_TOTAL,
  previous: sql`r.previous`,
  change: sql`(r.total - r.previous)`,
};

/** The ORDER BY of `order` over the rows `r`; ties by agent, then cafe, then the cafe's id, so that a page is stable. */
function orderBy({ sort, order }: CafeTrendOrder): SQL {
  const week = /^week(\d+)$/.exec(sort);
  const key = week ? sql`r.${weekColumn(Number(week[1]))}` : (FIXED_SORT_KEYS[sort] ?? BY_TOTAL);
  const direction = order === 'asc' ? sql`ASC` : sql`DESC`;
  return sql`${key} ${direction}, ${FIXED_SORT_KEYS.master}, ${FIXED_SORT_KEYS.cafe}, r."cafeId"`;
}
