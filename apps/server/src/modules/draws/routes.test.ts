import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';

const FUN_AB = 'qZicXikM';
const TRIPLE_FUN = 'zuuhVbBM';

describe.each(TEST_DB_KINDS)('draw details on %s', (kind) => {
  let t: TestApp;
  let player: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    // "Now" is 2025-03-05 12:00 IST (06:30 UTC).
    t.clock.set('2025-03-05T06:30:00Z');
    await createNetwork(t.app.db);
    // Fun AB: a draw every 90 s from 2025-03-04 00:00 IST to 2025-03-05 23:58 IST; every 7th without colour,
    // every 11th not open yet (no number). Triple Fun: three draws.
    await t.app.db.execute(sql`
      INSERT INTO draws (game_id, draw_time, drawno, color)
      SELECT 4, ts, CASE WHEN n % 11 = 0 THEN NULL ELSE (ARRAY['A','2','10','K'])[1 + n % 4] END,
             CASE WHEN n % 7 = 0 THEN NULL ELSE (ARRAY['c','k','l','f'])[1 + n % 4] END
        FROM generate_series(0, 1919) AS n, LATERAL (SELECT timestamptz '2025-03-03T18:30:00Z' + n * interval '90 seconds' AS ts) x`);
    await t.app.db.execute(sql`
      INSERT INTO draws (game_id, draw_time, drawno, color) VALUES
        (3, '2025-03-05T01:00:00Z', '1-2-3', NULL), (3, '2025-03-05T02:00:00Z', '4-5-6', NULL), (3, '2025-03-05T08:00:00Z', '7-8-9', NULL)`);
    player = await signIn(t.app, 'player1');
  });
  afterAll(async () => t?.close());

  const get = (query: string) => injectAs(t.app, player, { url: `/api/playrep/drawdetails?${query}` });

  /** Independent count: draws with a number, from the range start up to now. */
  function expectedCount(fromUtc: Date, toUtc: Date): number {
    let count = 0;
    for (let n = 0; n < 1920; n++) {
      const at = Date.parse('2025-03-03T18:30:00Z') + n * 90_000;
      if (at >= fromUtc.getTime() && at < toUtc.getTime() && n % 11 !== 0) count++;
    }
    return count;
  }

  it('pages on the server, newest first, never showing unopened or future draws', async () => {
    const res = await get(`gameId=${FUN_AB}&fromDate=2025-03-04&toDate=2025-03-05&page=1&pageSize=20`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.gameName).toBe('Fun AB');
    expect(body.total).toBe(expectedCount(new Date('2025-03-03T18:30:00Z'), new Date('2025-03-05T06:30:00Z')));
    expect(body.data).toHaveLength(20);
    const times = body.data.map((d: { date: string }) => Date.parse(d.date));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.max(...times)).toBeLessThan(Date.parse('2025-03-05T06:30:00Z'));
    expect(body.data.every((d: { drawno: string | null }) => d.drawno !== null)).toBe(true);
    expect(body.data.some((d: { color: string | null }) => d.color === null)).toBe(true);

    const last = Math.ceil(body.total / 20);
    const lastPage = (await get(`gameId=${FUN_AB}&fromDate=2025-03-04&toDate=2025-03-05&page=${last}&pageSize=20`)).json();
    expect(lastPage.data).toHaveLength(body.total - (last - 1) * 20);
    expect(lastPage.data.at(-1).date).toBe('2025-03-03T18:31:30.000Z');
  });

  it('keeps the hyphens of Triple Fun in the data (the screen removes them)', async () => {
    const body = (await get(`gameId=${TRIPLE_FUN}&fromDate=2025-03-05&toDate=2025-03-05`)).json();
    expect(body.data.map((d: { drawno: string }) => d.drawno)).toEqual(['4-5-6', '1-2-3']);
  });

  it('gives 404 for an unknown game and 400 for bad paging or dates', async () => {
    const unknown = await get('gameId=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unknown game: nope');
    expect((await get(`gameId=${FUN_AB}&page=0`)).statusCode).toBe(400);
    expect((await get(`gameId=${FUN_AB}&pageSize=1000`)).statusCode).toBe(400);
    expect((await get(`gameId=${FUN_AB}&fromDate=31-Feb-2025`)).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
  });

  it('exports the whole range as CSV without the hyphens', async () => {
    const res = await get(`gameId=${TRIPLE_FUN}&fromDate=2025-03-05&toDate=2025-03-05&format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Sr. No.,Winning No,Draw Time');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['456', '123']);
  });
});
