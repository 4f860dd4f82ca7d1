import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, type NetworkIds } from '../../../test/fixtures/network.js';
import { ManualClock } from '../../../test/manual-clock.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { startOutboxRetention } from './retention.js';

/**
 * The outbox's retention (docs/domain.md, "The owner's week"): with a clock moved by hand, the
 * mails sent, cancelled or expired more than MAIL_RETENTION_DAYS ago go at the hourly run, failed
 * and waiting ones stay whatever their age; processed big wins as old go too, with their places in
 * people's next alerts, and the ones still to process stay.
 */
const DAY = 86_400_000;
const NOW = new Date('2025-06-30T12:00:00Z');
const quiet = { info: () => {}, error: () => {} };

describe.each(TEST_DB_KINDS)('outbox retention on %s', (kind) => {
  let database: TestDatabase;
  let ids: NetworkIds;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ids = await createNetwork(database.db);
    await database.db.execute(sql`INSERT INTO cafes (master_id, name) VALUES (${ids.master1}::uuid, 'Retention Cafe')`);
  });
  afterAll(async () => database?.destroy());

  const queue = async (key: string, state: string, daysOld: number) => {
    const at = new Date(NOW.getTime() - daysOld * DAY).toISOString();
    await database.db.execute(
      sql`INSERT INTO outbox (key, kind, account_id, recipient, subject, body_text, state, next_attempt_at, created_at, sent_at)
          VALUES (${key}, 'digest', ${ids.am1}::uuid, 'am1@example.com', 'S', 'T', ${state}::mail_state, ${at}::timestamptz,
                  ${at}::timestamptz, ${state === 'sent' ? at : null}::timestamptz)`,
    );
  };
  const bigWin = async (daysOld: number, processed: boolean) => {
    const at = new Date(NOW.getTime() - daysOld * DAY).toISOString();
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`INSERT INTO big_win_news (play_id, played_at, member_id, cafe_id, game_id, play_points_cents, win_points_cents, arrived_at, processed_at)
          VALUES (1, ${at}::timestamptz, ${ids.player1}::uuid, (SELECT id FROM cafes WHERE name = 'Retention Cafe'), 1, 100, 1000000,
                  ${at}::timestamptz, ${processed ? at : null}::timestamptz)
          RETURNING id`,
    );
    await database.db.execute(sql`INSERT INTO big_win_alert_wins (account_id, news_id) VALUES (${ids.am1}::uuid, ${row!.id})`);
    return row!.id;
  };
  const keys = async () =>
    (await queryRows<{ key: string }>(database.db, sql`SELECT key FROM outbox ORDER BY key`)).map((r) => r.key);
  const news = async () =>
    (await queryRows<{ id: number }>(database.db, sql`SELECT id FROM big_win_news ORDER BY id`)).map((r) => Number(r.id));
  const alertWins = async () =>
    (await queryRows<{ id: number }>(database.db, sql`SELECT news_id AS id FROM big_win_alert_wins ORDER BY 1`)).map((r) =>
      Number(r.id),
    );
  /** One run of the hourly job, as the server starts it, at the clock's time. */
  const runOnce = async (days: number) => startOutboxRetention(database.db, quiet, clock, days).stop();

  it('removes closed mail and processed big wins older than the retention, at the clock’s time, and nothing else', async () => {
    for (const state of ['sent', 'cancelled', 'expired', 'failed', 'pending', 'held']) {
      await queue(`${state}-old`, state, 91);
      await queue(`${state}-young`, state, 89);
    }
    const oldDone = await bigWin(91, true);
    const oldWaiting = await bigWin(91, false);
    const youngDone = await bigWin(89, true);

    await runOnce(90);
    expect(await keys()).toEqual([
      'cancelled-young',
      'expired-young',
      'failed-old',
      'failed-young',
      'held-old',
      'held-young',
      'pending-old',
      'pending-young',
      'sent-young',
    ]);
    expect(await news()).toEqual([oldWaiting, youngDone]);
    expect(await alertWins()).toEqual([oldWaiting, youngDone]); // the processed one's place went with it
    expect(oldDone).toBeLessThan(oldWaiting);

    // Two days on, the young ones are past 90 days too.
    clock.advance(2 * DAY);
    await runOnce(90);
    expect(await keys()).toEqual(['failed-old', 'failed-young', 'held-old', 'held-young', 'pending-old', 'pending-young']);
    expect(await news()).toEqual([oldWaiting]);

    // A shorter retention keeps less: nothing closed is left to remove; the waiting and failed stay.
    await runOnce(1);
    expect((await keys()).length).toBe(6);
  });
});
