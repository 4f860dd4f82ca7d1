import type { FeedEventInput, FeedRefusal } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { brokenInvariants, buildFeedApp, cafeEvents, type FeedApp } from './test-support/feed-fixture.js';

/**
 * A playId or handId is applied once for ever (docs/domain.md, "Data from the game platform"), kept by the registries of
 * the partitioned tables (migration 0010). Two batches that carry the same playId under different
 * event ids, the second arriving while the first has not committed: the second waits, then finds
 * the id known and refuses that event, as when they come one after the other. Only PostgreSQL runs
 * two transactions at once.
 */
const AT = '2026-11-20T12:00:00+05:30';
/** The server's clock: after both batches' plays (the feed takes nothing much ahead of it). */
const NOW = '2026-12-02T12:00:00+05:30';

const play = (id: string, playId: string, at = AT): FeedEventInput => ({
  id,
  type: 'play',
  playId,
  member: 'player1',
  cafeId: 'cafe-m1',
  game: 'MNOQqWWi',
  drawAt: at,
  stake: 10,
  win: 0,
  at,
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('one playId in two batches at once on postgres', () => {
  let f: FeedApp;
  let other: pg.Client;

  beforeAll(async () => {
    f = await buildFeedApp('postgres', { now: NOW });
    const res = await f.post(cafeEvents());
    expect(res.statusCode, res.body).toBe(200);
    other = new pg.Client({ connectionString: f.t.database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await f?.close();
  });

  it('applies it once: the batch that waited refuses it as known, and nothing else changes', async () => {
    // The first batch's work, held open: a play with the id, in its own month's partition.
    const [ids] = await queryRows<{ member: string; cafe: string }>(
      f.t.app.db,
      sql`SELECT (SELECT id FROM accounts WHERE username = 'player1') AS member, (SELECT id FROM cafes WHERE platform_id = 'cafe-m1') AS cafe`,
    );
    await other.query('BEGIN');
    await other.query(
      `INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at, platform_id)
       VALUES ($1, $2, 1, 1000, 0, $3, 'raced')`,
      [ids!.member, ids!.cafe, AT],
    );

    // Another time, another month: the id alone decides.
    const second = f.post([play('second-1', 'raced', '2026-12-02T09:00:00+05:30'), play('second-2', 'fresh')]);
    // The second batch is blocked on the registry's key while the first is open.
    const waiting = await Promise.race([
      second.then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waiting'), 1_500)),
    ]);
    expect(waiting).toBe('waiting');
    await other.query('COMMIT');

    const res = await second;
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as FeedRefusal).errors).toEqual([
      { index: 0, id: 'second-1', field: 'playId', reason: 'is already known: a play with this playId was applied before' },
    ]);
    const rows = await queryRows<{ platform_id: string; n: number }>(
      f.t.app.db,
      sql`SELECT platform_id, count(*)::int AS n FROM plays GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([{ platform_id: 'raced', n: 1 }]);
    expect(await brokenInvariants(f.t.app.db)).toEqual([]);

    // Sent again without the known one, the batch applies.
    const again = await f.post([play('second-2', 'fresh')]);
    expect(again.statusCode, again.body).toBe(200);
  });
});
