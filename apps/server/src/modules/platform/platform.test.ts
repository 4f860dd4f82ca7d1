import { PLATFORM_MESSAGES, type PlatformResponse } from '@playrep/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';

/** The Platform screen (superadmin): feed keys without the command line, and the last batches. */
describe.each(TEST_DB_KINDS)('the Platform screen’s calls on %s', (kind) => {
  let t: TestApp;
  let superadmin: TestSession;
  const post = (url: string) => injectAs(t.app, superadmin, { method: 'POST', url });
  const platform = async () => (await injectAs(t.app, superadmin, { url: '/api/playrep/platform' })).json() as PlatformResponse;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await createNetwork(t.app.db);
    superadmin = await signIn(t.app, 'superadmin');
  });
  afterAll(async () => t?.close());

  it('creates a key shown once that opens the feed, lists it with its use and batches, and revokes it', async () => {
    const created = await post('/api/playrep/feedkeycreate?name=casino-one');
    expect(created.statusCode, created.body).toBe(200);
    const { key, message } = created.json() as { key: string; message: string };
    expect(message).toBe(PLATFORM_MESSAGES.created('casino-one'));
    const taken = await post('/api/playrep/feedkeycreate?name=CASINO-ONE');
    expect([taken.statusCode, taken.json().message]).toEqual([409, PLATFORM_MESSAGES.nameTaken('CASINO-ONE')]);

    const feed = (events: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/feed/v1/events',
        headers: { authorization: `Bearer ${key}` },
        payload: { events },
      });
    expect((await feed([{ id: 'c1', type: 'cafe', cafeId: 'CAFE-1', master: 'master1', name: 'Corner' }])).statusCode).toBe(200);
    expect((await feed([{ id: 'c2', type: 'cafe', cafeId: 'CAFE-2', master: 'nobody', name: 'X' }])).statusCode).toBe(422);

    const listed = await platform();
    expect(listed.keys).toMatchObject([{ name: 'casino-one', state: 'Live', eventsApplied: 1, counts: 'cafe 1', live: true }]);
    expect(listed.batches.map((b) => [b.key, b.outcome])).toEqual([
      ['casino-one', 'Refused'],
      ['casino-one', 'Applied'],
    ]);
    expect(listed.batches[1]!.details).toBe('1 applied, 0 duplicates (cafe 1)');
    expect(JSON.stringify(listed)).not.toContain(key);

    const revoked = await post('/api/playrep/feedkeyrevoke?name=casino-one');
    expect([revoked.statusCode, revoked.json().message]).toEqual([200, PLATFORM_MESSAGES.revoked('casino-one')]);
    expect((await feed([])).statusCode).toBe(401);
    expect((await platform()).keys).toMatchObject([{ name: 'casino-one', state: 'Revoked', live: false }]);
    const again = await post('/api/playrep/feedkeyrevoke?name=casino-one');
    expect([again.statusCode, again.json().message]).toEqual([404, PLATFORM_MESSAGES.noSuchKey('casino-one')]);
    const bad = await post('/api/playrep/feedkeycreate?name=bad%20name');
    // Named as the screen labels it.
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'New feed key name must be 1 to 64 letters, digits, ".", "_" or "-"',
    ]);
  });

  it('is the superadmin’s only', async () => {
    const admin = await signIn(t.app, 'admin1');
    expect((await injectAs(t.app, admin, { url: '/api/playrep/platform' })).statusCode).toBe(403);
    expect((await injectAs(t.app, admin, { method: 'POST', url: '/api/playrep/feedkeycreate?name=x' })).statusCode).toBe(403);
  });
});
