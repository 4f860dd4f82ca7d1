import { type ActivityRow, SESSION_EXPIRED_MESSAGE } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';

describe.each(TEST_DB_KINDS)('signup and userauth on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  let am1: TestSession;
  let player1: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    ids = await createNetwork(t.app.db);
    am1 = await signIn(t.app, 'am1');
    player1 = await signIn(t.app, 'player1');
  });
  afterAll(async () => t?.close());

  const valid = {
    username: 'master9',
    password: 'Strong#2025',
    role: 'master',
    firstName: 'Nine',
    lastName: 'Agent',
    commission: 12.5,
    address: 'Shop 4, MG Road',
  };
  const signup = (session: TestSession | null, payload: Record<string, unknown>) =>
    session
      ? injectAs(t.app, session, { method: 'POST', url: '/api/auth/signup', payload })
      : t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });

  describe('signup', () => {
    it('creates an account under the caller: 201 with the new user, who can sign in and is in the caller scope', async () => {
      const res = await signup(am1, { ...valid, username: '  Master9 ' });
      expect(res.statusCode).toBe(201);
      const { user } = res.json();
      expect(user).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username: 'Master9',
        firstName: 'Nine',
        lastName: 'Agent',
        role: 'master',
        roles: ['master'],
        parentId: ids.am1,
        commission: 12.5,
        address: 'Shop 4, MG Road',
        userStatus: true,
        createdAt: expect.any(String),
      });
      const closure = await queryRows<{ ancestor_id: string }>(
        t.app.db,
        sql`SELECT ancestor_id FROM account_closure WHERE descendant_id = ${user._id}::uuid AND depth > 0 ORDER BY depth`,
      );
      expect(closure.map((c) => c.ancestor_id)).toEqual([ids.am1, ids.sam1, ids.admin1, ids.superadmin]);
      const session = await signIn(t.app, 'master9', { password: 'Strong#2025' });
      expect(session.user._id).toBe(user._id);
      expect((await injectAs(t.app, am1, { url: `/api/auth/userauth/${user._id}` })).statusCode).toBe(200);
      // The password is stored as an argon2id hash, never as typed.
      const [row] = await queryRows<{ password_hash: string }>(
        t.app.db,
        sql`SELECT password_hash FROM accounts WHERE id = ${user._id}::uuid`,
      );
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('needs a session (401 before any validation)', async () => {
      const res = await signup(null, { username: 'x' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SESSION_EXPIRED_MESSAGE });
    });

    it('refuses players and roles not below the caller (403)', async () => {
      const byPlayer = await signup(player1, { ...valid, username: 'pp1', role: 'player', commission: undefined });
      expect(byPlayer.statusCode).toBe(403);
      expect(byPlayer.json()).toEqual({ message: 'Players cannot create accounts.' });
      for (const role of ['areamanager', 'superareamanager', 'admin', 'superadmin']) {
        const res = await signup(am1, { ...valid, username: `x-${role}`, role });
        expect(res.statusCode, role).toBe(403);
        expect(res.json().message).toBe("The new account's role must be below its parent's (areamanager).");
      }
      // A level may be skipped: an area manager may create a player directly.
      const player = await signup(am1, { ...valid, username: 'direct-player', role: 'player', commission: 0 });
      expect(player.statusCode).toBe(201);
      expect(player.json().user.parentId).toBe(ids.am1);
    });

    it('refuses a taken username, ignoring case and spaces, and the house name (409)', async () => {
      for (const username of ['master1', 'MASTER1', ' Master1 ', 'superadmin', 'HOUSE', 'house']) {
        const res = await signup(am1, { ...valid, username });
        expect(res.statusCode, username).toBe(409);
        expect(res.json()).toEqual({ message: 'This username is already taken.' });
      }
    });

    it.each([
      [{ username: 'ab' }, /^username: must be 3 to 32 characters/],
      [{ username: 'has space' }, /^username: may contain only/],
      [{ username: undefined }, /^username: is required/],
      [{ password: 'short1' }, /^password: must be 8 to 128 characters, with at least one letter and one digit/],
      [{ password: 'lettersonly' }, /^password: must be 8 to 128/],
      [{ password: '1234567890' }, /^password: must be 8 to 128/],
      [{ password: 'a1'.repeat(65) }, /^password: must be 8 to 128/],
      // The one strength rule of every password a person chooses (password-strength.ts).
      [{ password: 'password1' }, /^password: Too weak: /],
      [{ password: 'valid-name77' }, /^password: It must not contain your username\.$/],
      [{ role: 'king' }, /^role: must be one of superadmin, admin/],
      [{ firstName: '  ' }, /^firstName: is required/],
      [{ lastName: undefined }, /^lastName: is required/],
      [{ commission: 101 }, /^commission: must be a number from 0 to 100/],
      [{ commission: -1 }, /^commission: must be a number from 0 to 100/],
      [{ commission: 1.234 }, /^commission: may have at most 2 decimals/],
      [{ commission: '10' }, /^commission: must be a number/],
      [{ role: 'player', commission: 5 }, /^commission: players have no commission/],
      [{ address: 'x'.repeat(201) }, /^address: must be at most 200 characters/],
    ])('refuses %j with 400 naming the field', async (change, message) => {
      const res = await signup(am1, { ...valid, username: 'valid-name', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    });

    it('records each creation in the Activity: "Account created by" the caller, with the role', async () => {
      const res = await signup(am1, { ...valid, username: 'logged-master', password: 'Mango!Harbor58' });
      expect(res.statusCode).toBe(201);
      const activity = await injectAs(t.app, am1, { url: '/api/playrep/activity?subject=logged-master' });
      expect(activity.json().data.map((r: ActivityRow) => [r.kindLabel, r.actor, r.subject, r.details])).toEqual([
        ['Account created', 'am1', 'logged-master', 'Account created by am1, role master'],
      ]);
    });

    it('lets a manager create managers below it, with commission optional (0)', async () => {
      const me = await signIn(t.app, 'admin1');
      const res = await signup(me, {
        username: 'sam-new',
        password: 'Kestrel#Lamp71',
        role: 'superareamanager',
        firstName: 'S',
        lastName: 'M',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ role: 'superareamanager', parentId: ids.admin1, commission: 0, address: '' });
    });
  });

  describe('userauth', () => {
    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/userauth/${ids.am1}` });
      expect(res.statusCode).toBe(401);
    });

    it('returns the caller and its descendants as { data: user }', async () => {
      const own = await injectAs(t.app, am1, { url: `/api/auth/userauth/${ids.am1}` });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ data: am1.user });
      for (const name of ['master1', 'player1', 'master2', 'player2'] as const) {
        const res = await injectAs(t.app, am1, { url: `/api/auth/userauth/${ids[name]}`, via: 'bearer' });
        expect(res.statusCode, name).toBe(200);
        expect(res.json().data).toMatchObject({ _id: ids[name], username: name, roles: [expect.any(String)] });
      }
    });

    it('answers 403 Not allowed outside the subtree and 404 for an unknown id', async () => {
      for (const name of ['sam1', 'admin1', 'superadmin', 'am2', 'master3', 'admin2'] as const) {
        const res = await injectAs(t.app, am1, { url: `/api/auth/userauth/${ids[name]}` });
        expect(res.statusCode, name).toBe(403);
        expect(res.json()).toEqual({ message: 'Not allowed' });
      }
      for (const id of ['3f0c4a51-9c1e-4a8e-9a55-6f1b2c3d4e5f', 'not-a-uuid']) {
        const res = await injectAs(t.app, am1, { url: `/api/auth/userauth/${id}` });
        expect(res.statusCode).toBe(404);
        expect(Object.keys(res.json())).toEqual(['message']);
      }
      const player = await injectAs(t.app, player1, { url: `/api/auth/userauth/${ids.master1}` });
      expect(player.statusCode).toBe(403);
    });
  });
});
