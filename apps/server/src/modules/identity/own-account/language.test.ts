import {
  INVALID_CREDENTIALS_MESSAGE,
  LANGUAGE_SET_MESSAGES,
  type LoginResponse,
  SESSION_EXPIRED_MESSAGE,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN, createNetwork, DEMO_PASSWORD, injectAs, signIn } from '../../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';

/**
 * The account's language (docs/decisions/0021-languages.md): every role sets its own on the account
 * page, the sign-in and session answers carry it on any device, and the API's messages come in
 * Hindi when the request asks (`Accept-Language: hi`) or the signed-in account reads Hindi, in the
 * same `{ message }` shape.
 */
describe.each(TEST_DB_KINDS)('the account language on %s', (kind) => {
  let t: TestApp;
  let address = 0;
  /** Sign-ins from a new address each, so that the per-address limit stays out of the way. */
  const login = (username: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      headers,
      remoteAddress: `198.51.100.${++address}`,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await createNetwork(t.app.db);
  });
  afterAll(async () => t?.close());

  it('is English until set; every role sets its own, and the next sign-in (another device) carries it', async () => {
    for (const username of CHAIN) {
      const first = await login(username);
      expect(first.statusCode).toBe(200);
      expect((first.json() as LoginResponse).language).toBe('en');
      const session = await signIn(t.app, username, { remoteAddress: `203.0.113.${++address}` });

      const set = await injectAs(t.app, session, { method: 'POST', url: '/api/auth/language', payload: { language: 'hi' } });
      expect(set.statusCode, `${username}: ${set.body}`).toBe(200);
      expect(set.json()).toEqual({ message: LANGUAGE_SET_MESSAGES.hi });

      // Another phone: a new sign-in reads Hindi, and so does the session call.
      const again = await login(username);
      expect((again.json() as LoginResponse).language).toBe('hi');
      const other = { token: (again.json() as LoginResponse).token };
      const current = await injectAs(t.app, other, { url: '/api/auth/session' });
      expect(current.json()).toMatchObject({ language: 'hi', user: { username } });

      // And back.
      const back = await injectAs(t.app, other, { method: 'POST', url: '/api/auth/language', payload: { language: 'en' } });
      expect(back.json()).toEqual({ message: LANGUAGE_SET_MESSAGES.en });
      expect(((await login(username)).json() as LoginResponse).language).toBe('en');
    }
  });

  it('only sets the caller’s own account, only to a language of the back office, and needs a session', async () => {
    const master1 = await signIn(t.app, 'master1', { remoteAddress: '203.0.113.200' });
    const unknown = await injectAs(t.app, master1, { method: 'POST', url: '/api/auth/language', payload: { language: 'fr' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Language must be one of en, hi' });
    const other = await injectAs(t.app, master1, {
      method: 'POST',
      url: '/api/auth/language',
      payload: { language: 'hi', username: 'player1' },
    });
    expect(other.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/language', payload: { language: 'hi' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: SESSION_EXPIRED_MESSAGE });
    const rows = await queryRows<{ username: string; language: string }>(
      t.app.db,
      sql`SELECT username, language FROM accounts WHERE username IN ('master1', 'player1') ORDER BY username`,
    );
    expect(rows).toEqual([
      { username: 'master1', language: 'en' },
      { username: 'player1', language: 'en' },
    ]);
    // The database refuses any other language too.
    await expect(t.app.db.execute(sql`UPDATE accounts SET language = 'fr' WHERE username = 'master1'`)).rejects.toThrow();
  });

  it('answers errors in Hindi when the request asks, in the same shape; English otherwise', async () => {
    const wrong = await login('master1', 'not-the-password', { 'accept-language': 'hi' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'यूज़रनेम या पासवर्ड ग़लत है।' });
    const english = await login('master1', 'not-the-password', { 'accept-language': 'en-IN,en;q=0.9' });
    expect(english.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });

    const anonymous = await t.app.inject({ url: '/api/playrep/revenuereport', headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      message: 'आपका सत्र समाप्त हो गया है या आपने साइन इन नहीं किया है। कृपया फिर से साइन इन करें।',
    });

    const master1 = await signIn(t.app, 'master1', { remoteAddress: '203.0.113.201' });
    const hi = { 'accept-language': 'hi' };
    // Not allowed: a master opens a managers' report.
    const managers = await injectAs(t.app, master1, { url: '/api/playrep/findstatus', headers: hi });
    expect(managers.statusCode).toBe(403);
    expect(managers.json()).toEqual({ message: 'इसकी अनुमति नहीं है।' });
    // No such account: an id nobody has.
    const nobody = await injectAs(t.app, master1, {
      url: '/api/playrep/revenuereport?id=00000000-0000-4000-8000-000000000000',
      headers: hi,
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ message: 'ऐसा कोई खाता नहीं है।' });
    // Dates: the range backwards, and a date that is not one.
    const backwards = await injectAs(t.app, master1, {
      url: '/api/playrep/revenuereport?fromDate=2026-11-20&toDate=2026-11-10',
      headers: hi,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: 'अंतिम तिथि, आरंभ तिथि से पहले नहीं हो सकती' });
    const notADate = await injectAs(t.app, master1, { url: '/api/playrep/revenuereport?fromDate=2026-13-45', headers: hi });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json()).toEqual({
      message: 'आरंभ तिथि मान्य तिथि नहीं है (YYYY-MM-DD या DD-Mon-YYYY लिखें): 2026-13-45',
    });
    // A field: the account page's language without a value.
    const missing = await injectAs(t.app, master1, { method: 'POST', url: '/api/auth/language', payload: {}, headers: hi });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'भाषा en या hi में से एक होना चाहिए' });
    // The same calls without the header: English, as before.
    expect((await injectAs(t.app, master1, { url: '/api/playrep/findstatus' })).json()).toEqual({ message: 'Not allowed' });
  });

  it('answers a signed-in Hindi account in Hindi without the header; the header, when sent, wins', async () => {
    const player1 = await signIn(t.app, 'player1', { remoteAddress: '203.0.113.202' });
    await injectAs(t.app, player1, { method: 'POST', url: '/api/auth/language', payload: { language: 'hi' } });
    const refused = await injectAs(t.app, player1, { url: '/api/playrep/revenuereport' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'इसकी अनुमति नहीं है।' });
    const english = await injectAs(t.app, player1, { url: '/api/playrep/revenuereport', headers: { 'accept-language': 'en' } });
    expect(english.json()).toEqual({ message: 'Not allowed' });
    await injectAs(t.app, player1, { method: 'POST', url: '/api/auth/language', payload: { language: 'en' } });
  });
});
