import { expect } from 'vitest';
import { thisFileServer } from './harness.js';

/** master1's only cafe in the demo network (demo/write-network.ts). */
const MASTER1_CAFE = 'demo-cafe-1';
const FUN_TARGET = 'MNOQqWWi';
const DRAW_MS = 90_000;

/**
 * As the game platform would (docs/feed.md): player1 (master1's member) plays 123.45 points of
 * Fun Target at master1's cafe now and wins nothing, posted with the harness's feed key
 * (server-process.ts makes it before the start).
 */
export async function postPlayerOnePlay(baseURL: string, idPrefix: string): Promise<void> {
  const now = Date.now();
  const play = {
    id: `${idPrefix}-${now}`,
    type: 'play',
    playId: `${idPrefix}-${now}`,
    member: 'player1',
    cafeId: MASTER1_CAFE,
    game: FUN_TARGET,
    drawAt: new Date(Math.ceil(now / DRAW_MS) * DRAW_MS).toISOString(),
    stake: '123.45',
    win: 0,
    at: new Date(now).toISOString(),
  };
  const response = await fetch(`${baseURL}/api/feed/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${thisFileServer().feedKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events: [play] }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ applied: 1, duplicates: 0 });
}
