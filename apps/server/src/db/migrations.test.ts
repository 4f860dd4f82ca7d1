import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS, type TestDbKind } from '../../test/test-db.js';
import { type Database, MIGRATIONS_DIR, migrateDatabase, openDatabase, queryRows } from './client.js';
import * as schema from './schema/index.js';

/**
 * The committed migrations on a fresh database: they all apply, in journal order, give the tables
 * of the schema module and the triggers the product relies on, and a restart (the server migrates
 * at every start) applies nothing again and changes nothing.
 */
const EXPECTED_TABLES = [
  'account_closure',
  'accounts',
  'active_master_count',
  'active_members_by_manager',
  'activity',
  'big_win_alert_wins',
  'big_win_news',
  'cafe_count',
  'cafe_trend_totals',
  'cafe_trend_week',
  'cafe_week',
  'cafe_week_totals',
  'cafes',
  'draw_daily_by_cafe',
  'draws',
  'email_confirmations',
  'feed_events',
  'feed_key_counts',
  'feed_keys',
  'games',
  'late_play_daily',
  'loan_deductions',
  'loan_list_totals',
  'loan_owed_by_master',
  'loan_owed_totals',
  'loans',
  'master_count',
  'master_last_play',
  'master_play_days',
  'member_first_plays',
  'network_play_minutes',
  'outbox',
  'play_daily',
  'play_daily_by_cafe',
  'play_daily_by_manager',
  'play_daily_by_parent',
  'play_hours',
  'play_hours_by_manager',
  'play_platform_ids',
  'played_masters_by_day',
  'plays',
  'poker_hand_platform_ids',
  'poker_hands',
  'sessions',
  'settled_weeks',
  'sign_in_attempts',
  'sign_in_links',
  'signing_keys',
  'subtree_sizes',
  'transfers',
  'two_step',
  'two_step_recovery_codes',
  'week_seals',
  'weekly_master_profit',
  'weekly_play_totals',
  'weekly_settlements',
];

/**
 * table.trigger: the hierarchy and its moves, the play roll-ups and their protection, the closed
 * weeks, the platform ids of plays and hands, the references of plays, hands and feed events
 * (checked per statement) and the rows they name (never deleted). The month partitions of plays and poker_hands (0010)
 * are listed on their own: which months exist depends on the day the migrations ran.
 */
