import { randomBytes } from 'node:crypto';
import { type ActivityResponse, type MyAccountResponse, TWO_STEP_MESSAGES, type TwoStepSetupResponse } from '@playrep/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNetwork, DEMO_PASSWORD, injectAs, signIn, type TestSession } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { WRONG_CODE_LIMIT, WRONG_CODE_WINDOW_MS } from './codes.js';

const SECRET_KEY = randomBytes(32).toString('hex');
const codeAt = (secret: string, at: Date) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at.getTime() });
/** A six-digit code that is not the one of `at` (nor of the steps beside it). */
function wrongCodeAt(secret: string, at: Date): string {
  const near = [-30_000, 0, 30_000].map((d) => codeAt(secret, new Date(at.getTime() + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

/**
 * The one check of every two-step code (docs/access.md, "One gate for every way in",
 * Codes): wherever a code is typed, 5 wrong ones within 15 minutes for an account are answered 429
 * with Retry-After until the oldest is 15 minutes old, each wrong one is an Activity entry, and the
 * account page counts wrong codes apart from wrong passwords.
 */
describe.each(TEST_DB_KINDS)('two-step codes on %s', (kind) => {
  let t: TestApp;
  let master1: TestSession;
  let secret: string;
  let address = 0;
  const from = () => `198.51.100.${(++address % 250) + 1}`;
  const call = (path: string, code: string) =>
    injectAs(t.app, master1, { method: 'POST', url: `/api/auth/two-step/${path}`, payload: { code } });
  const login = (code?: string, password = DEMO_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'master1', password, ...(code ? { code } : {}) },
      remoteAddress: from(),
    });

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { SECRET_KEY } });
    t.clock.set('2026-11-20T06:00:10Z');
    await createNetwork(t.app.db);
    master1 = await signIn(t.app, 'master1', { remoteAddress: from() });
    secret = (
      (await injectAs(t.app, master1, { method: 'POST', url: '/api/auth/two-step/setup' })).json() as TwoStepSetupResponse
    ).secret;
  });
  afterAll(async () => t?.close());
  // Each test starts with the wrong codes of the one before out of the window, and a new session
  // (a session lasts 30 minutes), signed in with a code once two-step is on.
  beforeEach(async () => {
    t.clock.advance(WRONG_CODE_WINDOW_MS + 30_000);
    let res = await login();
    if (res.statusCode === 401) res = await login(codeAt(secret, t.clock.now()));
    expect(res.statusCode, res.body).toBe(200);
    master1 = { ...master1, token: res.json().token };
    t.clock.advance(30_000);
  });

  it('limits the first code of a set-up: 5 wrong, then 429 even for the right one, until the oldest is 15 minutes old', async () => {
    for (let i = 0; i < WRONG_CODE_LIMIT; i++) {
      const wrong = await call('confirm', wrongCodeAt(secret, t.clock.now()));
      expect([wrong.statusCode, wrong.json().message]).toEqual([400, TWO_STEP_MESSAGES.wrongCode]);
      t.clock.advance(1_000);
    }
    const refused = await call('confirm', codeAt(secret, t.clock.now()));
    expect([refused.statusCode, refused.json().message]).toEqual([429, TWO_STEP_MESSAGES.tooManyCodes]);
    // The oldest wrong code was typed 5 s ago.
    expect(refused.headers['retry-after']).toBe(String(WRONG_CODE_WINDOW_MS / 1000 - 5));
    t.clock.advance((WRONG_CODE_WINDOW_MS / 1000 - 5) * 1000);
    const confirmed = await call('confirm', codeAt(secret, t.clock.now()));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('limits turning two-step off: of 100 wrong codes at once, 5 are checked and recorded, 95 refused', async () => {
    t.clock.advance(60_000);
    const wrong = wrongCodeAt(secret, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 100 }, () => call('off', wrong)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(WRONG_CODE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - WRONG_CODE_LIMIT);
    // Still on: the right code waits too.
    expect((await call('off', codeAt(secret, t.clock.now()))).statusCode).toBe(429);
    expect((await injectAs(t.app, master1, { url: '/api/auth/two-step' })).json()).toMatchObject({ on: true });
  });

  it('counts wrong codes per account wherever they were typed: sign-in, new recovery codes, turning off', async () => {
    t.clock.advance(60_000);
    const wrong = () => wrongCodeAt(secret, t.clock.now());
    for (let i = 0; i < 2; i++) expect((await login(wrong())).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await call('recovery-codes', wrong())).statusCode).toBe(400);
    expect((await call('off', wrong())).statusCode).toBe(400);
    // (Wrong codes count towards the growing delay of sign-in failures too: past its first second.)
    t.clock.advance(1_500);
    for (const refused of [
      await login(codeAt(secret, t.clock.now())),
      await call('recovery-codes', codeAt(secret, t.clock.now())),
    ]) {
      expect([refused.statusCode, refused.json().message]).toEqual([429, TWO_STEP_MESSAGES.tooManyCodes]);
    }
    // A wrong password is no wrong code: it is not refused by this limit.
    t.clock.advance(1_500);
    expect((await login(undefined, 'Wrong@12345')).json().message).toBe('Invalid username or password.');
  });

  it('records each wrong code in the Activity, saying where it was typed', async () => {
    const superadmin = await signIn(t.app, 'superadmin', { remoteAddress: from() });
    const res = await injectAs(t.app, superadmin, { url: '/api/playrep/activity?subject=master1&kind=wrong-code&pageSize=100' });
    const rows = (res.json() as ActivityResponse).data;
    const where = (details: string) => rows.filter((r) => r.details === details).length;
    expect(rows.every((r) => r.kindLabel === 'Wrong two-step code')).toBe(true);
    expect([
      where('confirming the two-step set-up'),
      where('turning two-step sign-in off'),
      where('at sign-in'),
      where('asking for new recovery codes'),
    ]).toEqual([WRONG_CODE_LIMIT, WRONG_CODE_LIMIT + 1, 2, 2]);
  });

  it('shows wrong passwords and wrong codes since the last sign-in on the account page, apart', async () => {
    expect((await login(undefined, 'Wrong@12345')).statusCode).toBe(401);
    expect((await login(wrongCodeAt(secret, t.clock.now()))).statusCode).toBe(401);
    expect((await login(wrongCodeAt(secret, t.clock.now()))).statusCode).toBe(401);
    t.clock.advance(30_000);
    const signedIn = await login(codeAt(secret, t.clock.now()));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const page = await injectAs(t.app, { token: signedIn.json().token }, { url: '/api/auth/account' });
    const account = page.json() as MyAccountResponse;
    expect([account.failedSince, account.wrongCodesSince]).toEqual([1, 2]);
  });
});
