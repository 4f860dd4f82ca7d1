import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ActivityResponse,
  type LoginResponse,
  TWO_STEP_MESSAGES,
  type TwoStepConfirmResponse,
  type TwoStepSetupResponse,
  type TwoStepStateResponse,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, DEMO_PASSWORD, injectAs, signIn, type TestSession } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { readEnv } from '../../../config/env.js';
import { SECRET_KEY_FILE } from '../../../db/client.js';
import { openSecret } from '../gate/secret-box.js';
import { refuseMissingSecretKey, withSecretKey } from '../gate/secret-key.js';

const SECRET_KEY = randomBytes(32).toString('hex');
const START = '2026-11-20T06:00:10Z';

/** The code an authenticator app shows for this key at this instant (RFC 6238: SHA-1, 6 digits, 30 s). */
function codeAt(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at.getTime() });
}

/**
 * Two-step sign-in (docs/domain.md, "Access"): set up with a code, asked at every sign-in, each
 * code used once, recovery codes once each, cleared by a manager, REQUIRE_TWO_STEP, and the
 * secret unreadable in the database.
 */
describe.each(TEST_DB_KINDS)('two-step sign-in on %s', (kind) => {
  let t: TestApp;
  let ids: Record<string, string>;
  let secret: string;
  let recoveryCodes: string[];
  const sessions = new Map<string, TestSession>();
  let address = 0;
  /** Sign-ins from a new address each, so that the per-address limits stay out of the way. */
  const login = (username: string, code?: string, password = DEMO_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password, ...(code === undefined ? {} : { code }) },
      remoteAddress: `198.51.100.${++address}`,
    });
  const call = async (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    injectAs(t.app, sessions.get(as)!, { method, url, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { SECRET_KEY, REQUIRE_TWO_STEP: 'areamanager' } });
    t.clock.set(START);
    ids = await createNetwork(t.app.db);
    for (const username of ['master1', 'sam1', 'master3'])
      sessions.set(username, await signIn(t.app, username, { remoteAddress: '203.0.113.1' }));
  });
  afterAll(async () => t?.close());

  it('is set up from the account page: a key as text and QR code, turned on by a first code, with ten recovery codes', async () => {
    const before = (await call('master1', 'GET', '/api/auth/two-step')).json() as TwoStepStateResponse;
    expect(before).toEqual({ on: false, settingUp: false, recoveryCodesLeft: 0, required: false, available: true });
    const setup = await call('master1', 'POST', '/api/auth/two-step/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const begun = setup.json() as TwoStepSetupResponse;
    secret = begun.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(begun.uri).toBe(`otpauth://totp/Playrep:master1?issuer=Playrep&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(begun.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    const wrong = await call('master1', 'POST', '/api/auth/two-step/confirm', {
      code: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000',
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, TWO_STEP_MESSAGES.wrongCode]);
    const confirmed = await call('master1', 'POST', '/api/auth/two-step/confirm', { code: codeAt(secret, t.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    ({ recoveryCodes } = confirmed.json() as TwoStepConfirmResponse);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call('master1', 'GET', '/api/auth/two-step')).json()).toMatchObject({ on: true, recoveryCodesLeft: 10 });
    const again = await call('master1', 'POST', '/api/auth/two-step/setup');
    expect([again.statusCode, again.json().message]).toEqual([409, TWO_STEP_MESSAGES.alreadyOn]);
  });

  it('keeps the secret encrypted: not readable in the database, opened only with SECRET_KEY and for its own account', async () => {
    const result = (await t.app.db.execute(
      sql`SELECT secret_encrypted FROM two_step WHERE account_id = ${ids.master1}`,
    )) as unknown as {
      rows: { secret_encrypted: string }[];
    };
    const stored = result.rows[0]!.secret_encrypted;
    const dump = JSON.stringify(
      ((await t.app.db.execute(sql`SELECT * FROM two_step`)) as unknown as { rows: unknown[] }).rows,
    ).toUpperCase();
    expect(dump).not.toContain(secret);
    expect(stored).toMatch(/^v1\./);
    expect(openSecret(Buffer.from(SECRET_KEY, 'hex'), ids.master1!, stored)).toBe(secret);
    expect(() => openSecret(randomBytes(32), ids.master1!, stored)).toThrow();
    expect(() => openSecret(Buffer.from(SECRET_KEY, 'hex'), ids.master2!, stored)).toThrow();
    // The recovery codes are kept hashed only.
    const codes = JSON.stringify(
      ((await t.app.db.execute(sql`SELECT * FROM two_step_recovery_codes`)) as unknown as { rows: unknown[] }).rows,
    );
    for (const code of recoveryCodes) expect(codes).not.toContain(code.replace('-', ''));
  });

  it('asks for the code after the right password, and takes each code once', async () => {
    const asked = await login('master1');
    expect([asked.statusCode, asked.json().message]).toEqual([401, TWO_STEP_MESSAGES.codeNeeded]);
    // A wrong password is answered as before: the code is not asked.
    expect((await login('master1', undefined, 'Wrong@1234')).json().message).toBe('Invalid username or password.');
    // The code used to turn it on is used up.
    const reused = await login('master1', codeAt(secret, t.clock.now()));
    expect([reused.statusCode, reused.json().message]).toEqual([401, TWO_STEP_MESSAGES.wrongCode]);

    t.clock.advance(30_000);
    const code = codeAt(secret, t.clock.now());
    // The same fresh code twice at once: exactly one sign-in.
    const both = await Promise.all([login('master1', code), login('master1', code)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect((await login('master1', code)).statusCode).toBe(401);
    // The code of the step before is refused too once a later one was used.
    t.clock.advance(30_000);
    expect((await login('master1', codeAt(secret, new Date(t.clock.now().getTime() - 30_000)))).statusCode).toBe(401);
    // That was the fifth wrong code within 15 minutes (the first at the set-up): even a right one waits
    // until the oldest is 15 minutes old.
    const waiting = await login('master1', codeAt(secret, t.clock.now()));
    expect([waiting.statusCode, waiting.json().message]).toEqual([429, TWO_STEP_MESSAGES.tooManyCodes]);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBe(15 * 60 - 60);
    t.clock.advance(retryAfter * 1000);
    expect((await login('master1', codeAt(secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('takes each recovery code once, in place of a code', async () => {
    const [first, second] = recoveryCodes;
    expect((await login('master1', first!.toUpperCase())).statusCode).toBe(200);
    const again = await login('master1', first!);
    expect([again.statusCode, again.json().message]).toEqual([401, TWO_STEP_MESSAGES.wrongCode]);
    expect((await login('master1', second!.replace('-', ' '))).statusCode).toBe(200);
    expect((await call('master1', 'GET', '/api/auth/two-step')).json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('is cleared by a manager of the account (a lost phone), by nobody above or beside it, and not by itself', async () => {
    const clear = (as: string, account: string) => call(as, 'POST', `/api/playrep/twostepclear?accountId=${ids[account]}`);
    expect((await clear('master3', 'master1')).statusCode).toBe(403);
    expect((await clear('master1', 'master1')).json().message).toBe(TWO_STEP_MESSAGES.notOwn);
    // (sam1: am1's role must use two-step itself here, so its reports and actions wait for its set-up.)
    const cleared = await clear('sam1', 'master1');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().message).toBe(TWO_STEP_MESSAGES.cleared('master1'));
    expect((await clear('sam1', 'master1')).json().message).toBe(TWO_STEP_MESSAGES.nothingToClear('master1'));
    expect((await login('master1')).statusCode).toBe(200);
  });

  it('is turned off with a code; REQUIRE_TWO_STEP keeps the reports of those roles closed until it is on', async () => {
    const signedIn = await login('am1');
    expect(signedIn.statusCode).toBe(200);
    expect((signedIn.json() as LoginResponse).twoStepSetupRequired).toBe(true);
    const am1 = signedIn.json() as LoginResponse;
    sessions.set('am1', { token: am1.token, cookie: '', user: am1.user, expiresAt: am1.expiresAt });
    const report = await call('am1', 'GET', '/api/playrep/activity');
    expect([report.statusCode, report.json().message]).toEqual([403, TWO_STEP_MESSAGES.setupRequired]);
    expect((await call('am1', 'GET', '/api/auth/session')).json()).toMatchObject({ twoStepSetupRequired: true });

    const begun = (await call('am1', 'POST', '/api/auth/two-step/setup')).json() as TwoStepSetupResponse;
    expect(
      (await call('am1', 'POST', '/api/auth/two-step/confirm', { code: codeAt(begun.secret, t.clock.now()) })).statusCode,
    ).toBe(200);
    expect((await call('am1', 'GET', '/api/playrep/activity')).statusCode).toBe(200);
    expect((await call('am1', 'GET', '/api/auth/session')).json()).not.toHaveProperty('twoStepSetupRequired');

    // Off with the code of the next step (the one of the set-up is used up).
    t.clock.advance(30_000);
    const wrong = await call('am1', 'POST', '/api/auth/two-step/off', {
      code: codeAt(begun.secret, new Date(t.clock.now().getTime() - 30_000)),
    });
    expect(wrong.statusCode).toBe(400);
    const off = await call('am1', 'POST', '/api/auth/two-step/off', { code: codeAt(begun.secret, t.clock.now()) });
    expect([off.statusCode, off.json().message]).toEqual([200, TWO_STEP_MESSAGES.off]);
    expect((await call('am1', 'GET', '/api/playrep/activity')).statusCode).toBe(403);
  });

  it('records every change and sign-in in the activity', async () => {
    const superadmin = await signIn(t.app, 'superadmin', { remoteAddress: '203.0.113.2' });
    const res = await injectAs(t.app, superadmin, { url: '/api/playrep/activity?pageSize=100&order=asc' });
    const rows = (res.json() as ActivityResponse).data.filter(
      (r) => r.kind.startsWith('two-step') || r.kind === 'recovery-code-used',
    );
    expect(rows.map((r) => [r.kind, r.actor, r.subject])).toEqual([
      ['two-step-on', 'master1', 'master1'],
      ['recovery-code-used', 'master1', 'master1'],
      ['recovery-code-used', 'master1', 'master1'],
      ['two-step-cleared', 'sam1', 'master1'],
      ['two-step-on', 'am1', 'am1'],
      ['two-step-off', 'am1', 'am1'],
    ]);
    const master1 = await injectAs(t.app, superadmin, { url: '/api/playrep/activity?pageSize=100&order=asc&subject=master1' });
    const details = (master1.json() as ActivityResponse).data.map((r) => r.details);
    const entries = (master1.json() as ActivityResponse).data.map((r) => [r.kindLabel, r.details]);
    expect(details).toContain('with a two-step code');
    expect(details).toContain('with a recovery code');
    expect(entries).toContainEqual(['Wrong two-step code', 'at sign-in']);
    expect(entries).toContainEqual(['Wrong two-step code', 'confirming the two-step set-up']);
    // The right password followed by a request for the code is no failure.
    expect(entries).toContainEqual(['Password right, code asked', '']);
    const failures = entries.filter(([kind]) => kind === 'Sign-in failed').map(([, why]) => why);
    expect(failures.sort()).toEqual(['too many wrong two-step codes: waiting', 'wrong password']);
  });

  it('without SECRET_KEY: refuses to turn it on, and a PostgreSQL server refuses to start once secrets exist', async () => {
    const keyless = await buildTestApp(kind);
    try {
      await createNetwork(keyless.app.db);
      const session = await signIn(keyless.app, 'master1');
      const res = await injectAs(keyless.app, session, { method: 'POST', url: '/api/auth/two-step/setup' });
      expect([res.statusCode, res.json().message]).toEqual([503, TWO_STEP_MESSAGES.unavailable]);
    } finally {
      await keyless.close();
    }
    // master3 has begun a set-up: its secret is stored, sealed with SECRET_KEY.
    expect((await call('master3', 'POST', '/api/auth/two-step/setup')).statusCode).toBe(200);
    const onPostgres = readEnv({ DATABASE_URL: 'postgres://elsewhere/db' });
    await expect(refuseMissingSecretKey(t.database, onPostgres)).rejects.toThrow(
      /SECRET_KEY is not set, but 1 account has two-step/,
    );
    await expect(refuseMissingSecretKey(t.database, { ...onPostgres, SECRET_KEY })).resolves.toBeUndefined();
  });
});

describe('the embedded database’s key file', () => {
  it('is made in DATA_DIR at the first start, for its owner only, and read again at the next', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'playrep-key-'));
    try {
      const first = withSecretKey(readEnv({ DATA_DIR: dataDir })).SECRET_KEY;
      const file = path.join(dataDir, SECRET_KEY_FILE);
      expect(Buffer.from(first!, 'base64')).toHaveLength(32);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(withSecretKey(readEnv({ DATA_DIR: dataDir })).SECRET_KEY).toBe(first);
      // SECRET_KEY set wins; PostgreSQL never gets a key file.
      expect(withSecretKey(readEnv({ DATA_DIR: dataDir, SECRET_KEY })).SECRET_KEY).toBe(SECRET_KEY);
      expect(withSecretKey(readEnv({ DATABASE_URL: 'postgres://x/y' })).SECRET_KEY).toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