const EXPECTED_TRIGGERS = [
  'account_closure.subtree_sizes_delete',
  'account_closure.subtree_sizes_insert',
  'accounts.accounts_after_insert',
  'accounts.accounts_after_move',
  'accounts.accounts_after_move_manager_hours',
  'accounts.accounts_after_move_managers',
  'accounts.accounts_before_insert',
  'accounts.accounts_before_update',
  'accounts.accounts_depth_after_move',
  'accounts.accounts_depth_kept',
  'accounts.accounts_depth_on_insert',
  'accounts.accounts_id_kept',
  'accounts.accounts_master_count_insert',
  'accounts.accounts_master_count_status',
  'accounts.accounts_master_last_play_insert',
  'accounts.accounts_never_deleted',
  'accounts.master_count_insert',
  'active_master_count.active_master_count_direct_write',
  'active_master_count.active_master_count_no_truncate',
  'active_members_by_manager.active_members_by_manager_direct_write',
  'active_members_by_manager.active_members_by_manager_no_truncate',
  'activity.activity_append_only',
  'activity.activity_no_truncate',
  'cafe_count.cafe_count_direct_write',
  'cafe_count.cafe_count_no_truncate',
  'cafe_trend_totals.cafe_trend_totals_direct_write',
  'cafe_trend_totals.cafe_trend_totals_no_truncate',
  'cafe_week.cafe_week_closed_week',
  'cafe_week.cafe_week_final',
  'cafe_week.cafe_week_no_truncate',
  'cafe_week.cafe_week_totals_insert',
  'cafe_week_totals.cafe_week_totals_direct_write',
  'cafe_week_totals.cafe_week_totals_no_truncate',
  'cafes.cafe_count_insert',
  'cafes.cafe_trend_totals_new_cafes',
  'cafes.cafes_after_master_change',
  'cafes.cafes_id_kept',
  'cafes.cafes_never_deleted',
  'cafes.cafes_owner_is_master',
  'cafes.loan_owed_cafes_insert',
  'cafes.loan_owed_cafes_update',
  'draw_daily_by_cafe.cafe_trend_totals_insert',
  'draw_daily_by_cafe.cafe_trend_totals_update',
  'draw_daily_by_cafe.draw_daily_by_cafe_direct_write',
  'draw_daily_by_cafe.draw_daily_by_cafe_no_truncate',
  'draws.draws_id_kept',
  'draws.draws_never_deleted',
  'feed_events.feed_events_references_insert',
  'feed_events.feed_events_references_update',
  'feed_keys.feed_keys_id_kept',
  'feed_keys.feed_keys_never_deleted',
  'games.games_id_kept',
  'games.games_never_deleted',
  'late_play_daily.late_play_daily_direct_write',
  'late_play_daily.late_play_daily_no_truncate',
  'loan_deductions.loan_deductions_closed_week',
  'loan_deductions.loan_deductions_final',
  'loan_deductions.loan_deductions_no_truncate',
  'loan_deductions.loan_owed_insert',
  'loan_list_totals.loan_list_totals_direct_write',
  'loan_list_totals.loan_list_totals_no_truncate',
  'loan_owed_by_master.loan_owed_by_master_direct_write',
  'loan_owed_by_master.loan_owed_by_master_no_truncate',
  'loan_owed_totals.loan_owed_totals_direct_write',
  'loan_owed_totals.loan_owed_totals_no_truncate',
  'loans.loan_owed_delete',
  'loans.loan_owed_insert',
  'loans.loan_owed_update',
  'master_count.master_count_direct_write',
  'master_count.master_count_no_truncate',
  'master_last_play.master_last_play_direct_write',
  'master_last_play.master_last_play_no_truncate',
  'master_play_days.master_play_days_direct_write',
  'master_play_days.master_play_days_no_truncate',
  'member_first_plays.member_first_plays_closed_week',
  'member_first_plays.member_first_plays_final',
  'member_first_plays.member_first_plays_no_truncate',
  'network_play_minutes.network_play_minutes_final',
  'network_play_minutes.network_play_minutes_no_truncate',
  'play_daily.master_play_days_own_delete',
  'play_daily.master_play_days_own_insert',
  'play_daily.play_daily_by_cafe_delete',
  'play_daily.play_daily_by_cafe_insert',
  'play_daily.play_daily_by_cafe_update',
  'play_daily.play_daily_by_parent_delete',
  'play_daily.play_daily_by_parent_insert',
  'play_daily.play_daily_by_parent_update',
  'play_daily.play_daily_direct_write',
  'play_daily.play_daily_no_truncate',
  'play_daily_by_cafe.draw_daily_by_cafe_delete',
  'play_daily_by_cafe.draw_daily_by_cafe_insert',
  'play_daily_by_cafe.draw_daily_by_cafe_update',
  'play_daily_by_cafe.play_daily_by_cafe_direct_write',
  'play_daily_by_cafe.play_daily_by_cafe_no_truncate',
  'play_daily_by_manager.play_daily_by_manager_direct_write',
  'play_daily_by_manager.play_daily_by_manager_no_truncate',
  'play_daily_by_parent.master_play_days_delete',
  'play_daily_by_parent.master_play_days_insert',
  'play_daily_by_parent.play_daily_by_manager_delete',
  'play_daily_by_parent.play_daily_by_manager_insert',
  'play_daily_by_parent.play_daily_by_manager_update',
  'play_daily_by_parent.play_daily_by_parent_direct_write',
  'play_daily_by_parent.play_daily_by_parent_no_truncate',
  'play_hours.play_hours_closed_week',
  'play_hours.play_hours_final',
  'play_hours.play_hours_no_truncate',
  'play_platform_ids.play_platform_ids_direct_write',
  'played_masters_by_day.played_masters_by_day_direct_write',
  'played_masters_by_day.played_masters_by_day_no_truncate',
  'plays.plays_closed_week_delete',
  'plays.plays_closed_week_insert',
  'plays.plays_closed_week_update',
  'plays.plays_fold_delete',
  'plays.plays_fold_insert',
  'plays.plays_fold_update',
  'plays.plays_late_daily_delete',
  'plays.plays_late_daily_insert',
  'plays.plays_late_daily_update',
  'plays.plays_members_delete',
  'plays.plays_members_update',
  'plays.plays_no_truncate',
  'plays.plays_platform_ids_delete',
  'plays.plays_platform_ids_insert',
  'plays.plays_platform_ids_update',
  'plays.plays_references_insert',
  'plays.plays_references_update',
  'plays.plays_sealed_week_insert',
  'plays.plays_sealed_week_update',
  'poker_hand_platform_ids.poker_hand_platform_ids_direct_write',
  'poker_hands.poker_hands_closed_week_delete',
  'poker_hands.poker_hands_closed_week_insert',
  'poker_hands.poker_hands_closed_week_update',
  'poker_hands.poker_hands_fold_delete',
  'poker_hands.poker_hands_fold_insert',
  'poker_hands.poker_hands_fold_update',
  'poker_hands.poker_hands_late_daily_delete',
  'poker_hands.poker_hands_late_daily_insert',
  'poker_hands.poker_hands_late_daily_update',
  'poker_hands.poker_hands_no_truncate',
  'poker_hands.poker_hands_platform_ids_delete',
  'poker_hands.poker_hands_platform_ids_insert',
  'poker_hands.poker_hands_platform_ids_update',
  'poker_hands.poker_hands_references_insert',
  'poker_hands.poker_hands_references_update',
  'poker_hands.poker_hands_sealed_week_insert',
  'poker_hands.poker_hands_sealed_week_update',
  'settled_weeks.settled_weeks_final',
  'settled_weeks.settled_weeks_no_truncate',
  'subtree_sizes.subtree_sizes_direct_write',
  'subtree_sizes.subtree_sizes_no_truncate',
  'weekly_master_profit.weekly_master_profit_direct_write',
  'weekly_master_profit.weekly_master_profit_no_truncate',
  'weekly_play_totals.weekly_play_totals_closed_week',
  'weekly_play_totals.weekly_play_totals_final',
  'weekly_play_totals.weekly_play_totals_master_profit',
  'weekly_play_totals.weekly_play_totals_no_truncate',
  'weekly_settlements.weekly_settlements_closed_week',
  'weekly_settlements.weekly_settlements_final',
  'weekly_settlements.weekly_settlements_no_truncate',
];

