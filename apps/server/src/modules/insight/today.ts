import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, type IsoDay, istDay, istDayStart, weekStartOf } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { LOAN_AMOUNT, loanOwed } from '../loans/loan-owed.js';
import { holdsWholeNetwork, isManager, type SubtreeOwner, subtreeJoin } from '../play-sums/index.js';
import { closedByJob } from '../weeks/index.js';
import type { CafeOfMaster } from './cafe-profit.js';

/**
 * The Today screen's queries (docs/domain.md, "Insight"), in hundredths. Draw games only, as
 * Daily Status and Revenue: today's figures come from the daily roll-up Daily Status reads, last
 * week's up to the same time of day from the plays, or once that week is closed from what its
 * closing fixed per hour.
 */

export interface DayFiguresCents {
  profitCents: bigint;
  stakeCents: bigint;
  plays: number;
  activeMembers: number;
}

interface FiguresRow {
  profit_cents: DbCents;
  stake_cents: DbCents;
  plays: string | number | null;
  members: string | number | null;
}

const figuresOf = (row: FiguresRow | undefined): DayFiguresCents => ({
  profitCents: readCents(row?.profit_cents),
  stakeCents: readCents(row?.stake_cents),
  plays: Number(row?.plays ?? 0),
  activeMembers: Number(row?.members ?? 0),
});

/**
 * A day's figures over per-member rows (`m`: profit, stake, plays, and whether the member played):
 * summed per member first, which counts the members by hashing a few thousand groups instead of
 * sorting every row for a count of distinct members.
 */
const FIGURES = sql`sum(m.profit)::bigint AS profit_cents, sum(m.stake)::bigint AS stake_cents, sum(m.plays)::bigint AS plays,
    count(*) FILTER (WHERE m.active) AS members`;

const drawGames = (alias: SQL): SQL => sql`${alias}.game_id IN (SELECT g.id FROM games g WHERE g.kind = 'draw')`;

/**
 * Today's plays so far below (and of) `owner`: the roll-up rows of the day, as Daily Status sums them.
 * A manager's are its rows of play_daily_by_manager and active_members_by_manager (a few rows at any
 * size of its network; managers do not play); a master's or a member's are its members' play_daily rows.
 */
export async function todayFigures(db: Queryable, owner: SubtreeOwner, today: IsoDay): Promise<DayFiguresCents> {
  if (isManager(owner)) {
    const [row] = await queryRows<FiguresRow>(
      db,
      sql`SELECT sum(d.play_points_cents - d.win_points_cents)::bigint AS profit_cents, sum(d.play_points_cents)::bigint AS stake_cents,
                 sum(d.plays)::bigint AS plays,
                 (SELECT sum(a.members) FROM active_members_by_manager a
                   WHERE a.manager_id = ${owner.id}::uuid AND a.day = ${today}::date) AS members
            FROM play_daily_by_manager d
           WHERE d.manager_id = ${owner.id}::uuid AND d.day = ${today}::date AND ${drawGames(sql`d`)}`,
    );
    return figuresOf(row);
  }
  const [row] = await queryRows<FiguresRow>(
    db,
    sql`SELECT ${FIGURES}
          FROM (SELECT sum(d.play_points_cents - d.win_points_cents) AS profit, sum(d.play_points_cents) AS stake,
                       sum(d.plays) AS plays, bool_or(d.plays > 0) AS active
                  FROM play_daily d
                  ${subtreeJoin(owner, sql`d.member_id`)}
                 WHERE d.day = ${today}::date AND ${drawGames(sql`d`)}
                 GROUP BY d.member_id) m`,
  );
  return figuresOf(row);
}

/**
 * The plays of the same weekday last week, from its start up to `now` less 7 days (booked that day, not
 * late), as play_daily counts them: a play voided while its week was open is left out. Once that
 * week is closed, from what its closing fixed (closedDayFigures); until then from the plays.
 */
export async function lastWeekFigures(db: Queryable, owner: SubtreeOwner, now: Date): Promise<DayFiguresCents> {
  const until = new Date(now.getTime() - 7 * 86_400_000);
  return dayFiguresUpTo(db, owner, { day: istDay(until), until });
}

