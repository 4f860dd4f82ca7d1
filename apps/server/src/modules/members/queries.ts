import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { addDays, type DayRange, type IsoDay, rangeInstants, weekStartOf } from '../../lib/dates.js';
import { definite } from '../../lib/definite.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { kindFilter, profitSum } from '../play-sums/index.js';
import { isFinal, type SettlementKind, settlementCalendars, weekEndDay } from '../weeks/index.js';

/**
 * The member page (docs/domain.md, "Insight"): one player's account, its profit per settlement
 * week and game, its plays and its transfers. Amounts in hundredths.
 */

export interface MemberCents {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  registeredDay: IsoDay;
  active: boolean;
  balanceCents: bigint;
  master: { id: string; username: string; firstName: string; lastName: string } | null;
}

/** The member's account and its parent (its master). */
export async function memberAccount(db: Queryable, memberId: string): Promise<MemberCents> {
  const [row] = await queryRows<{
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    registered_day: string;
    user_status: boolean;
    wallet_balance_cents: DbCents;
    master_id: string | null;
    master_username: string | null;
    master_first_name: string | null;
    master_last_name: string | null;
  }>(
    db,
    sql`SELECT a.id, a.username, a.first_name, a.last_name, ist_day(a.created_at)::text AS registered_day, a.user_status,
               a.wallet_balance_cents, m.id AS master_id, m.username AS master_username,
               m.first_name AS master_first_name, m.last_name AS master_last_name
          FROM accounts a
          LEFT JOIN accounts m ON m.id = a.parent_id
         WHERE a.id = ${memberId}::uuid`,
  );
  if (!row) throw new Error(`memberAccount: no account ${memberId}`);
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    registeredDay: row.registered_day,
    active: row.user_status,
    balanceCents: readCents(row.wallet_balance_cents),
    master:
      row.master_id === null
        ? null
        : {
            id: row.master_id,
            username: definite(row.master_username, 'the master username'),
            firstName: definite(row.master_first_name, 'the master first name'),
            lastName: definite(row.master_last_name, 'the master last name'),
          },
  };
}

/** The cafe where the member made most plays over `range` (ties: by name); null without a play. */
export async function mainCafe(
  db: Queryable,
  memberId: string,
  range: DayRange,
): Promise<{ name: string; master: string } | null> {
  const [row] = await queryRows<{ name: string; master: string }>(
    db,
    sql`SELECT c.name, m.username AS master
          FROM play_daily d
          JOIN cafes c ON c.id = d.cafe_id
          JOIN accounts m ON m.id = c.master_id
         WHERE d.member_id = ${memberId}::uuid AND d.day >= ${range.from} AND d.day <= ${range.to}
         GROUP BY c.id, c.name, m.username
         ORDER BY sum(d.plays) DESC, c.name
         LIMIT 1`,
  );
  return row ?? null;
}

/** One week of the member: the profit of each game (by the games table's slug) and of each settlement. */
export interface MemberWeekCents {
  weekStart: IsoDay;
  /** Open in the draw-games settlement: computed live. */
  open: boolean;
  /** Draw games: Σ play − Σ win per game slug (games without plays absent). */
  gameProfitCents: Map<string, bigint>;
  /** Poker: Σ rake. */
  pokerCents: bigint;
}

const weekList = (weeks: readonly IsoDay[]): SQL =>
  sql.join(
    weeks.map((week) => sql`${week}::date`),
    sql`, `,
  );

/**
 * One settlement's profit of the member per week of `weekStarts` and game, as its master's
 * statements show it: a final week as its closing fixed it (weekly_play_totals, the row Agent Mail
 * reads for the member), an open week live from the daily roll-ups, late plays on the day they
 * were booked (as the roll-ups and the closing count them).
 */
function weeklyProfitSql(kind: SettlementKind, memberId: string, finalWeeks: IsoDay[], openWeeks: IsoDay[]): SQL[] {
  const parts: SQL[] = [];
  if (finalWeeks.length > 0) {
    parts.push(sql`
      SELECT d.week_start::text AS week_start, g.slug, ${profitSum(kind)} AS profit_cents
        FROM weekly_play_totals d
        JOIN games g ON g.id = d.game_id
       WHERE d.account_id = ${memberId}::uuid AND d.kind = ${kind} AND d.week_start IN (${weekList(finalWeeks)})
       GROUP BY 1, 2`);
  }
  const [firstOpen] = openWeeks;
  const lastOpen = openWeeks.at(-1);
  if (firstOpen !== undefined && lastOpen !== undefined) {
    const from = firstOpen;
    const to = weekEndDay(lastOpen);
    parts.push(sql`
      SELECT ist_week_start(d.day)::text, g.slug, ${profitSum(kind)}
        FROM play_daily d
        JOIN games g ON g.id = d.game_id
       WHERE d.member_id = ${memberId}::uuid AND d.day >= ${from} AND d.day <= ${to} AND ${kindFilter(kind)}
         AND ist_week_start(d.day) IN (${weekList(openWeeks)})
       GROUP BY 1, 2`);
  }
  return parts;
}

