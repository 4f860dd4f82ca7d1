import { EMAIL_MESSAGES, type EmailStateResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { buildFeedApp, type FeedApp } from '../feed/test-support/feed-fixture.js';
import { unsubscribeKeyOf, unsubscribeQuery } from './unsubscribe.js';

interface QueuedMail {
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
}

describe.each(TEST_DB_KINDS)('an account’s email address on %s', (kind) => {
  let f: FeedApp;
  let master1: TestSession;

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: '2026-03-02T10:00:00Z' });
    master1 = await signIn(f.t.app, 'master1');
  });
  afterAll(async () => f?.close());

  const call = (session: TestSession, method: 'GET' | 'POST', url: string, payload?: object) =>
    injectAs(f.t.app, session, { method, url, ...(payload ? { payload } : {}) });
  const state = async (session = master1) => (await call(session, 'GET', '/api/auth/email')).json() as EmailStateResponse;
  const confirmationMails = () =>
    queryRows<QueuedMail>(
      f.t.app.db,
      sql`SELECT kind, recipient, subject, body_text, body_html FROM outbox WHERE kind = 'email-confirmation' ORDER BY id`,
    );
  const tokenIn = (mail: QueuedMail) => /\/auth\/confirm-email#([A-Za-z0-9_-]{43})/.exec(mail.body_text)![1]!;
  const confirm = (token: string) => f.t.app.inject({ method: 'POST', url: '/api/auth/email/confirm', payload: { token } });

  it('starts with no address and statements on', async () => {
    expect(await state()).toEqual({ email: null, verified: false, pending: null, statementEmails: true });
  });

  it('mails a confirmation link to an address the person sets, and uses it only once the link is opened', async () => {
    const res = await call(master1, 'POST', '/api/auth/email', { email: '  Master.One@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: EMAIL_MESSAGES.confirmationSent('Master.One@Example.com'),
      email: null,
      verified: false,
      pending: { email: 'Master.One@Example.com', expiresAt: '2026-03-03T10:00:00.000Z' },
    });
    const [mail] = await confirmationMails();
    expect(mail).toMatchObject({ recipient: 'Master.One@Example.com', subject: 'Confirm your email address for Playrep' });
    expect(mail!.body_text).toContain('Hello master1,');
    expect(mail!.body_html).toContain(`/auth/confirm-email#${tokenIn(mail!)}`);

    const confirmed = await confirm(tokenIn(mail!));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: EMAIL_MESSAGES.confirmed('Master.One@Example.com'),
      username: 'master1',
      email: 'Master.One@Example.com',
    });
    expect(await state()).toEqual({ email: 'Master.One@Example.com', verified: true, pending: null, statementEmails: true });

    // Single use.
    const again = await confirm(tokenIn(mail!));
    expect([again.statusCode, again.json().message]).toEqual([400, EMAIL_MESSAGES.linkNotValid]);
  });

  it('keeps the confirmed address while a new one waits, refuses a second link within a minute, and expires after 24 hours', async () => {
    f.t.clock.advance(5 * 60_000);
    await call(master1, 'POST', '/api/auth/email', { email: 'new@example.com' });
    const tooSoon = await call(master1, 'POST', '/api/auth/email', { email: 'other@example.com' });
    expect([tooSoon.statusCode, tooSoon.headers['retry-after'], tooSoon.json().message]).toEqual([
      429,
      '60',
      EMAIL_MESSAGES.tooSoon,
    ]);
    expect(await state()).toMatchObject({
      email: 'Master.One@Example.com',
      verified: true,
      pending: { email: 'new@example.com' },
    });

    const mail = (await confirmationMails()).at(-1)!;
    expect(mail.recipient).toBe('new@example.com');
    f.t.clock.advance(24 * 3_600_000);
    const late = await confirm(tokenIn(mail));
    expect([late.statusCode, late.json().message]).toEqual([400, EMAIL_MESSAGES.linkExpired]);
    master1 = await signIn(f.t.app, 'master1');
    expect(await state()).toEqual({ email: 'Master.One@Example.com', verified: true, pending: null, statementEmails: true });
  });

  it('says so for the address already confirmed, and removes the address with null', async () => {
    const same = await call(master1, 'POST', '/api/auth/email', { email: 'master.one@example.com' });
    expect(same.json().message).toBe(EMAIL_MESSAGES.alreadyVerified('Master.One@Example.com'));
    const removed = await call(master1, 'POST', '/api/auth/email', { email: null });
    expect(removed.json()).toEqual({
      message: EMAIL_MESSAGES.removed,
      email: null,
      verified: false,
      pending: null,
      statementEmails: true,
    });
  });

  it('refuses what is not an address, and calls without a session', async () => {
    const bad = await call(master1, 'POST', '/api/auth/email', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('must be an email address');
    const anonymous = await f.t.app.inject({ method: 'GET', url: '/api/auth/email' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await confirm('x'.repeat(43));
    expect([forged.statusCode, forged.json().message]).toEqual([400, EMAIL_MESSAGES.linkNotValid]);
  });

  it('turns the weekly statement off and on', async () => {
    const off = await call(master1, 'POST', '/api/auth/email/statements', { on: false });
    expect(off.json()).toMatchObject({ message: EMAIL_MESSAGES.statementsOff, statementEmails: false });
    const on = await call(master1, 'POST', '/api/auth/email/statements', { on: true });
    expect(on.json()).toMatchObject({ message: EMAIL_MESSAGES.statementsOn, statementEmails: true });
  });

  it('takes the platform’s address as verified, drops a pending confirmation, and clears it on null', async () => {
    const player1 = await signIn(f.t.app, 'player1');
    f.t.clock.advance(2 * 60_000);
    await call(player1, 'POST', '/api/auth/email', { email: 'typed@example.com' });
    const pendingLink = tokenIn((await confirmationMails()).at(-1)!);

    const fed = await f.post([{ id: 'email-1', type: 'account', username: 'player1', email: 'platform@example.com' }]);
    expect(fed.statusCode).toBe(200);
    expect(await state(player1)).toEqual({ email: 'platform@example.com', verified: true, pending: null, statementEmails: true });
    expect((await confirm(pendingLink)).statusCode).toBe(400);

    const refused = await f.post([{ id: 'email-2', type: 'account', username: 'player1', email: 'nope' }]);
    expect(refused.statusCode).toBe(422);
    await f.post([{ id: 'email-3', type: 'account', username: 'player1', email: null }]);
    expect(await state(player1)).toEqual({ email: null, verified: false, pending: null, statementEmails: true });
  });

  it('unsubscribes from the weekly statement without signing in, by a form post (RFC 8058) or the page', async () => {
    const key = await unsubscribeKeyOf(f.t.app.db)();
    const query = unsubscribeQuery(key, f.ids.master2);
    const oneClick = await f.t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ message: EMAIL_MESSAGES.unsubscribed, username: 'master2' });
    const [row] = await queryRows<{ statement_emails: boolean }>(
      f.t.app.db,
      sql`SELECT statement_emails FROM accounts WHERE id = ${f.ids.master2}`,
    );
    expect(row!.statement_emails).toBe(false);

    const fromPage = await f.t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?${query}` });
    expect(fromPage.statusCode).toBe(200);

    // Another account's id under master2's signature, or a made-up signature, does nothing.
    const stolen = new URLSearchParams(query);
    stolen.set('account', f.ids.master1);
    const refused = await f.t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?${stolen}` });
    expect([refused.statusCode, refused.json().message]).toEqual([400, EMAIL_MESSAGES.unsubscribeNotValid]);
    expect((await state()).statementEmails).toBe(true);
  });
});
