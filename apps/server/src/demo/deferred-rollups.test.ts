import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { type Queryable, queryRows } from '../db/client.js';
import { brokenInvariants } from '../modules/feed/test-support/feed-fixture.js';
import { withRollupsFoldedAfter } from './deferred-rollups.js';
import { seedNetwork } from './index.js';

const END = '2025-03-12';

/** Each roll-up table in key order; the striped ones with their stripes summed (readers sum them too). */
const ROLLUPS: Record<string, string> = {
  play_daily: 'SELECT * FROM play_daily ORDER BY member_id, day, cafe_id, game_id',
  play_daily_by_parent: 'SELECT * FROM play_daily_by_parent ORDER BY parent_id, day, game_id',
  play_daily_by_cafe: 'SELECT * FROM play_daily_by_cafe ORDER BY cafe_id, day, game_id',
  play_daily_by_manager: `
    SELECT manager_id, day, game_id, under_master, sum(plays)::bigint AS plays, sum(play_points_cents)::bigint AS p,
           sum(win_points_cents)::bigint AS w, sum(rake_cents)::bigint AS r, sum(other_play_points_cents)::bigint AS op,
           sum(other_win_points_cents)::bigint AS ow
      FROM play_daily_by_manager GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  active_members_by_manager:
    'SELECT manager_id, day, sum(members)::bigint AS members FROM active_members_by_manager GROUP BY 1, 2 ORDER BY 1, 2',
};

const rollups = async (db: Queryable) => {
  const tables: Record<string, unknown[]> = {};
  for (const [table, query] of Object.entries(ROLLUPS)) tables[table] = await queryRows(db, sql.raw(query));
  return tables;
};

/** The roll-up triggers of plays and poker hands, and the guards of the roll-up tables, that are not on. */
const triggersOff = (db: Queryable) =>
  queryRows<{ tgname: string }>(
    db,
    sql`SELECT tgname FROM pg_trigger
         WHERE NOT tgisinternal AND tgenabled = 'D'
           AND tgrelid IN ('plays'::regclass, 'poker_hands'::regclass, 'play_daily'::regclass, 'active_members_by_manager'::regclass)`,
  );

describe.each(TEST_DB_KINDS)('the demo seed’s roll-ups, folded after its plays, on %s', (kind) => {
  let folded: TestDatabase;
  let byTriggers: TestDatabase;

  beforeAll(async () => {
    [folded, byTriggers] = await Promise.all([createTestDatabase(kind), createTestDatabase(kind)]);
    const options = { scale: 'tiny', seed: 7, endDate: END, houseUsername: 'HOUSE' } as const;
    await seedNetwork(folded, options);
    await seedNetwork(byTriggers, { ...options, rollups: 'by-triggers' });
  }, 300_000);
  afterAll(async () => {
    await Promise.all([folded?.destroy(), byTriggers?.destroy()]);
  });

  it('are row for row the roll-ups the triggers make batch by batch', async () => {
    const [mine, theirs] = [await rollups(folded.db), await rollups(byTriggers.db)];
    for (const table of Object.keys(ROLLUPS)) {
      expect(mine[table]!.length, table).toBeGreaterThan(0);
      expect(mine[table], table).toEqual(theirs[table]);
    }
  });

  it('equal their definitions from the plays and poker hands, with the triggers back on', async () => {
    expect(await brokenInvariants(folded.db)).toEqual([]);
    expect(await triggersOff(folded.db)).toEqual([]);
  });

  it('roll back with the plays, the triggers on again, when writing fails half way', async () => {
    const database = await createTestDatabase(kind);
    try {
      const failing = withRollupsFoldedAfter(database.db, [END], async (tx) => {
        expect((await triggersOff(tx)).length).toBeGreaterThan(0);
        throw new Error('the batch failed');
      });
      await expect(failing).rejects.toThrow('the batch failed');
      expect(await triggersOff(database.db)).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});
