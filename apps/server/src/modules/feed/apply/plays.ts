import { POKER_GAME } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { addDays, type IsoDay, istDayStart } from '../../../lib/dates.js';
import { definite } from '../../../lib/definite.js';
import { bigWinNewsOf } from './big-win-news.js';
import { type ApplyContext, claimBatchId, type EventRef, type Item, refuse } from './context.js';
import { accountMismatch, accountsByUsername, cafesByPlatformId } from './lookups.js';
import { type VoidOf, voidBookedDaySql } from './voids.js';

/**
 * Plays and poker hands, set-based: a run of them costs a few statements whatever its size (the
 * members and cafes it names in one lookup each, its draws in one upsert, its rows in one insert),
 * so a batch of thousands is applied in milliseconds. The roll-ups follow through the triggers, and
 * a play's big win goes to big_win_news in the same insert (big-win-news.ts).
 *
 * Late facts (docs/domain.md, "Data from the game platform"): a play or hand whose IST week is closed keeps its real time
 * but is booked on the day the batch arrived (booked_day), in the open week.
 *
 * A play or hand voided in the same run (`voids`: the first void of each id) is inserted voided,
 * as the update of voids.ts would leave it, so its roll-ups never count it; the ids so voided are
 * returned, and voids.ts leaves their voids out.
 *
 * A playId or handId is applied once for ever: the ones already registered (play_platform_ids,
 * poker_hand_platform_ids, kept by triggers on the partitioned tables, migration 0010) are left
 * out and refused. One that another batch registers meanwhile fails on the registry's key and the
 * batch is tried again (batch.ts), when it is then known.
 */

/**
 * The day a play or hand is booked on, by the instant it was played: null for its own day, `today`
 * when its week is closed. Weeks close in order, so a play is late when it falls before the end of
 * the last closed week (the Monday after it, 00:00 IST): one comparison per play.
 */
export function bookingDays(lastClosedWeek: IsoDay | null, today: IsoDay): (at: Date) => IsoDay | null {
  if (lastClosedWeek === null) return () => null;
  const closedUntil = istDayStart(addDays(lastClosedWeek, 7)).getTime();
  return (at) => (at.getTime() < closedUntil ? today : null);
}

interface Resolved {
  memberId: string;
  cafeId: string;
}

type MemberAtCafe = EventRef & { event: { member: string; cafeId: string } };

type Placed = MemberAtCafe & { event: { at: Date; terminalId: string | null } };

/**
 * The columns a play's row and a hand's row share: who, where, when, on which day, its id, a void
 * of the run. The kind's own columns are added with Object.assign, not by spreading this object
 * into a new one: a spread row cost six times as much to build and serialise (`bench:feed`, server
 * CPU per 1,000 plays).
 */
function placedColumns(
  item: Placed,
  resolved: Resolved,
  platformId: string,
  bookingDay: (at: Date) => IsoDay | null,
  voids: ReadonlyMap<string, VoidOf>,
) {
  const { at, terminalId } = item.event;
  const voided = voids.get(platformId);
  return {
    m: resolved.memberId,
    c: resolved.cafeId,
    t: at.toISOString(),
    b: bookingDay(at),
    pid: platformId,
    tm: terminalId,
    va: voided?.at ?? null,
    vr: voided?.reason ?? null,
    i: item.index,
  };
}

/**
 * Checks the member (a player) and the cafe of each item, and that its business id is not used
 * twice in the batch; the others are refused.
 */
async function resolveMembersAndCafes<I extends MemberAtCafe>(
  ctx: ApplyContext,
  items: I[],
  kind: 'play' | 'pokerHand',
  businessId: (item: I) => [field: string, value: string],
): Promise<{ item: I; resolved: Resolved }[]> {
  const members = await accountsByUsername(
    ctx.tx,
    items.map((i) => i.event.member),
  );
  const cafes = await cafesByPlatformId(
    ctx.tx,
    items.map((i) => i.event.cafeId),
  );
  const out: { item: I; resolved: Resolved }[] = [];
  for (const item of items) {
    const { member, cafeId } = item.event;
    const account = members.get(member.toLowerCase());
    const mismatch = accountMismatch(account, member, 'player', 'a player');
    const cafe = cafes.get(cafeId);
    if (mismatch) refuse(ctx, item, 'member', mismatch);
    if (!cafe) refuse(ctx, item, 'cafeId', 'no cafe has this cafeId (send its cafe event first)');
    const fresh = claimBatchId(ctx, item, kind, ...businessId(item));
    if (!mismatch && account && cafe && fresh) out.push({ item, resolved: { memberId: account.id, cafeId: cafe.id } });
  }
  return out;
}