/** The member's weeks of `weekStarts` (Mondays), in their order. */
export async function memberWeeks(
  db: Queryable,
  query: { memberId: string; weekStarts: readonly IsoDay[]; today: IsoDay },
): Promise<MemberWeekCents[]> {
  const calendars = await settlementCalendars(db, weekStartOf(query.today));
  const split = (kind: SettlementKind) => {
    const calendar = definite(calendars.get(kind), `the ${kind} calendar`);
    return {
      final: query.weekStarts.filter((week) => isFinal(calendar, week)),
      open: query.weekStarts.filter((week) => !isFinal(calendar, week)).sort(),
    };
  };
  const games = split('games');
  const poker = split('poker');
  const tagged = (kind: SettlementKind, parts: SQL[]) =>
    parts.map((part) => sql`SELECT ${kind}::text AS kind, x.* FROM (${part}) x`);
  const parts = [
    ...tagged('games', weeklyProfitSql('games', query.memberId, games.final, games.open)),
    ...tagged('poker', weeklyProfitSql('poker', query.memberId, poker.final, poker.open)),
  ];
  const rows =
    parts.length === 0
      ? []
      : await queryRows<{ kind: SettlementKind; week_start: string; slug: string; profit_cents: DbCents }>(
          db,
          sql.join(parts, sql` UNION ALL `),
        );
  const openGames = new Set(games.open);
  return query.weekStarts.map((weekStart) => {
    const gameProfitCents = new Map<string, bigint>();
    let pokerCents = 0n;
    for (const row of rows.filter((r) => r.week_start === weekStart)) {
      const cents = readCents(row.profit_cents);
      if (row.kind === 'poker') pokerCents += cents;
      else gameProfitCents.set(row.slug, (gameProfitCents.get(row.slug) ?? 0n) + cents);
    }
    return { weekStart, open: openGames.has(weekStart), gameProfitCents, pokerCents };
  });
}

/** The `count` Mondays ending with the week of `today`, newest first. */
export function lastWeeks(today: IsoDay, count: number): IsoDay[] {
  const current = weekStartOf(today);
  return Array.from({ length: count }, (_, i) => addDays(current, -7 * i));
}

type Direction = 'asc' | 'desc';
export interface ListPage<S extends string> {
  sort: S;
  order: Direction;
  /** null: every row (a download). */
  limit: number | null;
  offset: number;
}

const direction = (order: Direction): SQL => (order === 'asc' ? sql`ASC` : sql`DESC`);

export interface MemberPlayCents {
  id: string;
  playedAt: Date;
  game: string;
  drawAt: Date | null;
  cafe: string;
  stakeCents: bigint;
  winCents: bigint;
}

const PLAY_SORT_KEYS: Record<'playedAt' | 'stake' | 'win' | 'profit', SQL> = {
  playedAt: sql`p.played_at`,
  stake: sql`p.play_points_cents`,
  win: sql`p.win_points_cents`,
  profit: sql`(p.play_points_cents - p.win_points_cents)`,
};

const playsOf = (memberId: string, range: DayRange): SQL => {
  const { start, end } = rangeInstants(range);
  // A voided play is never listed (docs/feed.md, "Voided plays and hands"), nor counted in the list's totals.
  return sql`p.member_id = ${memberId}::uuid AND p.played_at >= ${start.toISOString()}::timestamptz AND p.played_at < ${end.toISOString()}::timestamptz
             AND p.voided_at IS NULL`;
};

