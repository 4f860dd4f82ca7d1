import {
  ACCESS_MESSAGES,
  type AccountsResponse,
  type ActivityResponse,
  type ActivityRow,
  INACTIVE_ACCOUNT_MESSAGE,
  type LinkInfoResponse,
  type MyAccountResponse,
  RECENT_ACTIVITY_SIZE,
  TWO_STEP_MESSAGES,
} from '@playrep/contracts';
import bcrypt from 'bcrypt';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createNetwork,
  DEMO_PASSWORD,
  injectAs,
  type NetworkIds,
  signIn,
  type TestSession,
} from '../../../test/fixtures/network.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { type MailSender, startOutboxSender } from '../mail/index.js';
import { queueWeekStatements } from '../mail/statement-mails.js';
import { statementMailRenderer } from '../money/statement-mail.js';
import { ANSWER_AFTER_MS, RESETS_PER_USERNAME } from './doors/forgot.js';
import { executeAccountsCommand } from './manage/accounts-command.js';

/**
 * Access (docs/domain.md, "Access") through the API: sign-in links, passwords, forgot password,
 * blocking and the Accounts screen's list, on the test network (every account with DEMO_PASSWORD;
 * some made passwordless below).
 */
const PUBLIC = 'https://backoffice.example.com';
const STRONG = 'Tranquil-Otter-58';
const STRONGER = 'Velvet-Harbour-91';
const LINK = /\/auth\/welcome#([A-Za-z0-9_-]{43})/;