/**
 * lastWeekFigures for a whole day (the daily digest's "same day last week"): the plays of the day a
 * week before `day`, from its start to its end, counted as Today counts them.
 */
export async function lastWeekWholeDayFigures(db: Queryable, owner: SubtreeOwner, day: IsoDay): Promise<DayFiguresCents> {
  return dayFiguresUpTo(db, owner, { day: addDays(day, -7), until: 'end of day' });
}

/** A day's plays up to an instant of it (included), or up to its end. */
interface DayWindow {
  day: IsoDay;
  until: Date | 'end of day';
}

/** The condition "played up to the window's end" on a timestamp column. */
const upTo = (window: DayWindow, column: SQL): SQL =>
  window.until === 'end of day'
    ? sql`${column} < ${istDayStart(addDays(window.day, 1)).toISOString()}::timestamptz`
    : sql`${column} <= ${window.until.toISOString()}::timestamptz`;

async function dayFiguresUpTo(db: Queryable, owner: SubtreeOwner, window: DayWindow): Promise<DayFiguresCents> {
  const { day } = window;
  if (await closedByJob(db, 'games', weekStartOf(day))) return closedDayFigures(db, owner, window);
  const [row] = await queryRows<FiguresRow>(
    db,
    sql`SELECT ${FIGURES}
          FROM (SELECT sum(x.play_points_cents - x.win_points_cents) AS profit, sum(x.play_points_cents) AS stake,
                       count(*) AS plays, true AS active
                  FROM plays x
                  ${subtreeJoin(owner, sql`x.member_id`)}
                 WHERE x.played_at >= ${istDayStart(day).toISOString()}::timestamptz AND ${upTo(window, sql`x.played_at`)}
                   AND ${countedOnItsDay(sql`x`)}
                 GROUP BY x.member_id) m`,
  );
  return figuresOf(row);
}

/** The plays play_daily counts on the day they were made: draw games, not late, not voided while their week was open. */
const countedOnItsDay = (x: SQL): SQL =>
  sql`${x}.booked_day IS NULL AND (${x}.voided_at IS NULL OR ${x}.void_booked_day IS NOT NULL) AND ${drawGames(x)}`;

const HOUR_MS = 3_600_000;

/**
 * dayFiguresUpTo over a day of a closed week: its hours before the hour of the window's end from
 * what the closing fixed per hour (a manager's from play_hours_by_manager, a master's or a
 * member's from play_hours), that hour's plays so far from the plays, and the members from the
 * first plays, each with the member's parent when the week closed (in the owner's subtree). An
 * hour of plays at most is read, at any time of the day; none for the whole day. The whole
 * network's reads a minute of plays at most (closedNetworkDayFigures).
 */