export async function applyPlays(
  ctx: ApplyContext,
  items: Item<'play'>[],
  voids: ReadonlyMap<string, VoidOf> = new Map(),
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const games = await ctx.gameIds();
  const bookingDay = bookingDays(ctx.lastClosed.games, ctx.today);
  const rows = (await resolveMembersAndCafes(ctx, items, 'play', (i) => ['playId', i.event.playId])).map(({ item, resolved }) => {
    const e = item.event;
    const gameId = games.get(e.game);
    if (gameId === undefined) throw new Error(`no game has the code ${e.game}`);
    return Object.assign(placedColumns(item, resolved, e.playId, bookingDay, voids), {
      g: gameId,
      dt: e.drawAt.toISOString(),
      p: e.stakeCents,
      w: e.winCents,
    });
  });
  if (rows.length === 0) return new Set();
  // The draws the plays are on (a few: a batch's plays fall on the same draws); one not known yet
  // is created without its result.
  const draws = [...new Map(rows.map((r) => [`${r.g} ${r.dt}`, { g: r.g, dt: r.dt }])).values()];
  await ctx.tx.execute(sql`
    INSERT INTO draws (game_id, draw_time)
    SELECT r.g, r.dt FROM json_to_recordset(${JSON.stringify(draws)}::json) AS r(g smallint, dt timestamptz)
     ORDER BY 1, 2
    ON CONFLICT (game_id, draw_time) DO NOTHING`);
  const json = JSON.stringify(rows);
  // Answers only the rows it left out (none, as a rule), not the thousand it wrote.
  const skipped = await queryRows<{ pid: string }>(
    ctx.tx,
    sql`
    WITH r AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${json}::json) AS r(m uuid, c uuid, g smallint, dt timestamptz, p bigint, w bigint, t timestamptz, b date, pid text, tm text, va timestamptz, vr text)
    ), inserted AS (
      INSERT INTO plays (member_id, cafe_id, game_id, draw_id, play_points_cents, win_points_cents, played_at, booked_day, platform_id, terminal_id,
                         voided_at, void_reason, void_booked_day)
      SELECT r.m, r.c, r.g, d.id, r.p, r.w, r.t, r.b, r.pid, r.tm,
             r.va, r.vr, CASE WHEN r.va IS NOT NULL THEN ${voidBookedDaySql(ctx, 'play.voided', sql`coalesce(r.b, ist_day(r.t))`)} END
        FROM r JOIN draws d ON d.game_id = r.g AND d.draw_time = r.dt
       WHERE NOT EXISTS (SELECT 1 FROM play_platform_ids k WHERE k.platform_id = r.pid)
      RETURNING id, member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at, platform_id
    ), news AS (${bigWinNewsOf(sql`inserted`, ctx.now)})
    SELECT r.pid FROM r WHERE r.pid NOT IN (SELECT platform_id FROM inserted)`,
  );
  refuseKnown(ctx, items, rows, skipped, 'playId');
  return voidedIn(rows, skipped);
}

export async function applyPokerHands(
  ctx: ApplyContext,
  items: Item<'pokerHand'>[],
  voids: ReadonlyMap<string, VoidOf> = new Map(),
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const bookingDay = bookingDays(ctx.lastClosed.poker, ctx.today);
  const rows = (await resolveMembersAndCafes(ctx, items, 'pokerHand', (i) => ['handId', i.event.handId])).map(
    ({ item, resolved }) =>
      Object.assign(placedColumns(item, resolved, item.event.handId, bookingDay, voids), { r: item.event.rakeCents }),
  );
  if (rows.length === 0) return new Set();
  // The feed carries no pot: the pot is recorded as the rake (the most a hand may rake).
  const skipped = await queryRows<{ pid: string }>(
    ctx.tx,
    sql`
    WITH r AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(m uuid, c uuid, r bigint, t timestamptz, b date, pid text, tm text, va timestamptz, vr text)
    ), inserted AS (
      INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at, booked_day, platform_id, terminal_id,
                               voided_at, void_reason, void_booked_day)
      SELECT r.m, r.c, r.r, r.r, r.t, r.b, r.pid, r.tm,
             r.va, r.vr, CASE WHEN r.va IS NOT NULL THEN ${voidBookedDaySql(ctx, 'pokerHand.voided', sql`coalesce(r.b, ist_day(r.t))`)} END
        FROM r
       WHERE NOT EXISTS (SELECT 1 FROM poker_hand_platform_ids k WHERE k.platform_id = r.pid)
      RETURNING platform_id
    )
    SELECT r.pid FROM r WHERE r.pid NOT IN (SELECT platform_id FROM inserted)`,
  );
  refuseKnown(ctx, items, rows, skipped, 'handId');
  return voidedIn(rows, skipped);
}

/** The ids inserted voided: rows with a void of the run, less those the insert left out. */
function voidedIn(rows: { pid: string; va: string | null }[], skipped: { pid: string }[]): Set<string> {
  const left = new Set(skipped.map((r) => r.pid));
  return new Set(rows.filter((r) => r.va !== null && !left.has(r.pid)).map((r) => r.pid));
}

/** Rows the insert skipped: their business id was applied before (by another event id). */
function refuseKnown(
  ctx: ApplyContext,
  items: EventRef[],
  rows: { pid: string; i: number }[],
  skipped: { pid: string }[],
  field: 'playId' | 'handId',
): void {
  if (skipped.length === 0) return;
  const known = new Set(skipped.map((r) => r.pid));
  const byIndex = new Map(items.map((item) => [item.index, item]));
  const what = field === 'playId' ? 'play' : `${POKER_GAME.name.toLowerCase()} hand`;
  for (const row of rows) {
    if (known.has(row.pid))
      refuse(
        ctx,
        definite(byIndex.get(row.i), 'the event of a row'),
        field,
        `is already known: a ${what} with this ${field} was applied before`,
      );
  }
}