describe.each(TEST_DB_KINDS)('access on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  let smtp: TestSmtpServer;
  const senders: MailSender[] = [];
  let am1: TestSession;
  let address = 0;
  /** Each sign-in from its own address, so that the per-address limit never gets in the way. */
  const nextAddress = () => `10.1.${Math.floor(++address / 200)}.${address % 200}`;
  const login = (username: string, password = DEMO_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: nextAddress() });
  const as = (session: TestSession, method: 'GET' | 'POST', url: string, payload?: object) =>
    injectAs(t.app, session, { method, url, ...(payload ? { payload } : {}) });
  const issue = (session: TestSession, username: string) => as(session, 'POST', `/api/playrep/issuelink?username=${username}`);
  const tokenOf = (link: string) => LINK.exec(link)![1]!;
  const info = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/link', payload: { token } });
  const use = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/link/use', payload: { token, password }, remoteAddress: nextAddress() });
  const stillSignedIn = async (session: TestSession) => (await as(session, 'GET', '/api/auth/session')).statusCode === 200;
  const withoutPassword = (...names: (keyof NetworkIds)[]) =>
    t.app.db.execute(
      sql`UPDATE accounts SET password_hash = NULL WHERE username IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
  const accountsOf = async (session: TestSession, query = '') =>
    (await as(session, 'GET', `/api/playrep/accounts${query}`)).json() as AccountsResponse;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Playrep <access@playrep.test>', PUBLIC_URL: PUBLIC } });
    t.clock.set('2026-03-02T10:00:00Z');
    ids = await createNetwork(t.app.db);
    am1 = await signIn(t.app, 'am1', { remoteAddress: nextAddress() });
  });
  afterAll(async () => {
    await Promise.all(senders.map((s) => s.stop()));
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    // Every test starts with every account active, unblocked, with the demo password.
    const hash = (
      await queryRows<{ h: string }>(t.app.db, sql`SELECT password_hash AS h FROM accounts WHERE username = 'am1'`)
    )[0]!.h;
    await t.app.db.execute(sql`UPDATE accounts SET user_status = TRUE, blocked_at = NULL, blocked_by = NULL,
                                      password_hash = ${hash} WHERE role <> 'house'`);
    t.clock.advance(3_600_000);
    am1 = await signIn(t.app, 'am1', { remoteAddress: nextAddress() });
  });

  describe('sign-in links', () => {
    it('lets a passwordless master in: the page names it and its inviter; the password is judged; the link works once', async () => {
      await withoutPassword('master1');
      expect((await login('master1')).statusCode).toBe(401);
      const issued = await issue(am1, 'master1');
      expect(issued.statusCode).toBe(200);
      const { link, message } = issued.json();
      expect(message).toBe(ACCESS_MESSAGES.linkIssued('master1', 72));
      expect(link).toMatchObject({ username: 'master1', role: 'master', parent: 'am1', name: 'Master Number 1' });
      expect(link.link.startsWith(`${PUBLIC}/auth/welcome#`)).toBe(true);
      expect(Date.parse(link.expiresAt) - t.clock.now().getTime()).toBe(72 * 3_600_000);
      const token = tokenOf(link.link);
      // Only the hash is stored.
      const stored = await queryRows<{ token_hash: string }>(t.app.db, sql`SELECT token_hash FROM sign_in_links`);
      expect(stored.some((r) => r.token_hash.includes(token))).toBe(false);

      expect((await info(token)).json()).toEqual({
        username: 'master1',
        invitedBy: 'am1 (Am Number 1)',
        purpose: 'invite',
        expiresAt: link.expiresAt,
      } satisfies LinkInfoResponse);
      const states = await accountsOf(am1, '?q=master1');
      expect(states.data.map((r) => [r.username, r.state])).toEqual([['master1', 'linkSent']]);

      // Weak passwords are refused with their reason, and the link stays unused.
      for (const [weak, reason] of [
        ['password1', 'commonly used password'],
        ['master1-2026', 'must not contain your username'],
        ['abcdefgh', 'at least one digit'],
      ] as const) {
        const refused = await use(token, weak);
        expect(refused.statusCode, weak).toBe(400);
        expect(refused.json().message, weak).toContain(reason);
      }
      const used = await use(token, STRONG);
      expect(used.statusCode).toBe(200);
      expect(used.json().user.username).toBe('master1');
      expect(used.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^session-token=/)]));
      const session = { token: used.json().token as string };
      expect((await as(session as TestSession, 'GET', '/api/playrep/pointtransferreport')).statusCode).toBe(200);
      expect((await login('master1', STRONG)).statusCode).toBe(200);

      const again = await use(token, STRONGER);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ message: ACCESS_MESSAGES.linkUsed });
      expect((await info(token)).json()).toEqual({ message: ACCESS_MESSAGES.linkUsed });
      expect((await accountsOf(am1, '?q=master1')).data[0]!.state).toBe('active');
    });

    it('leaves the current password working until the link is used, then ends every other session', async () => {
      const before = await signIn(t.app, 'master2', { remoteAddress: nextAddress() });
      const token = tokenOf((await issue(am1, 'master2')).json().link.link);
      expect(await stillSignedIn(before)).toBe(true);
      expect((await login('master2')).statusCode).toBe(200);
      expect((await use(token, STRONG)).statusCode).toBe(200);
      expect(await stillSignedIn(before)).toBe(false);
      expect((await login('master2')).statusCode).toBe(401);
    });

    it('lets exactly one of two uses at once win', async () => {
      const token = tokenOf((await issue(am1, 'player1')).json().link.link);
      const [a, b] = await Promise.all([use(token, STRONG), use(token, STRONGER)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
      const loser = a.statusCode === 410 ? a : b;
      expect(loser.json()).toEqual({ message: ACCESS_MESSAGES.linkUsed });
      const winner = a.statusCode === 200 ? STRONG : STRONGER;
      expect((await login('player1', winner)).statusCode).toBe(200);
      expect(
        (
          await queryRows<{ n: number }>(
            t.app.db,
            sql`SELECT count(*)::int AS n FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE a.username = 'player1' AND s.revoked_at IS NULL`,
          )
        )[0]!.n,
      ).toBe(2);
    });

    it('refuses an expired, a replaced, a revoked (blocked) link, and a link of an inactive account', async () => {
      const first = tokenOf((await issue(am1, 'player2')).json().link.link);
      const second = tokenOf((await issue(am1, 'player2')).json().link.link);
      expect((await use(first, STRONG)).json()).toEqual({ message: ACCESS_MESSAGES.linkReplaced });
      t.clock.advance(72 * 3_600_000 + 1);
      const expired = await use(second, STRONG);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ message: ACCESS_MESSAGES.linkExpired });
      am1 = await signIn(t.app, 'am1', { remoteAddress: nextAddress() }); // its session ended meanwhile

      const third = tokenOf((await issue(am1, 'player2')).json().link.link);
      expect((await as(am1, 'POST', '/api/playrep/blockaccount?username=player2')).statusCode).toBe(200);
      const blocked = await use(third, STRONG);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toEqual({ message: ACCESS_MESSAGES.accountBlocked });
      const refusedWhileBlocked = await issue(am1, 'player2');
      expect(refusedWhileBlocked.statusCode).toBe(409);
      expect(refusedWhileBlocked.json()).toEqual({ message: ACCESS_MESSAGES.noLinkBlocked('player2') });
      expect((await as(am1, 'POST', '/api/playrep/unblockaccount?username=player2')).statusCode).toBe(200);
      // The block ended the link for good: unblocking does not bring it back.
      expect((await use(third, STRONG)).json()).toEqual({ message: ACCESS_MESSAGES.linkRevoked });

      // Inactive on the platform: no link, and a live one stops working.
      const fourth = tokenOf((await issue(am1, 'player2')).json().link.link);
      await t.app.db.execute(sql`UPDATE accounts SET user_status = FALSE WHERE username = 'player2'`);
      const inactive = await use(fourth, STRONG);
      expect(inactive.statusCode).toBe(403);
      expect(inactive.json()).toEqual({ message: INACTIVE_ACCOUNT_MESSAGE });
      expect((await issue(am1, 'player2')).json()).toEqual({ message: ACCESS_MESSAGES.noLinkInactive('player2') });
      expect((await use('x'.repeat(43), STRONG)).statusCode).toBe(404);
      expect((await use('not a token', STRONG)).json()).toEqual({ message: ACCESS_MESSAGES.linkNotValid });
    });

    it('is issued only for accounts strictly below the caller', async () => {
      const master1 = await signIn(t.app, 'master1', { remoteAddress: nextAddress() });
      expect((await issue(master1, 'player1')).statusCode).toBe(200);
      expect((await issue(master1, 'master1')).json()).toEqual({ message: 'Not allowed' });
      expect((await issue(master1, 'am1')).statusCode).toBe(403);
      expect((await issue(master1, 'player2')).statusCode).toBe(404);
      expect((await issue(master1, 'nobody')).statusCode).toBe(404);
      const player1 = await signIn(t.app, 'player1', { remoteAddress: nextAddress() });
      expect((await issue(player1, 'player1')).statusCode).toBe(403);
    });

    it('issues links in bulk as a CSV: every account without a password (one role or all), or a selection', async () => {
      await withoutPassword('master1', 'player1', 'player2', 'player3');
      const all = await as(am1, 'POST', '/api/playrep/issuelinks');
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-type']).toMatch(/^text\/csv/);
      const lines = all.body.trim().split('\r\n');
      expect(lines[0]).toBe('Username,Name,Role,Parent,Link,Expires');
      // player3 is in another branch: not am1's.
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 4))).toEqual([
        ['master1', 'Master Number 1', 'master', 'am1'],
        ['player1', 'Player Number 1', 'player', 'master1'],
        ['player2', 'Player Number 2', 'player', 'master2'],
      ]);
      const tokens = lines.slice(1).map((l) => tokenOf(l));
      expect(new Set(tokens).size).toBe(3);
      expect((await info(tokens[2]!)).json().username).toBe('player2');

      const players = await as(am1, 'POST', '/api/playrep/issuelinks?role=player');
      expect(
        players.body
          .trim()
          .split('\r\n')
          .slice(1)
          .map((l) => l.split(',')[0]),
      ).toEqual(['player1', 'player2']);
      // The newer links replaced the first file's.
      expect((await use(tokens[1]!, STRONG)).json()).toEqual({ message: ACCESS_MESSAGES.linkReplaced });

      const chosen = await as(am1, 'POST', '/api/playrep/issuelinks', { usernames: ['MASTER2', 'player1'] });
      expect(
        chosen.body
          .trim()
          .split('\r\n')
          .slice(1)
          .map((l) => l.split(',')[0]),
      ).toEqual(['master2', 'player1']);
      const outside = await as(am1, 'POST', '/api/playrep/issuelinks', { usernames: ['player1', 'player3', 'am1'] });
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: 'No such account below yours: player3, am1' });
      const tooMany = await as(am1, 'POST', '/api/playrep/issuelinks', {
        usernames: Array.from({ length: 5001 }, (_, i) => `u${i}`),
      });
      expect(tooMany.statusCode).toBe(400);
      const player1 = await signIn(t.app, 'player2', { remoteAddress: nextAddress() }).catch(() => null);
      expect(player1).toBeNull(); // passwordless: cannot sign in until a link is used
    });

    it('is printed by the accounts command', async () => {
      const { executeAccountsCommand } = await import('./manage/accounts-command.js');
      const out: string[] = [];
      const code = await executeAccountsCommand(
        { kind: 'link', username: 'SUPERADMIN' },
        { db: t.app.db, env: t.app.env, clock: t.clock, out: (l) => out.push(l), err: (l) => out.push(l) },
      );
      expect(code).toBe(0);
      const token = tokenOf(out.at(-1)!);
      expect(out.at(-1)).toBe(`${PUBLIC}/auth/welcome#${token}`);
      expect((await info(token)).json()).toMatchObject({ username: 'superadmin', invitedBy: null });
      expect((await use(token, STRONG)).statusCode).toBe(200);
    });
  });

  describe('passwords', () => {
    it('changes the caller’s password: current one required, the rule applied, the other sessions ended', async () => {
      const here = await signIn(t.app, 'master1', { remoteAddress: nextAddress() });
      const elsewhere = await signIn(t.app, 'master1', { remoteAddress: nextAddress() });
      const change = (currentPassword: string, newPassword: string) =>
        as(here, 'POST', '/api/auth/password', { currentPassword, newPassword });
      expect((await change('wrong-1234', STRONG)).json()).toEqual({
        message: `Current password: ${ACCESS_MESSAGES.wrongCurrentPassword}`,
      });
      const weak = await change(DEMO_PASSWORD, 'Password123');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toMatch(/^New password: Too weak: /);
      const done = await change(DEMO_PASSWORD, STRONG);
      expect(done.json()).toEqual({ message: ACCESS_MESSAGES.passwordChanged });
      expect(await stillSignedIn(here)).toBe(true);
      expect(await stillSignedIn(elsewhere)).toBe(false);
      expect((await login('master1')).statusCode).toBe(401);
      expect((await login('master1', STRONG)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: {} })).statusCode).toBe(401);
    });

    it('takes a bcrypt hash from the platform and replaces it with argon2id at the first sign-in', async () => {
      for (const prefix of ['$2a$', '$2b$', '$2y$']) {
        const hash = (await bcrypt.hash(STRONG, 4)).replace(/^\$2[aby]\$/, prefix);
        await t.app.db.execute(sql`UPDATE accounts SET password_hash = ${hash} WHERE username = 'player3'`);
        expect((await login('player3', 'wrong-password-1')).statusCode, prefix).toBe(401);
        expect((await login('player3', STRONG)).statusCode, prefix).toBe(200);
        const [row] = await queryRows<{ h: string }>(
          t.app.db,
          sql`SELECT password_hash AS h FROM accounts WHERE username = 'player3'`,
        );
        expect(row!.h.startsWith('$argon2id$'), prefix).toBe(true);
        expect((await login('player3', STRONG)).statusCode, prefix).toBe(200);
      }
    });
  });

  describe('forgot password', () => {
    const forgot = (username: string, remoteAddress = nextAddress()) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { username }, remoteAddress });
    const resetMails = () =>
      queryRows<{ recipient: string; body_text: string }>(
        t.app.db,
        sql`SELECT recipient, body_text FROM outbox WHERE kind = 'password-reset' ORDER BY id`,
      );

    it('answers the same words in the same time for an unknown, a no-email and a real account, and mails only the real one', async () => {
      await t.app.db.execute(
        sql`UPDATE accounts SET email = 'master2@example.com', email_verified = TRUE WHERE username = 'master2'`,
      );
      await t.app.db.execute(
        sql`UPDATE accounts SET email = 'master3@example.com', email_verified = FALSE WHERE username = 'master3'`,
      );
      const before = (await resetMails()).length;
      const times: Record<string, number[]> = { unknown: [], noEmail: [], unconfirmed: [], real: [] };
      const names = { unknown: 'nobody-here', noEmail: 'master1', unconfirmed: 'master3', real: 'master2' } as const;
      for (let round = 0; round < 2; round++) {
        for (const [which, username] of Object.entries(names)) {
          t.clock.advance(16 * 60_000); // past the per-username limit's window
          const started = performance.now();
          const res = await forgot(username);
          times[which]!.push(performance.now() - started);
          expect(res.statusCode, which).toBe(200);
          expect(res.json(), which).toEqual({ message: ACCESS_MESSAGES.forgotAnswer });
        }
      }
      const mails = (await resetMails()).slice(before);
      expect(mails.map((m) => m.recipient)).toEqual(['master2@example.com', 'master2@example.com']);
      // Every answer waits until the same moment, so none comes sooner than it, whatever the case.
      // The upper bound only says the wait ends: how far past the moment a loaded machine answers
      // is a matter for a benchmark, not for this test.
      for (const [which, spent] of Object.entries(times)) {
        for (const ms of spent) {
          expect(ms, which).toBeGreaterThanOrEqual(ANSWER_AFTER_MS - 1);
          expect(ms, which).toBeLessThan(ANSWER_AFTER_MS + 2_000);
        }
      }
    });

    it('mails a reset link that works in the real SMTP server’s mail, once, for 30 minutes', async () => {
      await t.app.db.execute(
        sql`UPDATE accounts SET email = 'player1@example.com', email_verified = TRUE WHERE username = 'player1'`,
      );
      t.clock.advance(16 * 60_000);
      expect((await forgot('Player1')).statusCode).toBe(200);
      const sender = startOutboxSender(t.app, statementMailRenderer(t.app.db, t.clock), { pollMs: 3_600_000 });
      senders.push(sender);
      await sender.firstRun;
      const mail = smtp.received.find((m) => m.to.includes('player1@example.com'))!;
      expect(mail.parsed.subject).toBe('Choose a new Playrep password');
      expect(mail.parsed.from?.value[0]?.address).toBe('access@playrep.test');
      const token = tokenOf(mail.parsed.text!);
      expect(mail.parsed.html).toContain(`/auth/welcome#${token}`);
      expect((await info(token)).json()).toMatchObject({ username: 'player1', purpose: 'reset', invitedBy: null });
      expect(Date.parse((await info(token)).json().expiresAt) - t.clock.now().getTime()).toBe(30 * 60_000);
      const reset = await use(token, STRONG);
      expect(reset.statusCode).toBe(200);
      expect((await login('player1', STRONG)).statusCode).toBe(200);

      // A blocked account gets no mail.
      await t.app.db.execute(sql`UPDATE accounts SET blocked_at = now() WHERE username = 'player1'`);
      const before = (await resetMails()).length;
      t.clock.advance(16 * 60_000);
      expect((await forgot('player1')).json()).toEqual({ message: ACCESS_MESSAGES.forgotAnswer });
      expect((await resetMails()).length).toBe(before);
    });

    it('is throttled per username (real or not) and per address', async () => {
      t.clock.advance(16 * 60_000);
      for (const username of ['master1', 'no-such-name']) {
        for (let i = 0; i < RESETS_PER_USERNAME; i++) expect((await forgot(username)).statusCode).toBe(200);
        const refused = await forgot(username);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBe('900');
      }
      t.clock.advance(16 * 60_000);
      const answers: number[] = [];
      for (let i = 0; i < 31; i++) answers.push((await forgot(`name-${i}`, '10.9.9.9')).statusCode);
      expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(answers[30]).toBe(429);
    });
  });

  describe('block', () => {
    it('ends the blocked account’s open session at its next call, refuses its sign-in, and is undone by unblock', async () => {
      const master1 = await signIn(t.app, 'master1', { remoteAddress: nextAddress() });
      expect((await as(master1, 'GET', '/api/playrep/pointtransferreport')).statusCode).toBe(200);
      const blocked = await as(am1, 'POST', '/api/playrep/blockaccount?username=master1');
      expect(blocked.json()).toEqual({ message: ACCESS_MESSAGES.blocked('master1'), state: 'blocked' });
      expect((await as(master1, 'GET', '/api/playrep/pointtransferreport')).statusCode).toBe(401);
      const refused = await login('master1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: ACCESS_MESSAGES.accountBlocked });
      // A wrong password is still just wrong: the block is told only to whoever knows the password.
      expect((await login('master1', 'wrong-9999')).statusCode).toBe(401);
      const [row] = await queryRows<{ by: string }>(
        t.app.db,
        sql`SELECT blocked_by AS by FROM accounts WHERE username = 'master1'`,
      );
      expect(row!.by).toBe(ids.am1);
      // Its players are not blocked.
      expect((await login('player1')).statusCode).toBe(200);

      const unblocked = await as(am1, 'POST', '/api/playrep/unblockaccount?username=master1');
      expect(unblocked.json()).toEqual({ message: ACCESS_MESSAGES.unblocked('master1'), state: 'active' });
      expect((await login('master1')).statusCode).toBe(200);
      // The platform's inactive wins over an unblock.
      await t.app.db.execute(sql`UPDATE accounts SET user_status = FALSE WHERE username = 'master1'`);
      await as(am1, 'POST', '/api/playrep/blockaccount?username=master1');
      // ... and the unblock says so rather than "it can sign in again".
      expect((await as(am1, 'POST', '/api/playrep/unblockaccount?username=master1')).json()).toEqual({
        message: ACCESS_MESSAGES.unblockedInactive('master1'),
        state: 'inactive',
      });
      expect((await login('master1')).statusCode).toBe(403);
    });

    it('is for accounts strictly below the caller', async () => {
      expect((await as(am1, 'POST', '/api/playrep/blockaccount?username=am1')).statusCode).toBe(403);
      expect((await as(am1, 'POST', '/api/playrep/blockaccount?username=sam1')).statusCode).toBe(403);
      expect((await as(am1, 'POST', '/api/playrep/blockaccount?username=master3')).statusCode).toBe(404);
      expect(await stillSignedIn(am1)).toBe(true);
    });

    it('leaves a blocked master out of the weekly statements', async () => {
      await t.app.db.execute(sql`UPDATE accounts SET email = username || '@example.com', email_verified = TRUE
                                  WHERE username IN ('master1', 'master2')`);
      await as(am1, 'POST', '/api/playrep/blockaccount?username=master2');
      await t.app.db
        .transaction(async (tx) => {
          await queueWeekStatements(tx, '2026-02-16', t.clock.now());
          const queued = await queryRows<{ recipient: string }>(
            tx,
            sql`SELECT recipient FROM outbox WHERE week_start = '2026-02-16' AND kind = 'statement-agent' ORDER BY recipient`,
          );
          expect(queued.map((q) => q.recipient)).toEqual(['master1@example.com']);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
        });
    });
  });

  describe('the Accounts screen', () => {
    it('lists the accounts below the caller with their state, filtered, sorted and paged on the server', async () => {
      await withoutPassword('player1', 'player2');
      await issue(am1, 'player2');
      await as(am1, 'POST', '/api/playrep/blockaccount?username=master2');
      await t.app.db.execute(sql`UPDATE accounts SET user_status = FALSE WHERE username = 'master1'`);
      const all = await accountsOf(am1);
      expect(all.total).toBe(4);
      expect(all.data.map((r) => [r.username, r.role, r.parent, r.state, r.stateLabel])).toEqual([
        ['master1', 'master', 'am1', 'inactive', 'Inactive on the platform'],
        ['master2', 'master', 'am1', 'blocked', 'Blocked'],
        ['player1', 'player', 'master1', 'noPassword', 'No password yet'],
        ['player2', 'player', 'master2', 'linkSent', 'Link sent'],
      ]);
      expect((await accountsOf(am1, '?state=noPassword')).data.map((r) => r.username)).toEqual(['player1']);
      expect((await accountsOf(am1, '?role=master&sort=username&order=desc')).data.map((r) => r.username)).toEqual([
        'master2',
        'master1',
      ]);
      expect((await accountsOf(am1, '?q=number%202')).data.map((r) => r.username)).toEqual(['master2', 'player2']);
      const page2 = await accountsOf(am1, '?pageSize=3&page=2');
      expect([page2.total, page2.data.map((r) => r.username)]).toEqual([4, ['player2']]);
      // Last sign-in: am1 signed in, the others did not in this test's accounts.
      const superadmin = await signIn(t.app, 'superadmin', { remoteAddress: nextAddress() });
      const bySignIn = await accountsOf(superadmin, '?sort=lastSignIn&order=desc&pageSize=2');
      expect(bySignIn.data[0]!.username).toBe('am1');
      expect(bySignIn.data[0]!.lastSignInAt).not.toBeNull();
      // The superadmin's list is every account but itself and the house.
      const [count] = await queryRows<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM accounts WHERE role NOT IN ('house', 'superadmin')`,
      );
      expect(bySignIn.total).toBe(count!.n);

      const csv = await as(am1, 'GET', '/api/playrep/accounts?format=csv&sort=username');
      expect(csv.body.trim().split('\r\n')[0]).toBe('Username,Name,Role,Parent,State,Two-step,Last Sign-in');
      expect(csv.body.trim().split('\r\n')).toHaveLength(5);
      const xlsx = await as(am1, 'GET', '/api/playrep/accounts?format=xlsx');
      expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
      expect((await as(am1, 'GET', '/api/playrep/accounts?sort=wallet')).statusCode).toBe(400);
    });

    it('shows whether two-step is on, sorts and exports by it, and lets a manager clear it (not a sibling, not a player)', async () => {
      // master1's two-step is on; player2's set-up still waits for its first code, so it is off.
      const setUp = (username: keyof NetworkIds, confirmed: boolean) =>
        t.app.db.execute(sql`INSERT INTO two_step (account_id, secret_encrypted, confirmed_at, created_at)
                             VALUES (${ids[username]}::uuid, 'sealed', ${confirmed ? t.clock.now() : null}, ${t.clock.now()})`);
      await setUp('master1', true);
      await setUp('player2', false);
      try {
        const all = await accountsOf(am1);
        expect(all.data.map((r) => [r.username, r.twoStep, r.twoStepLabel])).toEqual([
          ['master1', true, 'On'],
          ['master2', false, 'Off'],
          ['player1', false, 'Off'],
          ['player2', false, 'Off'],
        ]);
        // Sorted on the server: off before on ascending, ties by username in the same direction.
        const byUsername = (a: string, b: string) => a.localeCompare(b);
        const on = all.data.filter((r) => r.twoStep).map((r) => r.username);
        const off = all.data.filter((r) => !r.twoStep).map((r) => r.username);
        expect((await accountsOf(am1, '?sort=twoStep&order=asc')).data.map((r) => r.username)).toEqual([
          ...off.sort(byUsername),
          ...on.sort(byUsername),
        ]);
        expect((await accountsOf(am1, '?sort=twoStep&order=desc')).data.map((r) => r.username)).toEqual([
          ...on.sort(byUsername).reverse(),
          ...off.sort(byUsername).reverse(),
        ]);
        const page1 = await accountsOf(am1, '?sort=twoStep&order=desc&pageSize=1');
        expect([page1.total, page1.data.map((r) => r.username)]).toEqual([all.total, ['master1']]);

        // The export has the column, with the words the screen shows.
        const lines = (await as(am1, 'GET', '/api/playrep/accounts?format=csv&sort=twoStep&order=desc')).body
          .trim()
          .split('\r\n');
        const header = lines[0]!.split(',');
        const column = header.indexOf('Two-step');
        expect(column).toBe(header.indexOf('State') + 1);
        expect(lines.slice(1).map((line) => [line.split(',')[0], line.split(',')[column]])).toEqual(
          (await accountsOf(am1, '?sort=twoStep&order=desc')).data.map((r) => [r.username, r.twoStepLabel]),
        );

        // Cleared by its manager from the row (by its _id), refused to a sibling and to a player.
        const clear = (session: TestSession, accountId: string) =>
          as(session, 'POST', `/api/playrep/twostepclear?accountId=${accountId}`);
        const master1Row = all.data.find((r) => r.username === 'master1')!;
        const master2 = await signIn(t.app, 'master2', { remoteAddress: nextAddress() });
        expect((await clear(master2, master1Row._id)).statusCode).toBe(403);
        const player1 = await signIn(t.app, 'player1', { remoteAddress: nextAddress() });
        expect((await clear(player1, master1Row._id)).statusCode).toBe(403);
        expect((await accountsOf(am1, '?q=master1')).data[0]!.twoStepLabel).toBe('On');
        const cleared = await clear(am1, master1Row._id);
        expect([cleared.statusCode, cleared.json().message]).toEqual([200, TWO_STEP_MESSAGES.cleared('master1')]);
        expect((await accountsOf(am1, '?q=master1')).data[0]!.twoStepLabel).toBe('Off');
        // It signs in with its password alone again.
        expect((await login('master1')).statusCode).toBe(200);
      } finally {
        await t.app.db.execute(sql`DELETE FROM two_step_recovery_codes`);
        await t.app.db.execute(sql`DELETE FROM two_step`);
      }
    });

    it('shows the caller the device of its last sign-in and its own last activity entries only', async () => {
      const ANDROID_CHROME =
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
      const loginFrom = (username: string, remoteAddress: string, password = DEMO_PASSWORD, userAgent = ANDROID_CHROME) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password },
          remoteAddress,
          headers: { 'user-agent': userAgent },
        });
      // More of admin1's own entries than the page shows, then entries of accounts below and above it.
      for (let i = 0; i < RECENT_ACTIVITY_SIZE; i++) {
        t.clock.advance(60_000);
        expect((await loginFrom('admin1', nextAddress())).statusCode).toBe(200);
      }
      t.clock.advance(60_000);
      expect((await loginFrom('admin1', '10.250.0.7')).statusCode).toBe(200);
      const signedInAt = t.clock.now().toISOString();
      t.clock.advance(60_000);
      expect((await loginFrom('admin1', nextAddress(), 'wrong-3333')).statusCode).toBe(401);
      for (const other of ['sam1', 'master1', 'superadmin']) await loginFrom(other, nextAddress());
      t.clock.advance(60_000);
      const current = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin1', password: DEMO_PASSWORD },
        remoteAddress: '10.250.0.8',
        headers: { 'user-agent': 'curl/8.5.0' },
      });
      expect(current.statusCode).toBe(200);

      const page = (await as(current.json(), 'GET', '/api/auth/account')).json() as MyAccountResponse;
      expect(page.lastSignIn).toEqual({ at: signedInAt, address: '10.250.0.7', device: 'Chrome 131 on Android' });
      expect(page.failedSince).toBe(1);
      const recent = page.recentActivity;
      expect(recent).toHaveLength(RECENT_ACTIVITY_SIZE);
      // Its own only: it acted or it is what the entry is about, never another account's sign-in.
      for (const entry of recent) expect([entry.actor, entry.subject]).toContain('admin1');
      // Newest first: this session's sign-in, then the wrong password, then the sign-in before.
      expect(recent.slice(0, 3).map((r) => [r.kindLabel, r.address, r.device])).toEqual([
        ['Signed in', '10.250.0.8', 'curl/8.5.0'],
        ['Sign-in failed', expect.any(String), 'Chrome 131 on Android'],
        ['Signed in', '10.250.0.7', 'Chrome 131 on Android'],
      ]);
      const times = recent.map((r) => Date.parse(r.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('shows the caller its own account page: last sign-in before this one and the wrong passwords since', async () => {
      await login('sam1');
      await login('sam1', 'wrong-1111');
      await login('sam1', 'wrong-2222');
      const sam1 = await signIn(t.app, 'sam1', { remoteAddress: '10.200.0.1' });
      const page = (await as(sam1, 'GET', '/api/auth/account')).json();
      expect(page).toMatchObject({
        username: 'sam1',
        role: 'superareamanager',
        parent: 'admin1',
        hasPassword: true,
        failedSince: 2,
      });
      expect(page.lastSignIn.address).not.toBe('10.200.0.1');
    });
  });
  describe('the activity', () => {
    const PHONE =
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
    const ACCESS_KINDS = new Set(['password-changed', 'link-issued', 'link-used', 'link-revoked', 'blocked', 'unblocked']);
    let since: number;
    beforeEach(async () => {
      // No live link and no open session left by the tests before (but am1's), so that each test's entries are its own.
      const now = t.clock.now();
      await t.app.db.execute(sql`UPDATE sign_in_links SET revoked_at = ${now}, revoked_reason = 'revoked'
                                  WHERE used_at IS NULL AND revoked_at IS NULL`);
      await t.app.db.execute(
        sql`UPDATE sessions SET revoked_at = ${now} WHERE revoked_at IS NULL AND account_id <> ${ids.am1}::uuid`,
      );
      t.clock.advance(1_000);
      since = t.clock.now().getTime();
    });
    /** The entries of this test's access actions that `viewer` sees on the Activity screen, oldest first. */
    const seenBy = async (viewer: TestSession) => {
      const res = await as(viewer, 'GET', '/api/playrep/activity?pageSize=100');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ActivityResponse).data.filter((r) => Date.parse(r.at) >= since && ACCESS_KINDS.has(r.kind)).reverse();
    };
    const shown = (r: ActivityRow) => [r.kind, r.actor, r.subject, r.details];
    const sessionOf = (username: string, password = DEMO_PASSWORD) =>
      signIn(t.app, username, { password, remoteAddress: nextAddress() });
    /** What the manager (am1), the subject and the superadmin see is the same; the sibling manager (am2) sees none of it. */
    const expectSeen = async (subject: string, expected: unknown[][], password = DEMO_PASSWORD) => {
      const manager = await seenBy(am1);
      expect(manager.map(shown)).toEqual(expected);
      const own = await seenBy(await sessionOf(subject, password));
      expect(own.map((r) => r._id)).toEqual(manager.map((r) => r._id));
      expect((await seenBy(await sessionOf('superadmin'))).map((r) => r._id)).toEqual(manager.map((r) => r._id));
      expect(await seenBy(await sessionOf('am2'))).toEqual([]);
      return manager;
    };

    it('records an own password change with the address and device, ending the live link; a refused change records nothing', async () => {
      await issue(am1, 'master1');
      const here = await sessionOf('master1');
      await sessionOf('master1');
      const change = (currentPassword: string) =>
        injectAs(t.app, here, {
          method: 'POST',
          url: '/api/auth/password',
          payload: { currentPassword, newPassword: STRONG },
          remoteAddress: '203.0.113.21',
          headers: { 'user-agent': PHONE },
        });
      expect((await change('wrong-1234')).statusCode).toBe(400);
      expect((await seenBy(am1)).map((r) => r.kind)).toEqual(['link-issued']);
      expect((await change(DEMO_PASSWORD)).statusCode).toBe(200);
      const rows = await expectSeen(
        'master1',
        [
          ['link-issued', 'am1', 'master1', 'sign-in link, valid 72 hours'],
          ['password-changed', 'master1', 'master1', 'on the account page, 1 session ended'],
          ['link-revoked', 'master1', 'master1', 'sign-in link: the password was changed'],
        ],
        STRONG,
      );
      for (const r of rows.slice(1)) expect([r.address, r.device]).toEqual(['203.0.113.21', 'Chrome 131 on Android']);
    });

    it('records a link issued, replaced and used (the password set by it); a refused use records nothing', async () => {
      const first = tokenOf((await issue(am1, 'player1')).json().link.link);
      const second = tokenOf((await issue(am1, 'player1')).json().link.link);
      expect((await use(first, STRONG)).statusCode).toBe(410);
      expect((await use(second, 'password1')).statusCode).toBe(400);
      const used = await t.app.inject({
        method: 'POST',
        url: '/api/auth/link/use',
        payload: { token: second, password: STRONG },
        remoteAddress: '203.0.113.22',
        headers: { 'user-agent': PHONE },
      });
      expect(used.statusCode).toBe(200);
      const rows = await expectSeen(
        'player1',
        [
          ['link-issued', 'am1', 'player1', 'sign-in link, valid 72 hours'],
          ['link-revoked', 'am1', 'player1', 'sign-in link: replaced by a newer link'],
          ['link-issued', 'am1', 'player1', 'sign-in link, valid 72 hours'],
          ['link-used', 'player1', 'player1', 'sign-in link: password set, signed in'],
          ['password-changed', 'player1', 'player1', 'with a sign-in link'],
        ],
        STRONG,
      );
      for (const r of rows.slice(3)) expect([r.address, r.device]).toEqual(['203.0.113.22', 'Chrome 131 on Android']);
    });

    it('records links issued in bulk, one entry per account', async () => {
      const file = await as(am1, 'POST', '/api/playrep/issuelinks', { usernames: ['player1', 'player2'] });
      expect(file.statusCode).toBe(200);
      const rows = await seenBy(am1);
      expect(rows.map(shown)).toEqual([
        ['link-issued', 'am1', 'player1', 'sign-in link, valid 72 hours, in bulk'],
        ['link-issued', 'am1', 'player2', 'sign-in link, valid 72 hours, in bulk'],
      ]);
      // Each subject sees its own, not its neighbour's; the sibling manager neither.
      expect((await seenBy(await sessionOf('player2'))).map(shown)).toEqual([rows[1]].map((r) => shown(r!)));
      expect(await seenBy(await sessionOf('am2'))).toEqual([]);
    });

    it('records a forgot-password reset link as asked by nobody known, from the request’s address, and its use', async () => {
      await t.app.db.execute(
        sql`UPDATE accounts SET email = 'master2@example.com', email_verified = TRUE WHERE username = 'master2'`,
      );
      t.clock.advance(16 * 60_000);
      since = t.clock.now().getTime();
      await sessionOf('master2');
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot',
        payload: { username: 'master2' },
        remoteAddress: '203.0.113.23',
        headers: { 'user-agent': PHONE },
      });
      expect(asked.statusCode).toBe(200);
      const [mail] = await queryRows<{ body_text: string }>(
        t.app.db,
        sql`SELECT body_text FROM outbox WHERE kind = 'password-reset' AND recipient = 'master2@example.com' ORDER BY id DESC LIMIT 1`,
      );
      expect((await use(tokenOf(mail!.body_text), STRONG)).statusCode).toBe(200);
      const rows = await expectSeen(
        'master2',
        [
          ['link-issued', '', 'master2', 'reset link (forgot password), valid 30 minutes'],
          ['link-used', 'master2', 'master2', 'reset link (forgot password): password set, signed in'],
          ['password-changed', 'master2', 'master2', 'with a reset link (forgot password), 1 session ended'],
        ],
        STRONG,
      );
      expect([rows[0]!.address, rows[0]!.device]).toEqual(['203.0.113.23', 'Chrome 131 on Android']);
    });

    it('records the accounts command’s link, password reset and deactivation as the command line’s', async () => {
      const run = (kind: 'link' | 'disable', username: string) =>
        executeAccountsCommand(
          { kind, username },
          { db: t.app.db, env: t.app.env, clock: t.clock, out: () => {}, err: () => {} },
        );
      expect(await run('link', 'player2')).toBe(0);
      const reset = await executeAccountsCommand(
        { kind: 'reset-password', username: 'player2', password: STRONG },
        { db: t.app.db, env: t.app.env, clock: t.clock, out: () => {}, err: () => {} },
      );
      expect(reset).toBe(0);
      expect(await run('disable', 'player2')).toBe(0);
      const rows = await seenBy(am1);
      expect(rows.map(shown)).toEqual([
        ['link-issued', 'command line', 'player2', 'sign-in link, valid 72 hours'],
        ['password-changed', 'command line', 'player2', 'with npm run accounts -- reset-password'],
        ['link-revoked', 'command line', 'player2', 'sign-in link: the account was made inactive'],
      ]);
      expect(rows.every((r) => r.address === '' && r.device === '')).toBe(true);
      await t.app.db.execute(sql`UPDATE accounts SET user_status = TRUE WHERE username = 'player2'`);
      expect(
        (await seenBy(await signIn(t.app, 'player2', { password: STRONG, remoteAddress: nextAddress() }))).map((r) => r._id),
      ).toEqual(rows.map((r) => r._id));
      expect(await seenBy(await sessionOf('am2'))).toEqual([]);
    });

    it('records a block (its sessions and link ended) and an unblock by the manager, once each', async () => {
      await issue(am1, 'master2');
      await sessionOf('master2');
      const block = (what: 'blockaccount' | 'unblockaccount') =>
        injectAs(t.app, am1, {
          method: 'POST',
          url: `/api/playrep/${what}?username=master2`,
          remoteAddress: '203.0.113.24',
          headers: { 'user-agent': PHONE },
        });
      expect((await block('blockaccount')).statusCode).toBe(200);
      expect((await block('blockaccount')).statusCode).toBe(200);
      expect((await block('unblockaccount')).statusCode).toBe(200);
      expect((await block('unblockaccount')).statusCode).toBe(200);
      const rows = await expectSeen('master2', [
        ['link-issued', 'am1', 'master2', 'sign-in link, valid 72 hours'],
        ['blocked', 'am1', 'master2', '1 session ended'],
        ['link-revoked', 'am1', 'master2', 'sign-in link: the account was blocked'],
        ['unblocked', 'am1', 'master2', ''],
      ]);
      for (const r of rows.slice(1)) expect([r.address, r.device]).toEqual(['203.0.113.24', 'Chrome 131 on Android']);
    });
  });
});