async function closedDayFigures(db: Queryable, owner: SubtreeOwner, window: DayWindow): Promise<DayFiguresCents> {
  const { day, until } = window;
  const hour = until === 'end of day' ? 24 : Math.floor((until.getTime() - istDayStart(day).getTime()) / HOUR_MS);
  const hourStart = new Date(istDayStart(day).getTime() + hour * HOUR_MS);
  const inHour = (column: SQL): SQL => sql`${column} >= ${hourStart.toISOString()}::timestamptz AND ${upTo(window, column)}`;
  if (holdsWholeNetwork(owner)) return closedNetworkDayFigures(db, owner, window);
  if (isManager(owner)) {
    // The hours before from the manager's rows; the hour so far from the plays and first plays of
    // its members (as the week closed).
    const [row] = await queryRows<FiguresRow>(
      db,
      sql`WITH f AS MATERIALIZED (SELECT f.member_id, f.first_at
                                    FROM member_first_plays f
                                    ${subtreeJoin(owner, sql`f.parent_id`)}
                                   WHERE f.day = ${day}::date AND ${upTo(window, sql`f.first_at`)})
          SELECT sum(s.profit)::bigint AS profit_cents, sum(s.stake)::bigint AS stake_cents, sum(s.plays)::bigint AS plays,
                 (SELECT coalesce(sum(h.first_members), 0) FROM play_hours_by_manager h
                   WHERE h.manager_id = ${owner.id}::uuid AND h.day = ${day}::date AND h.hour < ${hour})
               + (SELECT count(*) FROM f WHERE ${inHour(sql`f.first_at`)}) AS members
            FROM (SELECT h.play_points_cents - h.win_points_cents AS profit, h.play_points_cents AS stake, h.plays
                    FROM play_hours_by_manager h
                   WHERE h.manager_id = ${owner.id}::uuid AND h.day = ${day}::date AND h.hour < ${hour}
                  UNION ALL
                  SELECT x.play_points_cents - x.win_points_cents, x.play_points_cents, 1
                    FROM plays x
                    JOIN f ON f.member_id = x.member_id
                   WHERE ${inHour(sql`x.played_at`)} AND ${countedOnItsDay(sql`x`)}) s`,
    );
    return figuresOf(row);
  }
  const [row] = await queryRows<FiguresRow>(
    db,
    sql`WITH f AS (SELECT f.member_id
                     FROM member_first_plays f
                     ${subtreeJoin(owner, sql`f.parent_id`)}
                    WHERE f.day = ${day}::date AND ${upTo(window, sql`f.first_at`)})
        SELECT sum(s.profit)::bigint AS profit_cents, sum(s.stake)::bigint AS stake_cents, sum(s.plays)::bigint AS plays,
               (SELECT count(*) FROM f) AS members
          FROM (SELECT h.play_points_cents - h.win_points_cents AS profit, h.play_points_cents AS stake, h.plays
                  FROM play_hours h
                  ${subtreeJoin(owner, sql`h.parent_id`)}
                 WHERE h.day = ${day}::date AND h.hour < ${hour}
                UNION ALL
                SELECT x.play_points_cents - x.win_points_cents, x.play_points_cents, 1
                  FROM plays x
                  JOIN f ON f.member_id = x.member_id
                 WHERE ${inHour(sql`x.played_at`)} AND ${countedOnItsDay(sql`x`)}) s`,
  );
  return figuresOf(row);
}

/**
 * closedDayFigures of the whole network: the hours before the window's from the superadmin's rows
 * of play_hours_by_manager, that hour's minutes before the window's from network_play_minutes, and
 * that minute's plays and first plays so far (at most a minute of plays at any size of network).
 */
async function closedNetworkDayFigures(db: Queryable, owner: SubtreeOwner, window: DayWindow): Promise<DayFiguresCents> {
  const { day, until } = window;
  const dayStart = istDayStart(day).getTime();
  const minute = until === 'end of day' ? 24 * 60 : Math.floor((until.getTime() - dayStart) / MINUTE_MS);
  const hour = Math.floor(minute / 60);
  const minuteStart = new Date(dayStart + minute * MINUTE_MS);
  const inMinute = (column: SQL): SQL => sql`${column} >= ${minuteStart.toISOString()}::timestamptz AND ${upTo(window, column)}`;
  const hours = sql`FROM play_hours_by_manager h WHERE h.manager_id = ${owner.id}::uuid AND h.day = ${day}::date AND h.hour < ${hour}`;
  const minutes = sql`FROM network_play_minutes n
                     WHERE n.day = ${day}::date AND n.minute >= ${hour * 60} AND n.minute < ${minute}`;
  const [row] = await queryRows<FiguresRow>(
    db,
    sql`SELECT sum(s.profit)::bigint AS profit_cents, sum(s.stake)::bigint AS stake_cents, sum(s.plays)::bigint AS plays,
               (SELECT coalesce(sum(h.first_members), 0) ${hours})
             + (SELECT coalesce(sum(n.first_members), 0) ${minutes})
             + (SELECT count(*) FROM member_first_plays f WHERE f.day = ${day}::date AND ${inMinute(sql`f.first_at`)}) AS members
          FROM (SELECT h.play_points_cents - h.win_points_cents AS profit, h.play_points_cents AS stake, h.plays ${hours}
                UNION ALL
                SELECT n.play_points_cents - n.win_points_cents, n.play_points_cents, n.plays ${minutes}
                UNION ALL
                SELECT x.play_points_cents - x.win_points_cents, x.play_points_cents, 1
                  FROM plays x
                 WHERE ${inMinute(sql`x.played_at`)} AND ${countedOnItsDay(sql`x`)}) s`,
  );
  return figuresOf(row);
}

