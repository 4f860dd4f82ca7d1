import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, type DayRange, type IsoDay } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { holdsWholeNetwork, kindFilter, playsUnder, profitSum, type SubtreeOwner, subtreeJoin } from '../play-sums/index.js';
import type { CafeOfMaster } from './cafe-profit.js';

/**
 * Cafe Trends (docs/domain.md, "The owner's week"): every cafe of the masters in a subtree over
 * consecutive weeks, each cell the cafe's profit that week exactly as Cafe Profit gives it for the
 * week: a week the job has closed from what its closing fixed (cafe_week), any other week from the
 * daily roll-up by cafe (play_daily_by_cafe) with Cafe Profit's rule. One statement sums, sorts, pages and totals, so that a
 * page of the superadmin's thousands of cafes sends ten rows. Its default order is a figure (Total,
 * highest first): for the whole network a page in that order is read from the totals the writes
 * keep per cafe (cafe_trend_totals, migration 0043) and its totals row from the network's own
 * figures, so that it costs the same at any size of network; any other order, and any subtree,
 * sums every cafe of the subtree.
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
  if (page && holdsWholeNetwork(account) && order.sort === 'total') {
    const kept = await keptPage(db, weeks, order.order, page);
    if (kept) {
      const [cafes, totals] = await Promise.all([
        kept.length > 0 ? pageRows(db, account, weeks, order, kept) : [],
        networkTotals(db, account, weeks),
      ]);
      return { cafes, totals };
    }
  }
  const limit = page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  const totals = weeks.shown.map((_, i) => sql`coalesce(sum(r.${weekColumn(i + 1)}), 0) AS ${sql.identifier(`t_week${i + 1}`)}`);
  const rows = await queryRows<TotalsRow & Partial<CafeRow>>(
    db,
    sql`WITH ${trendRows(account, weeks)},
             t AS (SELECT count(*) AS cafes, ${sql.join(totals, sql`, `)}, coalesce(sum(r.total), 0) AS t_total,
                          coalesce(sum(r.previous), 0) AS t_previous FROM r)
        SELECT t.*, p.* FROM t LEFT JOIN LATERAL (SELECT r.* FROM r ORDER BY ${orderBy(order)} ${limit}) p ON true`,
  );
  const t = definite(rows[0], 'the totals row');
  const count = weeks.shown.length;
  return {
    cafes: rows.filter((row): row is TotalsRow & CafeRow => row.cafeId != null).map((row) => cafeOf(row, count)),
    totals: {
      cafes: Number(t.cafes),
      shownCents: Array.from({ length: count }, (_, i) => readCents(t[`t_week${i + 1}`])),
      totalCents: readCents(t.t_total),
      previousCents: readCents(t.t_previous),
    },
  };
}

const cafeOf = (row: CafeRow, count: number): CafeTrendCents => ({
  cafeId: row.cafeId,
  cafe: row.cafe,
  masterId: row.masterId,
  master: row.master,
  shownCents: Array.from({ length: count }, (_, i) => readCents(row[`week${i + 1}`])),
  totalCents: readCents(row.total),
  previousCents: readCents(row.previous),
});

/**
 * The CTEs `s` (the account's cafes, or those of `only`), `c` (their weekly cells), `g` (summed per
 * cafe id: a hash of ids, not a sort of wide rows) and `r` (a row per cafe: its name, its agent,
 * each week shown, `total` and `previous`).
 */
