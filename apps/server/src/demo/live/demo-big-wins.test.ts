import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/manual-clock.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { makeBigWinAlerts } from '../../modules/mail/big-win-alerts/make-alerts.js';
import { seedNetwork } from '../index.js';
import { HIGH_ROLLER_WIN_CENTS } from './big-wins.js';
import { startDemoFeed } from './demo-feed.js';

/**
 * The live demo's big wins reach their owner (docs/domain.md, "Demo data"): an hour of the live
 * demo on a tiny demo network brings a big win in am1's network through the feed, and the alert
 * process makes am1's alert of it (held until a mail server is configured).
 */
const SEED = 7;
const SEEDED_AT = new Date('2025-03-12T12:00:00+05:30');
const quiet = { info() {}, warn() {}, error() {} };

describe.each(TEST_DB_KINDS)('the live demo and big-win alerts on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedNetwork(database, { scale: 'tiny', seed: SEED, endDate: '2025-03-12', houseUsername: 'HOUSE', now: SEEDED_AT });
  }, 300_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it("makes am1's alert of the big win an hour of the live demo brings", async () => {
    const { db } = database;
    const anHourLater = new Date(SEEDED_AT.getTime() + 65 * 60_000);
    const feed = startDemoFeed({ db, clock: new ManualClock(anHourLater), log: quiet, seed: SEED });
    await feed.ready;
    await feed.stop();

    // The big wins of the hour, as the feed wrote them: in am1's network.
    const wins = await queryRows<{ member: string; area_manager: string; win: string }>(
      db,
      sql`SELECT m.username AS member, am.username AS area_manager, p.win_points_cents::text AS win
            FROM plays p JOIN accounts m ON m.id = p.member_id JOIN accounts ms ON ms.id = m.parent_id
            JOIN accounts am ON am.id = ms.parent_id
           WHERE p.played_at > ${SEEDED_AT.toISOString()}::timestamptz AND p.win_points_cents >= 1000000`,
    );
    expect(wins.length).toBeGreaterThanOrEqual(1);
    expect(wins.filter((w) => w.area_manager === 'am1').map((w) => w.win)).toContain(String(HIGH_ROLLER_WIN_CENTS));

    const pass = await makeBigWinAlerts(db, { now: anHourLater, publicUrl: 'http://localhost:3000' });
    expect(pass.queued).toBeGreaterThanOrEqual(1);
    const [alert] = await queryRows<{ subject: string; body_text: string }>(
      db,
      sql`SELECT subject, body_text FROM outbox WHERE kind = 'big-win-alert' AND recipient = 'am1@example.com'`,
    );
    const am1Wins = wins.filter((w) => w.area_manager === 'am1');
    for (const w of am1Wins) expect(alert!.body_text).toContain(`${w.member} `);
    expect(alert!.body_text).toContain('win 10,800.00');
  });
});
