import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ACCESS_MESSAGES,
  INACTIVE_ACCOUNT_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type LoginResponse,
  type Role,
  TWO_STEP_MESSAGES,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts, DEMO_PASSWORD, NETWORK, signIn, type TestSession } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';
import { sealSecret } from '../gate/secret-box.js';
import { DOORS, type Door } from '../gate/session-gate.js';
import { newTotpSecret } from '../gate/totp.js';

/**
 * Every door into a session against every state of the account (docs/access.md, "One gate for
 * every way in"): the same outcome at every door. The doors are read from the gate's
 * own list (DOORS), so a door added there without a way to drive it here fails this test.
 *
 * Each cell has an account of its own. The door is made ready first (a link issued, a reset link
 * mailed) and the state is set afterwards straight in the database, as a platform or another
 * process may change it at any moment: the gate must see the account as it is at the moment of
 * passage, not as it was when the link was made.
 */
const SECRET_KEY = randomBytes(32).toString('hex');
const PUBLIC = 'https://backoffice.example.com';
const NEW_PASSWORD = 'Kestrel#Lamp71';

const STATES = ['two-step off', 'two-step on', 'two-step required, not set up', 'blocked', 'inactive', 'no password'] as const;
type State = (typeof STATES)[number];

/** What the door answers, and whether a session exists after it. */
interface Outcome {
  status: number;
  message?: string;
  session: 'full' | 'set-up only' | 'none';
}

/** The one expected outcome of each state; only a door that sets the password lets an account without one in. */
function expected(state: State, door: Door): Outcome {
  switch (state) {
    case 'two-step off':
      return { status: 200, session: 'full' };
    case 'two-step on':
      return { status: 401, message: TWO_STEP_MESSAGES.codeNeeded, session: 'none' };
    case 'two-step required, not set up':
      return { status: 200, session: 'set-up only' };
    case 'blocked':
      return { status: 403, message: ACCESS_MESSAGES.accountBlocked, session: 'none' };
    case 'inactive':
      return { status: 403, message: INACTIVE_ACCOUNT_MESSAGE, session: 'none' };
    case 'no password':
      return DOOR_SETS_PASSWORD[door]
        ? { status: 200, session: 'full' }
        : { status: 401, message: INVALID_CREDENTIALS_MESSAGE, session: 'none' };
  }
}

const DOOR_SETS_PASSWORD: Record<Door, boolean> = { password: false, 'invite-link': true, 'reset-link': true };

const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at.getTime() });

const cellName = (door: Door, state: State) => `${door}-${STATES.indexOf(state)}`.replace(/[^a-z0-9-]/g, '');

