import { MAIL_STATE_LABELS, type MailOutboxResponse, type MailOutboxRow } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import type { IsoDay } from '../../lib/dates.js';
import { statementMailRenderer } from '../money/statement-mail.js';
import { MAIL_REASONS } from './gate.js';
import { queueMail, startOutboxSender } from './index.js';
import { startMailSender } from './sender.js';
import { queueWeekStatements } from './statement-mails.js';
import { unsubscribeKeyOf, unsubscribeQuery } from './unsubscribe.js';

/**
 * The mail gate (docs/domain.md, "Mail and statements"): for each reason a mail may no longer go,
 * the mail is queued, the reason made true, then the sender runs against a real SMTP server started
 * here: nothing is delivered, and the Mail screen's call shows the mail's state and reason. Beside
 * each, a mail that may still go is delivered, so a sender that delivered nothing would fail.
 */
const WEEK = '2026-02-23' as IsoDay;
const DAY_MS = 86_400_000;
const STRONG = 'Lantern-Orbit-4417';

describe.each(TEST_DB_KINDS)('the mail gate on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  let smtp: TestSmtpServer;
  let superadmin: TestSession;

  /** One pass of this server's sender (SMTP_URL set: through the test's SMTP server). */
  const sendNow = async () => {
    const sender = startOutboxSender(t.app, statementMailRenderer(t.app.db, t.clock), { pollMs: 3_600_000 });
    const pass = await sender.firstRun;
    await sender.stop();
    return pass;
  };
  const delivered = () => smtp.received.map((m) => m.to.join());
  /** A call of the superadmin, signed in again when the test's clock moved past its session. */
  const asSuperadmin = async (options: { method?: 'GET' | 'POST'; url: string }) => {
    const res = await injectAs(t.app, superadmin, options);
    if (res.statusCode !== 401) return res;
    superadmin = await signIn(t.app, 'superadmin');
    return injectAs(t.app, superadmin, options);
  };
  /** Every mail as the Mail screen's call answers it, oldest first (or by recipient). */
  const screen = async (sort: 'createdAt' | 'recipient' = 'createdAt'): Promise<MailOutboxRow[]> => {
    const res = await asSuperadmin({ url: `/api/playrep/mailoutbox?pageSize=100&sort=${sort}&order=asc` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as MailOutboxResponse).data;
  };
  const shown = (row: MailOutboxRow) => [row.kind, row.recipient, row.stateLabel, row.lastAnswer];
  const statementOf = (username: 'master1' | 'master2') => ({
    key: `statement:agent:${WEEK}:${ids[username]}`,
    kind: 'statement-agent' as const,
    accountId: ids[username],
    to: `${username}@example.com`,
    subject: `Statement of ${username}`,
    // Written when queued: the control statement goes without building a PDF.
    text: `The statement of ${username}.`,
  });
  const forgot = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { username }, remoteAddress: '203.0.113.9' });
  const bodies = (kind: string) =>
    queryRows<{ body_text: string }>(t.app.db, sql`SELECT body_text FROM outbox WHERE kind = ${kind} ORDER BY id`);
  const secretIn = (body: string) => /#([A-Za-z0-9_-]{43})/.exec(body)![1]!;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Playrep <reports@playrep.test>' } });
    t.clock.set('2026-03-02T10:00:00Z');
    ids = await createNetwork(t.app.db);
    superadmin = await signIn(t.app, 'superadmin');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.app.db.execute(sql`DELETE FROM outbox`);
    await t.app.db.execute(sql`DELETE FROM email_confirmations`);
    await t.app.db.execute(
      sql`UPDATE accounts SET statement_emails = true, blocked_at = NULL, blocked_by = NULL, user_status = true,
                              email = CASE WHEN username IN ('master1', 'master2') THEN username || '@example.com' END,
                              email_verified = username IN ('master1', 'master2')`,
    );
    // A link used below set master1's password: every account has the demo password again.
    await t.app.db.execute(
      sql`UPDATE accounts SET password_hash = (SELECT password_hash FROM accounts WHERE username = 'superadmin')`,
    );
    smtp.received.splice(0);
    smtp.attempts.splice(0);
    // Past forgot password's limit of 3 requests in 15 minutes for one username.
    t.clock.advance(20 * 60_000);
  });

  describe('a statement', () => {
    it.each([
      ['turned statements off', sql`statement_emails = false`, MAIL_REASONS.statementsOff],
      ['changed its address', sql`email = 'elsewhere@example.com'`, MAIL_REASONS.addressChanged],
      ['removed its address', sql`email = NULL, email_verified = false`, MAIL_REASONS.addressRemoved],
      ['was blocked', sql`blocked_at = now()`, MAIL_REASONS.accountBlocked],
      ['became inactive on the platform', sql`user_status = false`, MAIL_REASONS.accountInactive],
    ])('is not sent when its account %s since: cancelled, with the reason', async (_what, change, reason) => {
      // The closing's statement of master1 (built when sent), and master2's, which may go.
      expect(await queueWeekStatements(t.app.db, WEEK, t.clock.now())).toBe(2);
      await t.app.db.execute(sql`DELETE FROM outbox WHERE account_id = ${ids.master2}`);
      await queueMail(t.app.db, statementOf('master2'), t.clock.now());
      // As the feed or another process would, past the closing at once of the account page's calls.
      await t.app.db.execute(sql`UPDATE accounts SET ${change} WHERE id = ${ids.master1}`);

      const pass = await sendNow();
      expect(pass).toMatchObject({ sent: 1, cancelled: 1, expired: 0 });
      expect(delivered()).toEqual(['master2@example.com']);
      const [statement, control] = await screen();
      expect(shown(statement!)).toEqual(['statement-agent', 'master1@example.com', 'Cancelled', reason]);
      expect(statement).toMatchObject({ state: 'cancelled', attempts: 0, sentAt: null, nextAttemptAt: null });
      expect(shown(control!)).toEqual(['statement-agent', 'master2@example.com', 'Sent', expect.stringMatching(/^250 /)]);
    });
  });

  describe('a password reset link', () => {
    it('is sent while its link can be used; one replaced by a newer link is withdrawn', async () => {
      expect((await forgot('master1')).statusCode).toBe(200);
      expect((await forgot('master1')).statusCode).toBe(200);
      await sendNow();
      // Only the newer link went, and it is the live one.
      expect(delivered()).toEqual(['master1@example.com']);
      const [, newer] = await bodies('password-reset');
      expect(smtp.received[0]!.parsed.text).toContain(`/auth/welcome#${secretIn(newer!.body_text)}`);
      expect((await screen()).map(shown)).toEqual([
        ['password-reset', 'master1@example.com', 'Cancelled', MAIL_REASONS.linkNotValid],
        ['password-reset', 'master1@example.com', 'Sent', expect.stringMatching(/^250 /)],
      ]);
    });

    it('is withdrawn once its link was used', async () => {
      await forgot('master1');
      const [mail] = await bodies('password-reset');
      const used = await t.app.inject({
        method: 'POST',
        url: '/api/auth/link/use',
        payload: { token: secretIn(mail!.body_text), password: STRONG },
      });
      expect(used.statusCode, used.body).toBe(200);
      await sendNow();
      expect(delivered()).toEqual([]);
      expect((await screen()).map(shown)).toEqual([
        ['password-reset', 'master1@example.com', 'Cancelled', MAIL_REASONS.linkNotValid],
      ]);
    });

    it('is withdrawn once its link expired (30 minutes), or was revoked by a block', async () => {
      await forgot('master1');
      t.clock.advance(31 * 60_000);
      await forgot('master2');
      const blocked = await asSuperadmin({ method: 'POST', url: '/api/playrep/blockaccount?username=master2' });
      expect(blocked.statusCode, blocked.body).toBe(200);
      await sendNow();
      expect(delivered()).toEqual([]);
      expect((await screen()).map(shown)).toEqual([
        ['password-reset', 'master1@example.com', 'Cancelled', MAIL_REASONS.linkNotValid],
        ['password-reset', 'master2@example.com', 'Cancelled', MAIL_REASONS.linkNotValid],
      ]);
    });

    it('does not go to an address the account no longer has, though its link is live', async () => {
      await forgot('master1');
      await forgot('master2');
      await t.app.db.execute(sql`UPDATE accounts SET email = 'elsewhere@example.com' WHERE id = ${ids.master1}`);
      await sendNow();
      expect(delivered()).toEqual(['master2@example.com']);
      expect((await screen()).map(shown)).toEqual([
        ['password-reset', 'master1@example.com', 'Cancelled', MAIL_REASONS.addressChanged],
        ['password-reset', 'master2@example.com', 'Sent', expect.stringMatching(/^250 /)],
      ]);
    });
  });

  describe('an address confirmation', () => {
    const setEmail = async (session: TestSession, email: string | null) => {
      const res = await injectAs(t.app, session, { method: 'POST', url: '/api/auth/email', payload: { email } });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('is not sent for an address confirmed already, nor for one replaced by another since', async () => {
      const master1 = await signIn(t.app, 'master1');
      const master2 = await signIn(t.app, 'master2');
      await setEmail(master1, 'one.new@example.com');
      const [first] = await bodies('email-confirmation');
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email/confirm',
        payload: { token: secretIn(first!.body_text) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await setEmail(master2, 'two.first@example.com');
      t.clock.advance(61_000);
      await setEmail(master2, 'two.second@example.com');

      await sendNow();
      expect(delivered()).toEqual(['two.second@example.com']);
      expect((await screen()).map(shown)).toEqual([
        ['email-confirmation', 'one.new@example.com', 'Cancelled', MAIL_REASONS.confirmedAlready],
        ['email-confirmation', 'two.first@example.com', 'Cancelled', MAIL_REASONS.notToConfirm],
        ['email-confirmation', 'two.second@example.com', 'Sent', expect.stringMatching(/^250 /)],
      ]);
    });

    it('is withdrawn once its link expired (24 hours)', async () => {
      await setEmail(await signIn(t.app, 'master1'), 'one.new@example.com');
      t.clock.advance(24 * 3_600_000 + 1_000);
      await sendNow();
      expect(delivered()).toEqual([]);
      expect((await screen()).map(shown)).toEqual([
        ['email-confirmation', 'one.new@example.com', 'Cancelled', MAIL_REASONS.linkNotValid],
      ]);
    });
  });

  describe('any mail', () => {
    it(`held longer than MAIL_MAX_AGE_DAYS (7) expires, never sent: a mail server switched on after a month sends only the younger mail`, async () => {
      // A month without a mail server: the server's sender holds the mail, and expires what waited longer than 7 days.
      const withoutServer = () =>
        startMailSender({
          db: t.app.db,
          clock: t.clock,
          log: { info: () => {}, error: () => {} },
          transport: null,
          from: '',
          render: async () => ({ text: '' }),
          maxAgeDays: t.app.env.MAIL_MAX_AGE_DAYS,
          pollMs: 3_600_000,
        });
      const holdNow = async () => {
        const sender = withoutServer();
        const pass = await sender.firstRun;
        await sender.stop();
        return pass;
      };
      const start = t.clock.now().getTime();
      const at = (days: number) => t.clock.set(new Date(start + days * DAY_MS));
      const mail = (n: number, to: 'master1' | 'master2') => ({ ...statementOf(to), key: `plain:${n}`, subject: `Mail ${n}` });

      await queueMail(t.app.db, mail(1, 'master1'), t.clock.now());
      expect(await holdNow()).toMatchObject({ held: 1, expired: 0 });
      at(10);
      await queueMail(t.app.db, mail(2, 'master1'), t.clock.now());
      // Mail 1 waited 10 days: expired, mail 2 held.
      expect(await holdNow()).toMatchObject({ held: 1, expired: 1 });
      at(27);
      await queueMail(t.app.db, mail(3, 'master2'), t.clock.now());
      expect(await holdNow()).toMatchObject({ held: 1, expired: 1 });
      expect((await screen()).map((m) => [m.subject, m.stateLabel])).toEqual([
        ['Mail 1', 'Expired'],
        ['Mail 2', 'Expired'],
        ['Mail 3', 'Held'],
      ]);

      // Day 30: SMTP_URL set, the server started again. Only mail 3 (3 days old) goes.
      at(30);
      expect(await sendNow()).toMatchObject({ sent: 1, expired: 0, cancelled: 0 });
      expect(smtp.received.map((m) => m.parsed.subject)).toEqual(['Mail 3']);
      const shownNow = await screen();
      expect(shownNow.map((m) => [m.subject, m.state, m.stateLabel, m.lastAnswer, m.sentAt === null])).toEqual([
        ['Mail 1', 'expired', MAIL_STATE_LABELS.expired, MAIL_REASONS.expired(7), true],
        ['Mail 2', 'expired', MAIL_STATE_LABELS.expired, MAIL_REASONS.expired(7), true],
        ['Mail 3', 'sent', MAIL_STATE_LABELS.sent, expect.stringMatching(/^250 /), false],
      ]);
      expect(MAIL_REASONS.expired(7)).toBe('expired: not sent within 7 days');
    });

    it('pending longer than MAIL_MAX_AGE_DAYS, retried by a mail server that does not answer, expires too', async () => {
      smtp.answer = () => ({ accept: false, code: 451, text: 'Try again later' });
      try {
        await queueMail(t.app.db, statementOf('master2'), t.clock.now());
        expect(await sendNow()).toMatchObject({ retrying: 1 });
        t.clock.advance(8 * DAY_MS);
        expect(await sendNow()).toMatchObject({ retrying: 0, expired: 1 });
        expect((await screen()).map(shown)).toEqual([
          ['statement-agent', 'master2@example.com', 'Expired', MAIL_REASONS.expired(7)],
        ]);
        expect(smtp.attempts).toHaveLength(1);
      } finally {
        smtp.answer = () => ({ accept: true });
      }
    });
  });

  describe('a mail the gate cannot vouch for', () => {
    it('is cancelled: a kind of mail it has no rule for, a reset mail queued without naming its link', async () => {
      const at = t.clock.now().toISOString();
      // Rows as an older version may have left them (queueMail refuses both now).
      await t.app.db.execute(
        sql`INSERT INTO outbox (key, kind, account_id, recipient, subject, body_text, next_attempt_at, created_at)
            VALUES ('old:1', 'newsletter', ${ids.master1}, 'master1@example.com', 'Old 1', 'Hello', ${at}, ${at}),
                   ('old:2', 'password-reset', ${ids.master1}, 'master1@example.com', 'Old 2', 'A link', ${at}, ${at})`,
      );
      await sendNow();
      expect(delivered()).toEqual([]);
      expect((await screen()).map((m) => [m.subject, m.stateLabel, m.lastAnswer])).toEqual([
        ['Old 1', 'Cancelled', MAIL_REASONS.unknownKind],
        ['Old 2', 'Cancelled', MAIL_REASONS.linkNotValid],
      ]);
      await expect(
        queueMail(
          t.app.db,
          { key: 'k', kind: 'password-reset', accountId: ids.master1, to: 'a@b.c', subject: 'S', text: 'T' },
          t.clock.now(),
        ),
      ).rejects.toThrow('a password-reset mail names the sign-in link it carries');
    });
  });

  describe('an account that opts out or changes its address', () => {
    const states = async () => (await screen('recipient')).map((m) => [m.recipient, m.stateLabel, m.lastAnswer]);
    beforeEach(async () => {
      expect(await queueWeekStatements(t.app.db, WEEK, t.clock.now())).toBe(2);
    });

    it('closes its waiting statements at once with the account page’s switch, before any sender runs', async () => {
      const master1 = await signIn(t.app, 'master1');
      const off = await injectAs(t.app, master1, { method: 'POST', url: '/api/auth/email/statements', payload: { on: false } });
      expect(off.statusCode, off.body).toBe(200);
      expect(await states()).toEqual([
        ['master1@example.com', 'Cancelled', MAIL_REASONS.statementsOff],
        ['master2@example.com', 'Pending', null],
      ]);
    });

    it('closes them at once with the one-click unsubscribe, without signing in', async () => {
      const query = unsubscribeQuery(await unsubscribeKeyOf(t.app.db)(), ids.master2);
      const res = await t.app.inject({ method: 'POST', url: `/api/mail/unsubscribe?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(await states()).toEqual([
        ['master1@example.com', 'Pending', null],
        ['master2@example.com', 'Cancelled', MAIL_REASONS.statementsOff],
      ]);
    });

    it('closes them at once when the address is removed, or a new one confirmed', async () => {
      const master1 = await signIn(t.app, 'master1');
      const master2 = await signIn(t.app, 'master2');
      const removed = await injectAs(t.app, master1, { method: 'POST', url: '/api/auth/email', payload: { email: null } });
      expect(removed.statusCode, removed.body).toBe(200);
      const set = await injectAs(t.app, master2, {
        method: 'POST',
        url: '/api/auth/email',
        payload: { email: 'two.new@example.com' },
      });
      expect(set.statusCode, set.body).toBe(200);
      // Until the new address is confirmed, the statement goes to the one before it.
      expect((await states())[1]).toEqual(['master2@example.com', 'Pending', null]);
      const [confirmation] = await bodies('email-confirmation');
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email/confirm',
        payload: { token: secretIn(confirmation!.body_text) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await states()).slice(0, 2)).toEqual([
        ['master1@example.com', 'Cancelled', MAIL_REASONS.addressRemoved],
        ['master2@example.com', 'Cancelled', MAIL_REASONS.addressChanged],
      ]);
    });
  });
});
