import type { FeedEventCheck } from '@playrep/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { createFeedKey } from './keys.js';
import { buildFeedApp, cafeEvents, type FeedApp } from './test-support/feed-fixture.js';

const NOW = '2025-03-12T23:00:00+05:30';
const FUN_TARGET = 'MNOQqWWi';
const draw = (id: string, time: string, result: string) => ({
  id,
  type: 'draw',
  game: FUN_TARGET,
  drawAt: `2025-03-12T${time}+05:30`,
  result,
});

/** GET /api/feed/v1/events/{id}: a platform that lost a batch's answer asks whether its events were applied. */
describe.each(TEST_DB_KINDS)('checking an event id on %s', (kind) => {
  let f: FeedApp;
  const check = (id: string, key = f.key) =>
    f.t.app.inject({ url: `/api/feed/v1/events/${encodeURIComponent(id)}`, headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: NOW });
  });
  afterAll(async () => f?.close());

  it('answers applied, when and in which batch: one batch id for the events one batch applied', async () => {
    const first = await f.post(cafeEvents('c'));
    expect(first.statusCode, first.body).toBe(200);
    f.t.clock.set('2025-03-12T23:00:30+05:30');
    // The second batch repeats a cafe event (a duplicate: it stays with the first batch) and adds two draws.
    const second = await f.post([cafeEvents('c')[0], draw('d-1', '10:00:00', '4'), draw('d/2 x', '10:30:00', '5')]);
    expect(second.json()).toMatchObject({ applied: 2, duplicates: 1 });

    const answers = await Promise.all(['c-cafe-1', 'c-cafe-2', 'd-1', 'd/2 x'].map(async (id) => (await check(id)).json()));
    const [cafe1, cafe2, draw1, draw2] = answers as FeedEventCheck[];
    expect(cafe1).toEqual({
      id: 'c-cafe-1',
      applied: true,
      type: 'cafe',
      appliedAt: new Date(NOW).toISOString(),
      batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(cafe2).toMatchObject({ applied: true, type: 'cafe', batchId: cafe1!.batchId });
    expect(draw1).toEqual({
      id: 'd-1',
      applied: true,
      type: 'draw',
      appliedAt: new Date('2025-03-12T23:00:30+05:30').toISOString(),
      batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(draw1!.batchId).not.toBe(cafe1!.batchId);
    expect(draw2).toMatchObject({ id: 'd/2 x', applied: true, batchId: draw1!.batchId });
  });

  it('answers not applied for an id never sent, and for one in a refused batch', async () => {
    expect((await check('never-sent')).json()).toEqual({
      id: 'never-sent',
      applied: false,
      type: null,
      appliedAt: null,
      batchId: null,
    });
    // Refused whole (the second draw has no result): neither id was applied.
    const refused = await f.post([draw('r-1', '11:00:00', '1'), { ...draw('r-2', '11:30:00', '1'), result: undefined }]);
    expect(refused.statusCode).toBe(422);
    expect((await check('r-1')).json()).toMatchObject({ applied: false, batchId: null });
  });

  it("sees only its own key's ids, and needs a feed key", async () => {
    const other = await createFeedKey(f.t.app.db, 'other-platform', f.t.clock.now());
    expect((await check('d-1', other.key)).json()).toMatchObject({ id: 'd-1', applied: false });
    expect((await f.post([draw('d-1', '12:00:00', '9')], other.key)).statusCode).toBe(200);
    expect((await check('d-1', other.key)).json()).toMatchObject({ applied: true, type: 'draw' });

    const none = await f.t.app.inject({ url: '/api/feed/v1/events/d-1' });
    expect(none.statusCode).toBe(401);
    expect(Object.keys(none.json())).toEqual(['message']);
  });

  it('takes any id an event may have (128 characters, any script), refuses a longer one with 400', async () => {
    const longest = `${'ಕ'.repeat(126)}𝄞`; // 128 UTF-16 units, the last one of 4 UTF-8 bytes
    expect((await f.post([draw(longest, '13:00:00', '2')])).statusCode).toBe(200);
    expect((await check(longest)).json()).toMatchObject({ id: longest, applied: true, type: 'draw' });
    const res = await check('x'.repeat(129));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining('128') });
  });
});