describe.each(TEST_DB_KINDS)('every door against every state on %s', (kind) => {
  let t: TestApp;
  let ids: Record<string, string>;
  const managers = new Map<string, TestSession>();
  let address = 0;
  const from = () => `192.0.2.${(++address % 250) + 1}`;
  const doors = Object.keys(DOORS) as Door[];

  /** The cell's account: an area manager where its role must use two-step (REQUIRE_TWO_STEP), else a player. */
  const roleOf = (state: State): Role => (state === 'two-step required, not set up' ? 'areamanager' : 'player');
  const managerOf = (state: State) => (roleOf(state) === 'areamanager' ? 'sam1' : 'master1');

  const login = (username: string, password: string, code?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password, ...(code ? { code } : {}) },
      remoteAddress: from(),
    });

  /** How each door is used: made ready before the state is set, then walked through. */
  const drivers: Record<Door, (username: string, state: State) => Promise<() => Promise<LightMyRequestResponse>>> = {
    password: async (username) => () => login(username, DEMO_PASSWORD),
    'invite-link': async (username, state) => {
      const issued = await injectAs(managerOf(state), 'POST', `/api/playrep/issuelink?username=${username}`);
      expect(issued.statusCode, issued.body).toBe(200);
      return useLink(tokenOf(issued.json().link.link));
    },
    'reset-link': async (username) => {
      await t.app.db.execute(
        sql`UPDATE accounts SET email = ${`${username}@example.com`}, email_verified = TRUE WHERE username = ${username}`,
      );
      const asked = await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { username }, remoteAddress: from() });
      expect(asked.statusCode, asked.body).toBe(200);
      const [mail] = await queryRows<{ body_text: string }>(
        t.app.db,
        sql`SELECT body_text FROM outbox WHERE kind = 'password-reset' AND recipient = ${`${username}@example.com`}`,
      );
      return useLink(tokenOf(mail!.body_text));
    },
  };
  const tokenOf = (text: string) => /\/auth\/welcome#([A-Za-z0-9_-]{43})/.exec(text)![1]!;
  const useLink = (token: string) => () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/link/use',
      payload: { token, password: NEW_PASSWORD },
      remoteAddress: from(),
    });
  const injectAs = (manager: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${managers.get(manager)!.token}` } });

  /** Sets the state straight in the database (no session ended, no link revoked: the gate must see it). */
  async function setState(username: string, state: State): Promise<string | null> {
    const id = ids[username]!;
    switch (state) {
      case 'two-step on': {
        const secret = newTotpSecret();
        await t.app.db.execute(sql`INSERT INTO two_step (account_id, secret_encrypted, confirmed_at, created_at)
          VALUES (${id}::uuid, ${sealSecret(Buffer.from(SECRET_KEY, 'hex'), id, secret)}, now(), now())`);
        return secret;
      }
      case 'blocked':
        await t.app.db.execute(sql`UPDATE accounts SET blocked_at = now() WHERE id = ${id}::uuid`);
        return null;
      case 'inactive':
        await t.app.db.execute(sql`UPDATE accounts SET user_status = FALSE WHERE id = ${id}::uuid`);
        return null;
      case 'no password':
        await t.app.db.execute(sql`UPDATE accounts SET password_hash = NULL WHERE id = ${id}::uuid`);
        return null;
      default:
        return null;
    }
  }

  const openSessions = async (username: string) =>
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM sessions WHERE account_id = ${ids[username]!}::uuid AND revoked_at IS NULL`,
      )
    )[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { SECRET_KEY, REQUIRE_TWO_STEP: 'areamanager', PUBLIC_URL: PUBLIC } });
    const cells = doors.flatMap((door) =>
      STATES.map((state) => [cellName(door, state), roleOf(state), managerOf(state)] as const),
    );
    ids = await createAccounts(t.app.db, [...NETWORK, ...cells]);
    for (const manager of ['master1', 'sam1']) managers.set(manager, await signIn(t.app, manager, { remoteAddress: from() }));
  });
  afterAll(async () => t?.close());

  it('lists the doors it drives: the password, a sign-in link, a reset link', () => {
    expect(doors).toEqual(['password', 'invite-link', 'reset-link']);
  });

  describe.each(doors)('the %s door', (door) => {
    it.each(STATES)('%s', async (state) => {
      const username = cellName(door, state);
      const walkThrough = await drivers[door](username, state);
      const secret = await setState(username, state);
      const want = expected(state, door);

      const res = await walkThrough();
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: want.status, message: want.message });
      expect(await openSessions(username)).toBe(want.session === 'none' ? 0 : 1);
      if (want.session !== 'none') {
        const answer = res.json() as LoginResponse;
        expect(answer.user.username).toBe(username);
        expect(answer.twoStepSetupRequired).toBe(want.session === 'set-up only' ? true : undefined);
        const report = await t.app.inject({ url: '/api/playrep/activity', headers: { authorization: `Bearer ${answer.token}` } });
        if (want.session === 'set-up only') expect(report.json().message).toBe(TWO_STEP_MESSAGES.setupRequired);
        else expect(report.json().message).not.toBe(TWO_STEP_MESSAGES.setupRequired);
      }

      if (state === 'two-step on') {
        // The code comes next, at the password door, with the password the door left (a link has set its own).
        const password = DOOR_SETS_PASSWORD[door] ? NEW_PASSWORD : DEMO_PASSWORD;
        const withCode = await login(username, password, codeAt(secret!, t.clock.now()));
        expect(withCode.statusCode, withCode.body).toBe(200);
        expect(await openSessions(username)).toBe(1);
        // A link is used once, whatever came after it.
        if (DOOR_SETS_PASSWORD[door]) expect((await walkThrough()).statusCode).toBe(410);
      }
    });
  });
});

describe('the gate', () => {
  it('is the one place a session is made', () => {
    // Every other write to the sessions table only ends sessions.
    const src = path.resolve(import.meta.dirname, '../../..');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const inserting = files.filter((f) =>
      /insert\(\s*sessions\s*\)|INSERT\s+INTO\s+sessions\b/i.test(readFileSync(path.join(src, f), 'utf8')),
    );
    expect(inserting.map((f) => f.split(path.sep).join('/'))).toEqual(['modules/identity/gate/session-gate.ts']);
  });
});
