import type { FeedEventInput } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createNetwork, type NetworkIds } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import type { TestDbKind } from '../../../../test/test-db.js';
import { type Queryable, queryRows } from '../../../db/client.js';
import { ensureHouseAccount } from '../../ledger/ledger.js';
import { ledgerTotals } from '../../ledger/test-support.js';
import { createFeedKey } from '../keys.js';

/**
 * The real app on a fresh database with the test network (test/fixtures/network.ts), the house and
 * one feed key; `post` sends a batch as the platform does.
 */
export interface FeedApp {
  t: TestApp;
  ids: NetworkIds;
  houseId: string;
  key: string;
  keyId: number;
  post(events: readonly unknown[], key?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const HOUSE = 'HOUSE';

export async function buildFeedApp(
  kind: TestDbKind,
  options: { now?: string; env?: Record<string, string> } = {},
): Promise<FeedApp> {
  const t = await buildTestApp(kind, { env: { HOUSE_USERNAME: HOUSE, ...options.env } });
  if (options.now) t.clock.set(options.now);
  const ids = await createNetwork(t.app.db);
  const houseId = await ensureHouseAccount(t.app.db, HOUSE);
  const created = await createFeedKey(t.app.db, 'platform', t.clock.now());
  const post = (events: readonly unknown[], key = created.key) =>
    t.app.inject({
      method: 'POST',
      url: '/api/feed/v1/events',
      headers: { authorization: `Bearer ${key}` },
      payload: { events },
    });
  return { t, ids, houseId, key: created.key, keyId: created.id, post, close: () => t.close() };
}

/** Cafes of the test network, one per master, for feeds that start from an empty platform. */
export function cafeEvents(prefix = 'setup'): FeedEventInput[] {
  return [
    { id: `${prefix}-cafe-1`, type: 'cafe', cafeId: 'cafe-m1', master: 'master1', name: 'Cafe One' },
    { id: `${prefix}-cafe-2`, type: 'cafe', cafeId: 'cafe-m2', master: 'master2', name: 'Cafe Two' },
    { id: `${prefix}-cafe-3`, type: 'cafe', cafeId: 'cafe-m3', master: 'master3', name: 'Cafe Three' },
  ];
}

/** Every table the feed may write, each as one hash of all its rows: equal digests, equal data. */
const DIGEST_TABLES = [
  'accounts',
  'account_closure',
  'subtree_sizes',
  'cafes',
  'transfers',
  'draws',
  'plays',
  'poker_hands',
  'play_daily',
  'play_daily_by_parent',
  'play_daily_by_cafe',
  'draw_daily_by_cafe',
  'late_play_daily',
  'cafe_trend_week',
  'cafe_trend_totals',
  'cafe_week_totals',
  'cafe_count',
  'master_play_days',
  'played_masters_by_day',
  'master_last_play',
  'active_master_count',
  'loans',
  'loan_owed_by_master',
  'loan_owed_totals',
  'loan_list_totals',
  'master_count',
  'weekly_settlements',
  'weekly_master_profit',
  'loan_deductions',
  'settled_weeks',
  'sessions',
  'feed_events',
  'feed_keys',
  'feed_key_counts',
] as const;

export async function databaseDigest(db: Queryable): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of DIGEST_TABLES) {
    const [row] = await queryRows<{ n: number; h: string }>(
      db,
      sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${sql.raw(table)} t`,
    );
    digest[table] = `${row!.n}:${row!.h}`;
  }
  return digest;
}

/** Keeps the rows of plays (or play_daily) of the draw games. */
const drawGame = sql`game_id IN (SELECT id FROM games WHERE kind = 'draw')`;

/**
 * The invariants every batch must leave, each computed here independently of the triggers and the
 * feed: an empty list means all hold.
 * - the ledger (docs/domain.md, "Points and the ledger"): balances + pending = issued − returned; no negative balance;
 * - account_closure is exactly the transitive closure of the parent pointers, and subtree_sizes
 *   counts its rows below each account;
 * - play_daily is exactly the plays and hands grouped by booking day, member, cafe and game: a voided
 *   one left out, or, voided after its week closed, kept and reversed (no play, opposite sums) on
 *   the day its void was booked;
 * - play_daily_by_parent is exactly play_daily grouped by the member's current parent, with the
 *   plays at cafes of another master than that parent as "other";
 * - play_daily_by_cafe is exactly play_daily grouped by cafe;
 * - draw_daily_by_cafe is exactly play_daily's draw games grouped by cafe and day (rows summing
 *   to nothing aside);
 * - late_play_daily is exactly the late plays (draw games) and hands on their booking day, each a
 *   play, and the reversals of those voided after their week closed on the day of the void, with
 *   the opposite sign and no play, per member, game, cafe and terminal (rows summing to nothing
 *   aside);
 * - play_platform_ids and poker_hand_platform_ids hold exactly the rows' platform ids, each with
 *   its row's key (id, played_at);
 * - cafe_trend_totals holds, for every cafe, at the kept week (cafe_trend_week), play_daily's
 *   draw-games profit over the 4, 8, 12 and 26 weeks ending with it, and
 *   cafe_week_totals is cafe_week summed per week, cafe_count the cafes;
 * - weekly_master_profit holds each master's draw-games profit in each closed week, and whether a
 *   member played at another agent's cafe, from the rows the closing fixed for its members (those
 *   whose parent it was when the week closed);
 * - master_play_days counts each master's play_daily_by_parent rows and own play_daily rows per
 *   day, played_masters_by_day the active masters with some per day, master_last_play each
 *   master's status and last day with some, active_master_count the active masters;
 * - loan_owed_by_master is every master's loans, their fees, what is left of them after their
 *   deductions and its cafes, loan_owed_totals those that owe, counted and summed, loan_list_totals
 *   the masters with a loan and those with more than one cafe, counted and summed from loans and
 *   cafes, and master_count the masters.
 */
export async function brokenInvariants(db: Queryable): Promise<string[]> {
  const broken: string[] = [];
  const totals = await ledgerTotals(db);
  if (totals.balancesCents + totals.pendingCents !== totals.issuedCents - totals.returnedCents) {
    broken.push(`ledger: ${JSON.stringify(totals)}`);
  }
  const [negative] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM accounts WHERE role <> 'house' AND wallet_balance_cents < 0`,
  );
  if (negative!.n > 0) broken.push(`${negative!.n} negative balance(s)`);

  const mismatches = {
    closure: sql`
      WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
        SELECT id, id, 0 FROM accounts
        UNION ALL
        SELECT up.descendant_id, a.parent_id, up.depth + 1 FROM up JOIN accounts a ON a.id = up.ancestor_id WHERE a.parent_id IS NOT NULL),
      expected AS (SELECT ancestor_id, descendant_id, depth::smallint AS depth FROM up)
      SELECT count(*)::int AS n FROM (
        (SELECT * FROM expected EXCEPT ALL SELECT ancestor_id, descendant_id, depth FROM account_closure)
        UNION ALL
        (SELECT ancestor_id, descendant_id, depth FROM account_closure EXCEPT ALL SELECT * FROM expected)) d`,
    play_daily: sql`
      WITH booked AS (
        SELECT coalesce(booked_day, ist_day(played_at)) AS day, member_id, cafe_id, game_id, 1 AS plays,
               play_points_cents AS p, win_points_cents AS w, 0::bigint AS r
          FROM plays WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
        UNION ALL
        SELECT void_booked_day, member_id, cafe_id, game_id, 0, -play_points_cents, -win_points_cents, 0::bigint
          FROM plays WHERE void_booked_day IS NOT NULL
        UNION ALL
        SELECT coalesce(booked_day, ist_day(played_at)), member_id, cafe_id, (SELECT id FROM games WHERE kind = 'poker'),
               1, 0::bigint, 0::bigint, rake_cents
          FROM poker_hands WHERE voided_at IS NULL OR void_booked_day IS NOT NULL
        UNION ALL
        SELECT void_booked_day, member_id, cafe_id, (SELECT id FROM games WHERE kind = 'poker'), 0, 0::bigint, 0::bigint, -rake_cents
          FROM poker_hands WHERE void_booked_day IS NOT NULL),
      expected AS (
        SELECT day, member_id, cafe_id, game_id, sum(plays)::int AS plays, sum(p)::bigint AS p, sum(w)::bigint AS w,
               sum(r)::bigint AS r
          FROM booked GROUP BY 1, 2, 3, 4),
      actual AS (SELECT day, member_id, cafe_id, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    play_daily_by_parent: sql`
      WITH expected AS (
        SELECT d.day, m.parent_id, d.game_id, sum(d.plays)::int AS plays, sum(d.play_points_cents)::bigint AS p,
               sum(d.win_points_cents)::bigint AS w, sum(d.rake_cents)::bigint AS r,
               coalesce(sum(d.play_points_cents) FILTER (WHERE c.master_id IS DISTINCT FROM m.parent_id), 0)::bigint AS op,
               coalesce(sum(d.win_points_cents) FILTER (WHERE c.master_id IS DISTINCT FROM m.parent_id), 0)::bigint AS ow
          FROM play_daily d JOIN accounts m ON m.id = d.member_id AND m.parent_id IS NOT NULL
          LEFT JOIN cafes c ON c.id = d.cafe_id
         GROUP BY 1, 2, 3),
      actual AS (SELECT day, parent_id, game_id, plays, play_points_cents, win_points_cents, rake_cents,
                        other_play_points_cents, other_win_points_cents FROM play_daily_by_parent)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    play_daily_by_cafe: sql`
      WITH expected AS (
        SELECT cafe_id, day, game_id, sum(plays)::int AS plays, sum(play_points_cents)::bigint AS p,
               sum(win_points_cents)::bigint AS w, sum(rake_cents)::bigint AS r
          FROM play_daily GROUP BY 1, 2, 3),
      actual AS (SELECT cafe_id, day, game_id, plays, play_points_cents, win_points_cents, rake_cents FROM play_daily_by_cafe)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    draw_daily_by_cafe: sql`
      WITH expected AS (
        SELECT cafe_id, day, sum(plays)::int AS plays, sum(play_points_cents)::bigint AS p, sum(win_points_cents)::bigint AS w
          FROM play_daily WHERE game_id IN (SELECT id FROM games WHERE kind = 'draw') GROUP BY 1, 2
        HAVING sum(plays) <> 0 OR sum(play_points_cents) <> 0 OR sum(win_points_cents) <> 0),
      actual AS (SELECT cafe_id, day, plays, play_points_cents, win_points_cents FROM draw_daily_by_cafe
                  WHERE plays <> 0 OR play_points_cents <> 0 OR win_points_cents <> 0)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    late_play_daily: sql`
      WITH late AS (
        SELECT booked_day AS day, member_id, game_id, cafe_id, terminal_id, 1 AS n, play_points_cents AS p,
               win_points_cents AS w, 0::bigint AS r
          FROM plays WHERE booked_day IS NOT NULL AND (voided_at IS NULL OR void_booked_day IS NOT NULL) AND ${drawGame}
        UNION ALL
        SELECT void_booked_day, member_id, game_id, cafe_id, terminal_id, 0, -play_points_cents, -win_points_cents, 0::bigint
          FROM plays WHERE void_booked_day IS NOT NULL AND ${drawGame}
        UNION ALL
        SELECT booked_day, member_id, (SELECT id FROM games WHERE kind = 'poker'), cafe_id, terminal_id, 1, 0::bigint,
               0::bigint, rake_cents
          FROM poker_hands WHERE booked_day IS NOT NULL AND (voided_at IS NULL OR void_booked_day IS NOT NULL)
        UNION ALL
        SELECT void_booked_day, member_id, (SELECT id FROM games WHERE kind = 'poker'), cafe_id, terminal_id, 0, 0::bigint,
               0::bigint, -rake_cents
          FROM poker_hands WHERE void_booked_day IS NOT NULL),
      expected AS (
        SELECT day, member_id, game_id, cafe_id, terminal_id, sum(n)::int AS n, sum(p)::bigint AS p, sum(w)::bigint AS w,
               sum(r)::bigint AS r
          FROM late GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 OR sum(p) <> 0 OR sum(w) <> 0 OR sum(r) <> 0),
      actual AS (SELECT day, member_id, game_id, cafe_id, terminal_id, plays, play_points_cents, win_points_cents, rake_cents
                   FROM late_play_daily
                  WHERE plays <> 0 OR play_points_cents <> 0 OR win_points_cents <> 0 OR rake_cents <> 0)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    platform_id_registries: sql`
      WITH expected AS (
        SELECT 'play' AS kind, platform_id, id, played_at FROM plays WHERE platform_id IS NOT NULL
        UNION ALL
        SELECT 'hand', platform_id, id, played_at FROM poker_hands WHERE platform_id IS NOT NULL),
      actual AS (
        SELECT 'play' AS kind, platform_id, row_id, played_at FROM play_platform_ids
        UNION ALL
        SELECT 'hand', platform_id, row_id, played_at FROM poker_hand_platform_ids)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    cafe_trend_totals: sql`
      WITH expected AS (
        SELECT cf.id AS cafe_id, k.week_start,
               coalesce(sum(d.play_points_cents - d.win_points_cents) FILTER (WHERE d.day >= k.week_start - 21), 0)::bigint AS w4,
               coalesce(sum(d.play_points_cents - d.win_points_cents) FILTER (WHERE d.day >= k.week_start - 49), 0)::bigint AS w8,
               coalesce(sum(d.play_points_cents - d.win_points_cents) FILTER (WHERE d.day >= k.week_start - 77), 0)::bigint AS w12,
               coalesce(sum(d.play_points_cents - d.win_points_cents), 0)::bigint AS w26
          FROM cafes cf
          LEFT JOIN cafe_trend_week k ON true
          LEFT JOIN play_daily d ON d.cafe_id = cf.id AND d.day >= k.week_start - 175 AND d.day <= k.week_start + 6
                                AND d.game_id IN (SELECT id FROM games WHERE kind = 'draw')
         GROUP BY cf.id, k.week_start),
      actual AS (SELECT cafe_id, week_start, weeks4_cents, weeks8_cents, weeks12_cents, weeks26_cents FROM cafe_trend_totals)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    cafe_count: sql`SELECT count(*)::int AS n FROM cafe_count WHERE cafes <> (SELECT count(*) FROM cafes)`,
    cafe_week_totals: sql`
      WITH expected AS (
        SELECT week_start, sum(plays)::bigint, sum(play_points_cents)::bigint, sum(win_points_cents)::bigint,
               sum(own_profit_cents)::bigint, sum(other_profit_cents)::bigint
          FROM cafe_week GROUP BY 1),
      actual AS (SELECT week_start, plays, play_points_cents, win_points_cents, own_profit_cents, other_profit_cents
                   FROM cafe_week_totals)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    weekly_master_profit: sql`
      WITH expected AS (
        SELECT t.week_start, t.parent_id AS master_id, sum(t.play_points_cents - t.win_points_cents)::bigint AS profit_cents,
               bool_or(t.other_play_points_cents > 0) AS played_elsewhere
          FROM weekly_play_totals t
          JOIN accounts m ON m.id = t.parent_id AND m.role = 'master'
         WHERE t.kind = 'games' AND t.game_id IN (SELECT id FROM games WHERE kind = 'draw')
         GROUP BY 1, 2),
      actual AS (SELECT week_start, master_id, profit_cents, played_elsewhere FROM weekly_master_profit)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    master_play_days: sql`
      WITH expected AS (
        SELECT s.master_id, s.day, sum(s.n)::int AS n
          FROM (SELECT p.parent_id AS master_id, p.day, count(*) AS n FROM play_daily_by_parent p
                  JOIN accounts a ON a.id = p.parent_id AND a.role = 'master' GROUP BY 1, 2
                UNION ALL
                SELECT d.member_id, d.day, count(*) FROM play_daily d
                  JOIN accounts a ON a.id = d.member_id AND a.role = 'master' GROUP BY 1, 2) s
         GROUP BY 1, 2),
      actual AS (SELECT master_id, day, rows FROM master_play_days WHERE rows <> 0)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    played_masters_by_day: sql`
      WITH expected AS (
        SELECT x.day, count(DISTINCT x.master_id)::int AS n
          FROM (SELECT p.parent_id AS master_id, p.day FROM play_daily_by_parent p
                UNION ALL SELECT d.member_id, d.day FROM play_daily d) x
          JOIN accounts a ON a.id = x.master_id AND a.role = 'master' AND a.user_status
         GROUP BY 1),
      actual AS (SELECT day, sum(masters)::int AS n FROM played_masters_by_day GROUP BY 1 HAVING sum(masters) <> 0)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    master_last_play: sql`
      WITH played AS (SELECT p.parent_id AS master_id, p.day FROM play_daily_by_parent p
                      UNION ALL SELECT d.member_id, d.day FROM play_daily d),
      expected AS (
        SELECT a.id, a.user_status, coalesce(max(x.day), '-infinity'::date) AS last_day
          FROM accounts a LEFT JOIN played x ON x.master_id = a.id
         WHERE a.role = 'master'
         GROUP BY 1, 2),
      actual AS (SELECT master_id, active, last_day FROM master_last_play)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    active_master_count: sql`
      SELECT count(*)::int AS n FROM active_master_count
       WHERE masters <> (SELECT count(*) FROM accounts WHERE role = 'master' AND user_status)`,
    loan_owed_by_master: sql`
      WITH loaned AS (
        SELECT l.agent_id, sum(l.principal_cents + l.processing_fee_cents)::bigint AS total, sum(l.processing_fee_cents)::bigint AS fee,
               sum(l.principal_cents + l.processing_fee_cents - coalesce(p.cents, 0))::bigint AS owed
          FROM loans l
          LEFT JOIN (SELECT loan_id, sum(amount_cents) AS cents FROM loan_deductions GROUP BY 1) p ON p.loan_id = l.id
         GROUP BY 1),
      owners AS (SELECT master_id, count(*)::int AS cafes FROM cafes GROUP BY 1),
      expected AS (
        SELECT a.id, coalesce(l.total, 0) AS total, coalesce(l.fee, 0) AS fee, coalesce(l.owed, 0) AS owed, coalesce(o.cafes, 0) AS cafes
          FROM accounts a LEFT JOIN loaned l ON l.agent_id = a.id LEFT JOIN owners o ON o.master_id = a.id
         WHERE a.role = 'master' AND (l.agent_id IS NOT NULL OR o.master_id IS NOT NULL)),
      actual AS (SELECT agent_id, total_cents, fee_cents, outstanding_cents, cafes FROM loan_owed_by_master
                  WHERE total_cents <> 0 OR fee_cents <> 0 OR outstanding_cents <> 0 OR cafes <> 0)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    // The loan lists of the whole network as Computer Loan and Multiple Cybers list them, from loans and cafes.
    loan_list_totals: sql`
      WITH listed AS (
        SELECT 'computer' AS list, a.id FROM accounts a WHERE a.role = 'master' AND EXISTS (SELECT 1 FROM loans l WHERE l.agent_id = a.id)
        UNION ALL
        SELECT 'multiple', a.id FROM accounts a WHERE a.role = 'master' AND (SELECT count(*) FROM cafes cf WHERE cf.master_id = a.id) > 1),
      expected AS (
        SELECT x.list, count(m.id)::int AS masters,
               coalesce(sum((SELECT sum(l.principal_cents + l.processing_fee_cents) FROM loans l WHERE l.agent_id = m.id)), 0)::bigint AS total,
               coalesce(sum((SELECT sum(l.processing_fee_cents) FROM loans l WHERE l.agent_id = m.id)), 0)::bigint AS fee,
               coalesce(sum((SELECT sum(l.principal_cents + l.processing_fee_cents) FROM loans l WHERE l.agent_id = m.id)
                            - (SELECT coalesce(sum(d.amount_cents), 0) FROM loan_deductions d JOIN loans l ON l.id = d.loan_id
                                WHERE l.agent_id = m.id)), 0)::bigint AS owed
          FROM (VALUES ('computer'), ('multiple')) AS x(list) LEFT JOIN listed m ON m.list = x.list
         GROUP BY x.list)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT list, masters, total_cents, fee_cents, outstanding_cents FROM loan_list_totals)
                                      UNION ALL (SELECT list, masters, total_cents, fee_cents, outstanding_cents FROM loan_list_totals EXCEPT ALL SELECT * FROM expected)) d`,
    master_count: sql`
      SELECT count(*)::int AS n FROM master_count WHERE masters <> (SELECT count(*) FROM accounts WHERE role = 'master')`,
    loan_owed_totals: sql`
      SELECT count(*)::int AS n FROM loan_owed_totals t,
             (SELECT count(*) AS masters, coalesce(sum(total_cents), 0) AS total, coalesce(sum(outstanding_cents), 0) AS owed
                FROM loan_owed_by_master WHERE outstanding_cents > 0) e
       WHERE (t.masters, t.total_cents, t.outstanding_cents) IS DISTINCT FROM (e.masters, e.total, e.owed)`,
    subtree_sizes: sql`
      WITH expected AS (SELECT ancestor_id, count(*)::int AS n FROM account_closure WHERE depth > 0 GROUP BY 1),
      actual AS (SELECT ancestor_id, accounts FROM subtree_sizes WHERE accounts <> 0)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    // Every play strictly below each manager, from play_daily and the tree as it is now.
    play_daily_by_manager: sql`
      WITH expected AS (
        SELECT up.ancestor_id AS manager_id, d.day, d.game_id, pa.role = 'master' AS under_master,
               sum(d.plays)::bigint AS plays, sum(d.play_points_cents)::bigint AS p, sum(d.win_points_cents)::bigint AS w,
               sum(d.rake_cents)::bigint AS r,
               coalesce(sum(d.play_points_cents) FILTER (WHERE c.master_id IS DISTINCT FROM m.parent_id), 0)::bigint AS op,
               coalesce(sum(d.win_points_cents) FILTER (WHERE c.master_id IS DISTINCT FROM m.parent_id), 0)::bigint AS ow
          FROM play_daily d
          JOIN accounts m ON m.id = d.member_id
          JOIN accounts pa ON pa.id = m.parent_id
          JOIN account_closure up ON up.descendant_id = d.member_id AND up.depth > 0
          JOIN accounts a ON a.id = up.ancestor_id AND a.role IN ('superadmin', 'admin', 'superareamanager', 'areamanager')
          LEFT JOIN cafes c ON c.id = d.cafe_id
         GROUP BY 1, 2, 3, 4
        HAVING sum(d.plays) <> 0 OR sum(d.play_points_cents) <> 0 OR sum(d.win_points_cents) <> 0 OR sum(d.rake_cents) <> 0),
      actual AS (
        SELECT manager_id, day, game_id, under_master, sum(plays)::bigint, sum(play_points_cents)::bigint,
               sum(win_points_cents)::bigint, sum(rake_cents)::bigint, sum(other_play_points_cents)::bigint,
               sum(other_win_points_cents)::bigint
          FROM play_daily_by_manager GROUP BY 1, 2, 3, 4
        HAVING sum(plays) <> 0 OR sum(play_points_cents) <> 0 OR sum(win_points_cents) <> 0 OR sum(rake_cents) <> 0
            OR sum(other_play_points_cents) <> 0 OR sum(other_win_points_cents) <> 0)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
    // The members below each manager with a draw-game play counted on the day.
    active_members_by_manager: sql`
      WITH active AS (
        SELECT d.member_id, d.day FROM play_daily d JOIN games g ON g.id = d.game_id AND g.kind = 'draw'
         GROUP BY 1, 2 HAVING sum(d.plays) > 0),
      expected AS (
        SELECT up.ancestor_id AS manager_id, x.day, count(*)::bigint AS members
          FROM active x
          JOIN account_closure up ON up.descendant_id = x.member_id AND up.depth > 0
          JOIN accounts a ON a.id = up.ancestor_id AND a.role IN ('superadmin', 'admin', 'superareamanager', 'areamanager')
         GROUP BY 1, 2),
      actual AS (SELECT manager_id, day, sum(members)::bigint FROM active_members_by_manager GROUP BY 1, 2 HAVING sum(members) <> 0)
      SELECT count(*)::int AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
                                      UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`,
  };
  for (const [name, query] of Object.entries(mismatches)) {
    const [row] = await queryRows<{ n: number }>(db, query);
    if (row!.n > 0) broken.push(`${name}: ${row!.n} row(s) differ from their definition`);
  }
  return broken;
}