/** The journal's migrations, in order, with the hash drizzle records for each (sha256 of the file). */
function committedMigrations(): { tag: string; hash: string }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({
      tag,
      hash: createHash('sha256')
        .update(readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8'))
        .digest('hex'),
    }));
}

const lines = async (database: Database, query: ReturnType<typeof sql>) =>
  (await queryRows<{ line: string }>(database.db, query)).map((row) => row.line);

/** Everything the migrations make, as sorted text lines, and what they recorded. */
async function catalog(database: Database) {
  return {
    migrations: await lines(
      database,
      sql`SELECT hash || ' ' || created_at AS line FROM drizzle.__drizzle_migrations ORDER BY id`,
    ),
    tables: await lines(
      database,
      sql`SELECT relname::text AS line FROM pg_class
           WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition ORDER BY 1`,
    ),
    partitions: await lines(
      database,
      sql`SELECT i.inhparent::regclass::text || ' ' || c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid) AS line
            FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
           WHERE c.relispartition AND c.relkind = 'r' ORDER BY 1`,
    ),
    columns: await lines(
      database,
      sql`SELECT concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) AS line
            FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1`,
    ),
    indexes: await lines(database, sql`SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`),
    constraints: await lines(
      database,
      sql`SELECT conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) AS line
            FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`,
    ),
    triggers: await lines(
      database,
      sql`SELECT c.relname || '.' || t.tgname AS line
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
           WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace AND NOT c.relispartition ORDER BY 1`,
    ),
    functions: await lines(
      database,
      sql`SELECT proname || ' ' || md5(prosrc) AS line FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`,
    ),
    games: await lines(database, sql`SELECT concat_ws(' ', id, code, slug, name, kind) AS line FROM games ORDER BY id`),
  };
}

/** Opens the same database again, as a restarted server does. */
interface Restartable {
  first: Database;
  reopen(): Promise<Database>;
  destroy(): Promise<void>;
}

async function freshDatabase(kind: TestDbKind): Promise<Restartable> {
  if (kind === 'postgres') {
    const first = await createTestDatabase('postgres', { migrate: false, poolSize: 2 });
    return { first, reopen: () => openDatabase({ databaseUrl: first.url, poolSize: 2 }), destroy: () => first.destroy() };
  }
  // On disk, so that the reopened database is the same one.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-migrations-'));
  const first = await openDatabase({ dataDir });
  return {
    first,
    reopen: () => openDatabase({ dataDir }),
    async destroy() {
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(TEST_DB_KINDS)('committed migrations on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('apply from empty, give the expected tables and triggers, and change nothing when applied again after a restart', async () => {
    const target = await freshDatabase(kind);
    cleanups.push(() => target.destroy());

    await migrateDatabase(target.first);
    const applied = await catalog(target.first);
    const migrations = committedMigrations();
    expect(applied.migrations.map((line) => line.split(' ')[0])).toEqual(migrations.map((m) => m.hash));

    const schemaTables = (Object.values(schema) as unknown[])
      .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
      .sort();
    expect(schemaTables).toEqual(EXPECTED_TABLES);
    expect(applied.tables).toEqual(EXPECTED_TABLES);
    expect(applied.triggers).toEqual(EXPECTED_TRIGGERS);
    // plays and poker_hands by month: a DEFAULT partition each, and the current month (the
    // server makes the next ones at start).
    expect(applied.partitions.filter((line) => line.endsWith(' DEFAULT'))).toEqual([
      'plays plays_default DEFAULT',
      'poker_hands poker_hands_default DEFAULT',
    ]);
    expect(applied.partitions).toHaveLength(2 * 2);
    expect(applied.functions.map((line) => line.split(' ')[0])).toContain('ist_day');
    expect(applied.games).toHaveLength(5);

    // Again in the same process, then after a restart.
    await migrateDatabase(target.first);
    expect(await catalog(target.first)).toEqual(applied);
    if (kind === 'pglite') await target.first.close(); // PGlite holds its folder: one process at a time
    const restarted = await target.reopen();
    cleanups.push(() => restarted.close());
    await migrateDatabase(restarted);
    expect(await catalog(restarted)).toEqual(applied);
  });
});