const MINUTE_MS = 60_000;

export interface BigWinCents {
  playedAt: string;
  memberId: string;
  member: string;
  cafe: string;
  cafeMaster: string;
  game: string;
  gameCode: string;
  drawAt: string | null;
  stakeCents: bigint;
  winCents: bigint;
}

/**
 * The smallest win plays_big_win_idx holds (1,000 points): a threshold at or above it reads the
 * day's big wins from that index (the condition, written out, lets the planner use it) instead of
 * every play of the day.
 */
const BIG_WIN_INDEX_FLOOR_CENTS = 100_000n;

/** Today's plays below `owner` that won `thresholdCents` or more, biggest first; voided plays are left out. */
export async function bigWinsToday(
  db: Queryable,
  query: { owner: SubtreeOwner; today: IsoDay; thresholdCents: bigint; limit: number },
): Promise<BigWinCents[]> {
  const rows = await queryRows<Omit<BigWinCents, 'stakeCents' | 'winCents'> & { stake_cents: DbCents; win_cents: DbCents }>(
    db,
    // The day's biggest wins first, then their names: a plan of a few hundred index entries, which
    // the planner does not spread over parallel workers (their start costs more than the query).
    sql`SELECT to_json(x.played_at) #>> '{}' AS "playedAt", m.id AS "memberId", m.username AS member, cf.name AS cafe,
               cm.username AS "cafeMaster", g.name AS game, g.code AS "gameCode", to_json(dr.draw_time) #>> '{}' AS "drawAt",
               x.play_points_cents AS stake_cents, x.win_points_cents AS win_cents
          FROM (SELECT x.played_at, x.member_id, x.cafe_id, x.game_id, x.draw_id, x.play_points_cents, x.win_points_cents
                  FROM plays x
                  ${subtreeJoin(query.owner, sql`x.member_id`)}
                 WHERE x.played_at >= ${istDayStart(query.today).toISOString()}::timestamptz
                   AND x.played_at < ${istDayStart(addDays(query.today, 1)).toISOString()}::timestamptz
                   AND x.win_points_cents >= ${query.thresholdCents.toString()}::bigint ${
                     query.thresholdCents >= BIG_WIN_INDEX_FLOOR_CENTS
                       ? sql`AND x.win_points_cents >= ${sql.raw(BIG_WIN_INDEX_FLOOR_CENTS.toString())}`
                       : sql``
                   }
                   AND x.voided_at IS NULL AND ${drawGames(sql`x`)}
                 ORDER BY x.win_points_cents DESC, x.played_at DESC
                 LIMIT ${query.limit}) x
          JOIN accounts m ON m.id = x.member_id
          JOIN cafes cf ON cf.id = x.cafe_id
          JOIN accounts cm ON cm.id = cf.master_id
          JOIN games g ON g.id = x.game_id
          LEFT JOIN draws dr ON dr.id = x.draw_id
         ORDER BY x.win_points_cents DESC, x.played_at DESC`,
  );
  return rows.map(({ stake_cents, win_cents, ...win }) => ({
    ...win,
    stakeCents: readCents(stake_cents),
    winCents: readCents(win_cents),
  }));
}

export interface LosingCafeCents extends CafeOfMaster {
  plays: number;
  stakeCents: bigint;
  profitCents: bigint;
}

/**
 * The cafes of the masters below `owner` that lose today (whoever played there), most first: from
 * the day's draw totals per cafe (draw_daily_by_cafe). For the whole network, the losing cafes in
 * order from their partial index up to the `limit`-th loss (ties at it included): a few entries at
 * any size of the network. Below a manager or a master, the losing cafes among its own.
 */