function trendRows(account: SubtreeOwner, weeks: CafeTrendWeeks, only?: readonly string[]): SQL {
  const shownSums = weeks.shown.map(
    (week, i) => sql`sum(c.profit_cents) FILTER (WHERE c.week_start = ${week}::date) AS ${weekColumn(i + 1)}`,
  );
  const shownColumns = weeks.shown.map((_, i) => sql`coalesce(g.${weekColumn(i + 1)}, 0)::bigint AS ${weekColumn(i + 1)}`);
  const firstShown = definite(weeks.shown[0], 'the first week shown');
  const onlyThese = only
    ? sql`WHERE cf.id IN (${sql.join(
        only.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return sql`s AS (SELECT cf.id AS "cafeId", cf.name AS cafe, ma.id AS "masterId", ma.username AS master
                     FROM cafes cf ${subtreeJoin(account, sql`cf.master_id`)} JOIN accounts ma ON ma.id = cf.master_id ${onlyThese}),
             c AS (${cells(account, [...weeks.before, ...weeks.shown], weeks.closed, only !== undefined)}),
             g AS (SELECT c.cafe_id, ${sql.join(shownSums, sql`, `)},
                          sum(c.profit_cents) FILTER (WHERE c.week_start >= ${firstShown}::date) AS total,
                          sum(c.profit_cents) FILTER (WHERE c.week_start < ${firstShown}::date) AS previous
                     FROM c GROUP BY c.cafe_id),
             r AS (SELECT s."cafeId", s.cafe, s."masterId", s.master, ${sql.join(shownColumns, sql`, `)},
                          coalesce(g.total, 0)::bigint AS total, coalesce(g.previous, 0)::bigint AS previous
                     FROM s LEFT JOIN g ON g.cafe_id = s."cafeId")`;
}

/** The columns of cafe_trend_totals by number of weeks shown (migration 0043): the periods kept. */
const KEPT_PERIODS: Readonly<Record<number, string>> = {
  4: 'weeks4_cents',
  8: 'weeks8_cents',
  12: 'weeks12_cents',
  26: 'weeks26_cents',
};

/**
 * The ids of the whole network's page of cafes by Total, read in order from the index of the
 * period's kept totals (cafe_trend_totals): the page and the cafes tied with its last, whatever
 * the number of cafes. Null when the period is not kept, or kept for another week than the one
 * shown (each Monday, until the closing job moves it on), or being moved (some rows at each
 * week): then every cafe is summed.
 */
async function keptPage(
  db: Queryable,
  weeks: CafeTrendWeeks,
  direction: 'asc' | 'desc',
  page: { offset: number; limit: number },
): Promise<string[] | null> {
  const column = KEPT_PERIODS[weeks.shown.length];
  const current = weeks.shown.at(-1);
  if (!column || !current) return null;
  const dir = direction === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<{ cafe_id: string | null }>(
    db,
    sql`SELECT p.cafe_id FROM cafe_trend_week k
          LEFT JOIN LATERAL (
            SELECT t.cafe_id FROM cafe_trend_totals t
              JOIN cafes cf ON cf.id = t.cafe_id JOIN accounts ma ON ma.id = cf.master_id
             ORDER BY t.${sql.identifier(column)} ${dir}, ${byText(sql`ma.username`)}, ${byText(sql`cf.name`)}, cf.id
             LIMIT ${page.limit} OFFSET ${page.offset}) p ON true
         WHERE k.week_start = ${current}::date AND k.moving_to IS NULL`,
  );
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.cafe_id ? [row.cafe_id] : []));
}

/** The rows of the cafes `ids`, in `order` (the same as the kept index's: a page of it). */
async function pageRows(
  db: Queryable,
  account: SubtreeOwner,
  weeks: CafeTrendWeeks,
  order: CafeTrendOrder,
  ids: readonly string[],
): Promise<CafeTrendCents[]> {
  const rows = await queryRows<CafeRow>(
    db,
    sql`WITH ${trendRows(account, weeks, ids)} SELECT r.* FROM r ORDER BY ${orderBy(order)}`,
  );
  return rows.map((row) => cafeOf(row, weeks.shown.length));
}

/**
 * The totals over every cafe of the whole network, a few rows per week at any size of network: a
 * closed week from cafe_week summed (cafe_week_totals, one row), any other week from the
 * superadmin's roll-ups kept per manager (playsUnder), the cafes counted in cafe_count. Every play
 * is made at a cafe, and every cafe is a master's in the network, so these are the sums of the
 * cafes' rows.
 */
async function networkTotals(db: Queryable, account: SubtreeOwner, weeks: CafeTrendWeeks): Promise<CafeTrendTotalsCents> {
  const all = [...weeks.before, ...weeks.shown];
  const closedWeeks = all.filter((week) => weeks.closed.has(week));
  const parts: SQL[] = [sql`SELECT NULL::date AS week_start, NULL::bigint AS profit_cents WHERE false`];
  if (closedWeeks.length > 0) {
    parts.push(sql`
      SELECT w.week_start, (w.own_profit_cents + w.other_profit_cents)::bigint FROM cafe_week_totals w
       WHERE w.week_start IN (${sql.join(
         closedWeeks.map((week) => sql`${week}::date`),
         sql`, `,
       )})`);
  }
  for (const range of liveRuns(all, weeks.closed)) {
    parts.push(sql`
      SELECT ist_week_start(d.day), ${profitSum('games')}
        FROM (${playsUnder(sql`SELECT ${account.id}::uuid AS id`, range)}) d
       WHERE ${kindFilter('games')}
       GROUP BY 1`);
  }
  const rows = await queryRows<{ week_start: string | null; profit_cents: DbCents | null; cafes: string | number }>(
    db,
    sql`SELECT w.week_start::text AS week_start, w.profit_cents, (SELECT c.cafes FROM cafe_count c) AS cafes
          FROM (SELECT 1) one LEFT JOIN (${sql.join(parts, sql` UNION ALL `)}) w ON true`,
  );
  const byWeek = new Map<string, bigint>();
  for (const row of rows) {
    if (row.week_start === null) continue;
    byWeek.set(row.week_start, (byWeek.get(row.week_start) ?? 0n) + readCents(row.profit_cents ?? '0'));
  }
  const sumOf = (list: readonly IsoDay[]) => list.reduce((sum, week) => sum + (byWeek.get(week) ?? 0n), 0n);
  const shownCents = weeks.shown.map((week) => byWeek.get(week) ?? 0n);
  return {
    cafes: Number(definite(rows[0], 'the count of cafes').cafes),
    shownCents,
    totalCents: sumOf(weeks.shown),
    previousCents: sumOf(weeks.before),
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
function cells(account: SubtreeOwner, weeks: readonly IsoDay[], closed: ReadonlySet<IsoDay>, someCafes: boolean): SQL {
  const closedWeeks = weeks.filter((week) => closed.has(week));
  // The whole network's cafes are every cafe: no need to look each row's cafe up in `s`.
  const inSubtree = (cafe: SQL) =>
    holdsWholeNetwork(account) && !someCafes ? sql`true` : sql`${cafe} IN (SELECT s."cafeId" FROM s)`;
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
