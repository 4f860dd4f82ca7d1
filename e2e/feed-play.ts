import { expect } from 'vitest';
import { thisFileServer } from './harness.js';

/** master1's only cafe in the demo network (demo/write-network.ts). */
const MASTER1_CAFE = 'demo-cafe-1';
const FUN_TARGET = 'MNOQqWWi';
const DRAW_MS = 90_000;

/**
 * As the game platform would (docs/feed.md): player1 (master1's member) plays 123.45 points of
 * Fun Target at master1's cafe (terminal PC-01) now and wins nothing, posted to this file's server with its feed
 * key (server-process.ts makes it before the start).
 */
export async function postPlayerOnePlay(idPrefix: string): Promise<void> {
  const { baseURL, feedKey } = thisFileServer();
  const now = Date.now();
  const play = {
    id: `${idPrefix}-${now}`,
    type: 'play',
    playId: `${idPrefix}-${now}`,
    member: 'player1',
    cafeId: MASTER1_CAFE,
    // Every demo cafe has PC-01 (demo/terminals.ts): Cafe Profit's terminals stay the demo's.
    terminalId: 'PC-01',
    game: FUN_TARGET,
    drawAt: new Date(Math.ceil(now / DRAW_MS) * DRAW_MS).toISOString(),
    stake: '123.45',
    win: 0,
    at: new Date(now).toISOString(),
  };
  const response = await fetch(`${baseURL}/api/feed/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${feedKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events: [play] }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ applied: 1, duplicates: 0 });
}