export async function losingCafesToday(
  db: Queryable,
  query: { owner: SubtreeOwner; today: IsoDay; limit: number },
): Promise<LosingCafeCents[]> {
  const losing = sql`d.day = ${query.today}::date AND d.play_points_cents < d.win_points_cents`;
  const loss = sql`(d.play_points_cents - d.win_points_cents)`;
  const cafes = holdsWholeNetwork(query.owner)
    ? sql`FROM draw_daily_by_cafe d
          JOIN cafes cf ON cf.id = d.cafe_id
          JOIN accounts m ON m.id = cf.master_id
         WHERE ${losing}
           AND ${loss} <= (SELECT max(k.profit) FROM (SELECT ${loss} AS profit FROM draw_daily_by_cafe d
                                                        WHERE ${losing} ORDER BY ${loss} LIMIT ${query.limit}) k)`
    : sql`FROM cafes cf
          ${subtreeJoin(query.owner, sql`cf.master_id`)}
          JOIN draw_daily_by_cafe d ON d.cafe_id = cf.id AND ${losing}
          JOIN accounts m ON m.id = cf.master_id`;
  const rows = await queryRows<
    Omit<LosingCafeCents, 'plays' | 'stakeCents' | 'profitCents'> & {
      plays: string | number;
      stake_cents: DbCents;
      profit_cents: DbCents;
    }
  >(
    db,
    sql`SELECT cf.id AS "cafeId", cf.name AS cafe, m.id AS "masterId", m.username AS master, d.plays,
               d.play_points_cents AS stake_cents, ${loss} AS profit_cents
          ${cafes}
         ORDER BY ${loss}, cf.name
         LIMIT ${query.limit}`,
  );
  return rows.map(({ plays, stake_cents, profit_cents, ...cafe }) => ({
    ...cafe,
    plays: Number(plays),
    stakeCents: readCents(stake_cents),
    profitCents: readCents(profit_cents),
  }));
}

export interface WaitingTransferCents {
  id: string;
  from: string;
  channel: string;
  amountCents: bigint;
  createdAt: string;
}