/** One page of the member's plays made over the IST days of `range` (by the time played). */
export async function memberPlays(
  db: Queryable,
  memberId: string,
  range: DayRange,
  page: ListPage<keyof typeof PLAY_SORT_KEYS>,
): Promise<MemberPlayCents[]> {
  const dir = direction(page.order);
  const rows = await queryRows<{
    id: string;
    played_at: string | Date;
    game: string;
    draw_at: string | Date | null;
    cafe: string;
    play_cents: DbCents;
    win_cents: DbCents;
  }>(
    db,
    sql`SELECT p.id::text AS id, p.played_at, g.name AS game, dr.draw_time AS draw_at, c.name AS cafe,
               p.play_points_cents AS play_cents, p.win_points_cents AS win_cents
          FROM plays p
          JOIN games g ON g.id = p.game_id
          JOIN cafes c ON c.id = p.cafe_id
          LEFT JOIN draws dr ON dr.id = p.draw_id
         WHERE ${playsOf(memberId, range)}
         ORDER BY ${PLAY_SORT_KEYS[page.sort]} ${dir}, p.played_at ${dir}, p.id ${dir}
         ${page.limit === null ? sql`` : sql`LIMIT ${page.limit} OFFSET ${page.offset}`}`,
  );
  return rows.map((row) => ({
    id: row.id,
    playedAt: new Date(row.played_at),
    game: row.game,
    drawAt: row.draw_at === null ? null : new Date(row.draw_at),
    cafe: row.cafe,
    stakeCents: readCents(row.play_cents),
    winCents: readCents(row.win_cents),
  }));
}

/** How many plays the member made over `range`, and their sums. */
export async function memberPlayTotals(
  db: Queryable,
  memberId: string,
  range: DayRange,
): Promise<{ count: number; stakeCents: bigint; winCents: bigint }> {
  const [row] = await queryRows<{ n: number; play_cents: DbCents; win_cents: DbCents }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(p.play_points_cents), 0)::bigint AS play_cents,
               coalesce(sum(p.win_points_cents), 0)::bigint AS win_cents
          FROM plays p WHERE ${playsOf(memberId, range)}`,
  );
  const sums = definite(row, 'the sums row');
  return { count: sums.n, stakeCents: readCents(sums.play_cents), winCents: readCents(sums.win_cents) };
}

export interface MemberTransferCents {
  id: string;
  createdAt: Date;
  from: string;
  to: string;
  withHouse: boolean;
  channel: string;
  status: string;
  amountCents: bigint;
  resolvedAt: Date | null;
}

const TRANSFER_SORT_KEYS: Record<'createdAt' | 'amount', SQL> = {
  createdAt: sql`t.created_at`,
  amount: sql`t.amount_cents`,
};

const transfersOf = (memberId: string, range: DayRange): SQL => {
  const { start, end } = rangeInstants(range);
  return sql`(t.from_id = ${memberId}::uuid OR t.to_id = ${memberId}::uuid)
             AND t.created_at >= ${start.toISOString()}::timestamptz AND t.created_at < ${end.toISOString()}::timestamptz`;
};

/** One page of the member's transfers (either side, both channels, every status) made over `range`. */
export async function memberTransfers(
  db: Queryable,
  memberId: string,
  range: DayRange,
  page: ListPage<keyof typeof TRANSFER_SORT_KEYS>,
): Promise<MemberTransferCents[]> {
  const dir = direction(page.order);
  const rows = await queryRows<{
    id: string;
    created_at: string | Date;
    from_username: string;
    to_username: string;
    with_house: boolean;
    channel: string;
    status: string;
    amount_cents: DbCents;
    resolved_at: string | Date | null;
  }>(
    db,
    sql`SELECT t.id::text AS id, t.created_at, f.username AS from_username, r.username AS to_username,
               (f.role = 'house' OR r.role = 'house') AS with_house, t.channel::text AS channel,
               t.status::text AS status, t.amount_cents, t.resolved_at
          FROM transfers t
          JOIN accounts f ON f.id = t.from_id
          JOIN accounts r ON r.id = t.to_id
         WHERE ${transfersOf(memberId, range)}
         ORDER BY ${TRANSFER_SORT_KEYS[page.sort]} ${dir}, t.created_at ${dir}, t.id ${dir}
         ${page.limit === null ? sql`` : sql`LIMIT ${page.limit} OFFSET ${page.offset}`}`,
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at),
    from: row.from_username,
    to: row.to_username,
    withHouse: row.with_house,
    channel: row.channel,
    status: row.status,
    amountCents: readCents(row.amount_cents),
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
  }));
}

/** How many transfers of the member were made over `range`. */
export async function memberTransferCount(db: Queryable, memberId: string, range: DayRange): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM transfers t WHERE ${transfersOf(memberId, range)}`,
  );
  return definite(row, 'the count row').n;
}