/** Transfers sent to `accountId` and still pending: its to accept or reject, oldest first. */
export async function waitingTransfers(db: Queryable, accountId: string): Promise<WaitingTransferCents[]> {
  const rows = await queryRows<{ id: string; from: string; channel: string; amount_cents: DbCents; created_at: string }>(
    db,
    sql`SELECT t.id::text AS id, f.username AS from, t.channel::text AS channel, t.amount_cents,
               to_json(t.created_at) #>> '{}' AS created_at
          FROM transfers t JOIN accounts f ON f.id = t.from_id
         WHERE t.to_id = ${accountId}::uuid AND t.status = 'pending'
         ORDER BY t.created_at, t.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    from: r.from,
    channel: r.channel,
    amountCents: readCents(r.amount_cents),
    createdAt: r.created_at,
  }));
}

/** The first rows of a list Today shows, and how many rows the whole list has. */
export interface FirstRows<Row> {
  rows: Row[];
  count: number;
}

export interface OpenLoanCents {
  agentId: string;
  username: string;
  totalLoanCents: bigint;
  outstandingCents: bigint;
}

/**
 * The masters below (or being) `owner` with a loan still owed, as Computer Loan figures them: the
 * `limit` that owe most, with how many owe and their sums. For the whole network, from what the
 * loans and deductions keep (migration 0040): the totals from one row, the first rows from the
 * partial index of the masters that owe, up to the `limit`-th amount (ties at it included). Below
 * a manager or a master, each of its loans' deductions read through their own index entries; only
 * the first rows are named.
 */
export async function openLoans(db: Queryable, query: { owner: SubtreeOwner; limit: number }): Promise<OpenLoans> {
  if (holdsWholeNetwork(query.owner)) return openLoansOfNetwork(db, query.limit);
  // One row of totals, joined to the first rows (none when `limit` is 0 or nothing is owed).
  const rows = await queryRows<OpenLoanSqlRow>(
    db,
    sql`WITH owed AS MATERIALIZED (
               SELECT a.id, a.username, sum(${LOAN_AMOUNT})::bigint AS total_cents,
                      sum(${loanOwed(sql`paid.cents`)})::bigint AS outstanding_cents
                 FROM loans l
                 ${subtreeJoin(query.owner, sql`l.agent_id`)}
                 JOIN accounts a ON a.id = l.agent_id AND a.role = 'master'
                 LEFT JOIN LATERAL (SELECT sum(d.amount_cents) AS cents FROM loan_deductions d WHERE d.loan_id = l.id) paid ON true
                GROUP BY a.id, a.username
               HAVING sum(${loanOwed(sql`paid.cents`)}) > 0),
             first AS (SELECT * FROM owed ORDER BY outstanding_cents DESC, lower(username) LIMIT ${query.limit})
        SELECT f.id, f.username, f.total_cents, f.outstanding_cents, t.count, t.all_total_cents, t.all_outstanding_cents
          FROM (SELECT count(*) AS count, sum(total_cents)::bigint AS all_total_cents,
                       sum(outstanding_cents)::bigint AS all_outstanding_cents FROM owed) t
          LEFT JOIN first f ON true
         ORDER BY f.outstanding_cents DESC, lower(f.username)`,
  );
  return openLoansOf(rows);
}

type OpenLoans = FirstRows<OpenLoanCents> & { totalLoanCents: bigint; outstandingCents: bigint };

/** The first rows of open loans (a null id when none), each with the totals of all of them. */
interface OpenLoanSqlRow {
  id: string | null;
  username: string | null;
  total_cents: DbCents;
  outstanding_cents: DbCents;
  count: string | number;
  all_total_cents: DbCents;
  all_outstanding_cents: DbCents;
}

function openLoansOf(rows: readonly OpenLoanSqlRow[]): OpenLoans {
  const [totals] = rows;
  return {
    rows: rows.flatMap(({ id, username, total_cents, outstanding_cents }) =>
      id === null || username === null
        ? []
        : [{ agentId: id, username, totalLoanCents: readCents(total_cents), outstandingCents: readCents(outstanding_cents) }],
    ),
    count: Number(totals?.count ?? 0),
    totalLoanCents: readCents(totals?.all_total_cents),
    outstandingCents: readCents(totals?.all_outstanding_cents),
  };
}

async function openLoansOfNetwork(db: Queryable, limit: number): Promise<OpenLoans> {
  const owes = sql`o.outstanding_cents > 0`;
  // One statement, so that the totals and the rows are of the same moment: the row of totals joined
  // to the first rows (none when `limit` is 0 or nothing is owed).
  const rows = await queryRows<OpenLoanSqlRow>(
    db,
    sql`SELECT f.id, f.username, f.total_cents, f.outstanding_cents, t.masters AS count, t.total_cents AS all_total_cents,
               t.outstanding_cents AS all_outstanding_cents
          FROM loan_owed_totals t
          LEFT JOIN (SELECT a.id, a.username, o.total_cents, o.outstanding_cents
                       FROM loan_owed_by_master o
                       JOIN accounts a ON a.id = o.agent_id
                      WHERE ${owes}
                        AND o.outstanding_cents >= (SELECT min(k.cents)
                                                      FROM (SELECT o.outstanding_cents AS cents FROM loan_owed_by_master o
                                                             WHERE ${owes} ORDER BY o.outstanding_cents DESC LIMIT ${limit}) k)
                      ORDER BY o.outstanding_cents DESC, lower(a.username)
                      LIMIT ${limit}) f ON true
         ORDER BY f.outstanding_cents DESC, lower(f.username)`,
  );
  return openLoansOf(rows);
}

export interface IdleMasterRecord {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  address: string;
}

/**
 * Active masters below (or being) `owner` none of whose members (nor itself) played today: the
 * first `limit` by username, and how many there are. For the whole network, from what the plays
 * keep (migrations 0039 and 0053): the count from two counters, the first rows by walking the
 * masters in username order while many are idle (the morning), or once few are idle (the evening)
 * from the masters whose last played day is earlier (or, for a day some master has played past,
 * from the day's played masters). Below a manager or a master, from its own masters.
 */
export async function idleMasters(
  db: Queryable,
  query: { owner: SubtreeOwner; today: IsoDay; limit: number },
): Promise<FirstRows<IdleMasterRecord>> {
  if (!holdsWholeNetwork(query.owner)) return idleMastersBelow(db, query);
  const [counts] = await queryRows<{ active: number | null; played: number; kept: boolean | null }>(
    db,
    sql`SELECT (SELECT masters FROM active_master_count) AS active,
               (SELECT coalesce(sum(masters), 0) FROM played_masters_by_day WHERE day = ${query.today}::date)::int AS played,
               (SELECT max(last_day) FROM master_last_play WHERE active) <= ${query.today}::date AS kept`,
  );
  const count = Math.max(0, Number(counts?.active ?? 0) - Number(counts?.played ?? 0));
  if (count === 0 || query.limit <= 0) return { rows: [], count };
  const idle = sql`a.role = 'master' AND a.user_status`;
  const playedToday = sql`SELECT m.master_id FROM master_play_days m WHERE m.day = ${query.today}::date AND m.rows > 0`;
  const rows = await queryRows<IdleMasterRecord>(
    db,
    count >= IDLE_WALK_MIN_PER_ROW * query.limit
      ? // About limit x masters / idle masters read before the page is full.
        sql`SELECT ${IDLE_MASTER_COLUMNS} FROM accounts a
             WHERE ${idle} AND NOT EXISTS (${playedToday} AND m.master_id = a.id)
             ORDER BY lower(a.username) LIMIT ${query.limit}`
      : counts?.kept
        ? // No active master has played past the day: those whose last day is earlier are the idle
          // ones (master_last_play, migration 0053), one index entry each, then sorted.
          sql`WITH idle AS MATERIALIZED (
                SELECT l.master_id FROM master_last_play l WHERE l.active AND l.last_day < ${query.today}::date)
              SELECT ${IDLE_MASTER_COLUMNS} FROM idle i JOIN accounts a ON a.id = i.master_id
               ORDER BY lower(a.username) LIMIT ${query.limit}`
        : // An earlier day (a digest's): the day's played masters once, then the few others sorted.
          sql`WITH played AS MATERIALIZED (${playedToday})
              SELECT ${IDLE_MASTER_COLUMNS} FROM accounts a
               WHERE ${idle} AND a.id NOT IN (SELECT master_id FROM played)
               ORDER BY lower(a.username) LIMIT ${query.limit}`,
  );
  return { rows, count };
}

/**
 * From this many idle masters a page (per row asked), the whole network's first rows walk the
 * masters in username order: at most masters / this many read for a page, fewer than the day's
 * played masters that the other way reads.
 */
const IDLE_WALK_MIN_PER_ROW = 4;

const IDLE_MASTER_COLUMNS = sql`a.id, a.username, a.first_name AS "firstName", a.last_name AS "lastName", a.address`;

/** idleMasters below a manager or a master: each of its masters looked up. */
async function idleMastersBelow(
  db: Queryable,
  query: { owner: SubtreeOwner; today: IsoDay; limit: number },
): Promise<FirstRows<IdleMasterRecord>> {
  const rows = await queryRows<IdleMasterRecord & { count: string | number }>(
    db,
    // The masters found first, then counted and ordered: asked in one statement with its LIMIT, the
    // planner walked every account in username order to skip a sort of the few idle ones.
    sql`WITH idle AS MATERIALIZED (
               SELECT ${IDLE_MASTER_COLUMNS}
                 FROM accounts a
                 ${subtreeJoin(query.owner, sql`a.id`)}
                WHERE a.role = 'master' AND a.user_status
                  AND NOT EXISTS (SELECT 1 FROM play_daily_by_parent p WHERE p.parent_id = a.id AND p.day = ${query.today}::date)
                  AND NOT EXISTS (SELECT 1 FROM play_daily d WHERE d.member_id = a.id AND d.day = ${query.today}::date))
        SELECT i.*, (SELECT count(*) FROM idle) AS count
          FROM idle i
         ORDER BY lower(i.username)
         LIMIT ${query.limit}`,
  );
  return { rows: rows.map(({ count: _, ...master }) => master), count: Number(rows[0]?.count ?? 0) };
}

/** The caller's big-win threshold, in hundredths. */
export async function bigWinThreshold(db: Queryable, accountId: string): Promise<bigint> {
  const [row] = await queryRows<{ cents: DbCents }>(
    db,
    sql`SELECT big_win_threshold_cents AS cents FROM accounts WHERE id = ${accountId}::uuid`,
  );
  return readCents(row?.cents);
}
