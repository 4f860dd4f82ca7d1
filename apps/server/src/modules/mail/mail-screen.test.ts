import {
  type ActivityResponse,
  MAIL_SCREEN_MESSAGES,
  type MailOutboxResponse,
  type MailPreviewResponse,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { statementMailRenderer } from '../money/statement-mail.js';
import { buildMoneyNetwork, type Ids, NOW, WEEKS } from '../money/test-support/money-fixture.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import { MAIL_REASONS } from './gate.js';
import { HELD_ANSWER, queueMail, startOutboxSender } from './index.js';

/**
 * The Mail screen's calls (superadmin): the outbox paged, sorted and filtered on the server, with
 * its export; one mail's preview, its secrets hidden and its opening recorded; retry now;
 * discarding one waiting mail or every held one, recorded. Without SMTP_URL, so every mail the
 * sender would take is held.
 */
describe.each(TEST_DB_KINDS)('the Mail screen’s calls on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  let superadmin: TestSession;
  const outbox = async (query = '') => {
    const res = await injectAs(t.app, superadmin, { url: `/api/playrep/mailoutbox${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MailOutboxResponse;
  };
  const post = (url: string) => injectAs(t.app, superadmin, { method: 'POST', url });
  const activity = async (kind: 'mail-discarded' | 'mail-previewed') => {
    const res = await injectAs(t.app, superadmin, { url: `/api/playrep/activity?kind=${kind}&sort=at&order=asc` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ActivityResponse).data.map((e) => [e.kindLabel, e.actor, e.subject, e.details]);
  };
  const mailIdOf = async (key: string) =>
    String(
      ((await t.app.db.execute(sql`SELECT id FROM outbox WHERE key = ${key}`)) as unknown as { rows: { id: number }[] }).rows[0]!
        .id,
    );

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    for (const name of ['master1', 'am1'] as const) {
      await t.app.db.execute(
        sql`UPDATE accounts SET email = ${`${name}@example.com`}, email_verified = true WHERE id = ${ids[name]}`,
      );
    }
    // Six statements (master1 and am1, three closed weeks), then three plain mails in every state.
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    t.clock.advance(60_000);
    for (const [n, state] of [
      [1, 'sent'],
      [2, 'failed'],
      [3, 'pending'],
    ] as const) {
      await queueMail(
        t.app.db,
        {
          key: `plain:${n}`,
          kind: 'email-confirmation',
          accountId: ids.player1,
          to: `zeta${n}@example.com`,
          subject: `Plain ${n}`,
          text: `Body ${n}`,
        },
        t.clock.now(),
      );
      await t.app.db.execute(sql`UPDATE outbox SET state = ${state}, attempts = ${n}, last_answer = ${`answer ${n}`},
                                 sent_at = ${state === 'sent' ? t.clock.now().toISOString() : null}::timestamptz
                                 WHERE key = ${`plain:${n}`}`);
    }
    superadmin = await signIn(t.app, 'superadmin');
  });
  afterAll(async () => t?.close());

  it('pages the outbox on the server, newest first, with the counts by state', async () => {
    const first = await outbox('?pageSize=4');
    expect([first.total, first.page, first.pageSize]).toEqual([9, 1, 4]);
    expect(first.counts).toEqual({ pending: 7, held: 0, sent: 1, failed: 1, cancelled: 0, expired: 0 });
    expect(first.data.map((m) => m.subject)).toEqual(['Plain 3', 'Plain 2', 'Plain 1', expect.stringMatching(/statement/)]);
    expect(first.data[0]).toMatchObject({
      state: 'pending',
      stateLabel: 'Pending',
      kind: 'email-confirmation',
      kindLabel: 'Email confirmation',
      recipient: 'zeta3@example.com',
      username: 'player1',
      week: null,
      attempts: 3,
      lastAnswer: 'answer 3',
      sentAt: null,
    });
    const third = await outbox('?pageSize=4&page=3');
    expect(third.data).toHaveLength(1);
  });

  it('sorts by any column, both ways, and filters by state, kind, recipient or account, and week', async () => {
    const byRecipient = await outbox('?sort=recipient&order=asc&pageSize=100');
    const recipients = byRecipient.data.map((m) => m.recipient);
    expect(recipients).toEqual([...recipients].sort());
    const byAttempts = await outbox('?sort=attempts&order=desc&pageSize=2');
    expect(byAttempts.data.map((m) => m.attempts)).toEqual([3, 2]);

    expect((await outbox('?state=failed')).data.map((m) => m.subject)).toEqual(['Plain 2']);
    const statements = await outbox('?kind=statement-agent');
    expect(statements.data.map((m) => [m.recipient, m.week])).toEqual(
      WEEKS.slice(0, 3)
        .reverse()
        .map((w) => ['master1@example.com', w]),
    );
    expect((await outbox('?recipient=AM1')).total).toBe(3);
    // Any day of the week: Thursday of WEEKS[1] (2025-02-24).
    expect((await outbox('?week=27-Feb-2025&sort=recipient&order=asc')).data.map((m) => [m.username, m.week])).toEqual([
      ['am1', WEEKS[1]],
      ['master1', WEEKS[1]],
    ]);
    const bad = await injectAs(t.app, superadmin, { url: '/api/playrep/mailoutbox?sort=colour' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('must be one of createdAt');
  });

  it('exports every mail the filters select, not one page, as CSV', async () => {
    const res = await injectAs(t.app, superadmin, { url: '/api/playrep/mailoutbox?format=csv&pageSize=1&state=pending' });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Queued,State,Kind,Recipient,Account,Week,Attempts,Last Answer,Sent');
    expect(lines).toHaveLength(1 + 7);
    expect(lines[1]).toMatch(/,Pending,Email confirmation,zeta3@example.com,player1,,3,answer 3,$/);
  });

  it('previews a plain mail as queued, and a statement not sent yet as it would be built now', async () => {
    const plain = await injectAs(t.app, superadmin, { url: `/api/playrep/mailpreview?mailId=${await mailIdOf('plain:1')}` });
    expect(plain.json()).toMatchObject({ text: 'Body 1', asSent: true, attachments: [] });

    const key = `statement:agent:${WEEKS[2]}:${ids.master1}`;
    const res = await injectAs(t.app, superadmin, { url: `/api/playrep/mailpreview?mailId=${await mailIdOf(key)}` });
    const preview = res.json() as MailPreviewResponse;
    expect(preview.asSent).toBe(false);
    expect(preview.text).toContain('Agent Mail Details of master1');
    expect(preview.text).toContain('Paid:');
    expect(preview.attachments).toEqual([`agent-mail-master1-${WEEKS[2]}-to-2025-03-09.pdf`]);
    // The unsubscribe link's signature is a secret: hidden.
    expect(preview.text).toContain(`/mail/unsubscribe?account=${ids.master1}&token=(hidden)`);
    expect(preview.text).not.toMatch(/token=(?!\(hidden\))/);

    const missing = await injectAs(t.app, superadmin, { url: '/api/playrep/mailpreview?mailId=999999' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, MAIL_SCREEN_MESSAGES.noSuchMail]);
  });

  it('without a mail server, keeps a retried mail held and says so; refuses a sent one', async () => {
    const retry = (id: string) => post(`/api/playrep/mailretry?mailId=${id}`);
    const failed = await retry(await mailIdOf('plain:2'));
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      message: MAIL_SCREEN_MESSAGES.retryingHeld,
      mail: { state: 'held', stateLabel: 'Held', attempts: 0, lastAnswer: HELD_ANSWER },
    });
    const sent = await retry(await mailIdOf('plain:1'));
    expect([sent.statusCode, sent.json().message]).toEqual([409, MAIL_SCREEN_MESSAGES.alreadySent]);
    const unknown = await retry('424242');
    expect(unknown.statusCode).toBe(404);
    const garbage = await retry('abc');
    expect(garbage.statusCode).toBe(400);

    // The sender (none configured) holds the statements; the gate closes the confirmation mail
    // pending for an address that is not one to confirm.
    const sender = startOutboxSender(t.app, statementMailRenderer(t.app.db, t.clock), { pollMs: 3_600_000 });
    await sender.firstRun;
    await sender.stop();
    const held = await outbox('?state=held&pageSize=100');
    expect(held.total).toBe(7);
    expect(held.data.every((m) => m.lastAnswer === HELD_ANSWER)).toBe(true);
    const cancelled = await outbox('?state=cancelled');
    expect(cancelled.data.map((m) => [m.subject, m.stateLabel, m.lastAnswer])).toEqual([
      ['Plain 3', 'Cancelled', MAIL_REASONS.notToConfirm],
    ]);

    // A held mail retried stays held; a closed one is never sent.
    const statement = await mailIdOf(`statement:agent:${WEEKS[0]}:${ids.master1}`);
    const again = await retry(statement);
    expect(again.json()).toMatchObject({ message: MAIL_SCREEN_MESSAGES.retryingHeld, mail: { state: 'held' } });
    const closed = await retry(await mailIdOf('plain:3'));
    expect([closed.statusCode, closed.json().message]).toEqual([409, MAIL_SCREEN_MESSAGES.closed]);
  });

  it('discards one held or pending mail, recorded in the activity; refuses any other', async () => {
    const statement = await mailIdOf(`statement:agent:${WEEKS[0]}:${ids.master1}`);
    const discard = (id: string) => post(`/api/playrep/maildiscard?mailId=${id}`);
    const res = await discard(statement);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The mail was discarded: it will not be sent.',
      mail: { _id: statement, state: 'cancelled', stateLabel: 'Cancelled', lastAnswer: 'cancelled: discarded by superadmin' },
    });
    const twice = await discard(statement);
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      'Only a held or pending mail can be discarded: this one is cancelled.',
    ]);
    const sent = await discard(await mailIdOf('plain:1'));
    expect([sent.statusCode, sent.json().message]).toEqual([
      409,
      'Only a held or pending mail can be discarded: this one is sent.',
    ]);
    const unknown = await discard('424242');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MAIL_SCREEN_MESSAGES.noSuchMail]);
    expect(await activity('mail-discarded')).toEqual([
      ['Mail discarded', 'superadmin', 'master1', `mail ${statement}: Agent Mail statement to master1@example.com`],
    ]);
  });

  it('discards every held mail at once, recorded; then finds none', async () => {
    const before = await outbox();
    expect(before.counts.held).toBe(6);
    const res = await post('/api/playrep/maildiscardheld');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: '6 held mails discarded: they will not be sent.', discarded: 6 });
    const after = await outbox();
    expect(after.counts).toMatchObject({ held: 0, cancelled: before.counts.cancelled + 6 });
    const none = await post('/api/playrep/maildiscardheld');
    expect(none.json()).toEqual({ message: 'No mail is held: nothing was discarded.', discarded: 0 });
    expect((await activity('mail-discarded')).at(-1)).toEqual(['Mail discarded', 'superadmin', '', 'every held mail: 6']);
    expect(await activity('mail-discarded')).toHaveLength(2);
    const unknownParam = await post('/api/playrep/maildiscardheld?mailId=1');
    expect(unknownParam.statusCode).toBe(400);
  });

  it('previews a password reset and a confirmation with their secrets hidden, and records each opening', async () => {
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { username: 'master1' } });
    expect(forgot.statusCode).toBe(200);
    const master1 = await signIn(t.app, 'master1');
    const set = await injectAs(t.app, master1, {
      method: 'POST',
      url: '/api/auth/email',
      payload: { email: 'one.new@example.com' },
    });
    expect(set.statusCode).toBe(200);
    const [reset, confirmation] = (
      (await t.app.db.execute(
        sql`SELECT id::text AS id, body_text FROM outbox WHERE kind IN ('password-reset', 'email-confirmation') AND key NOT LIKE 'plain:%' ORDER BY id`,
      )) as unknown as { rows: { id: string; body_text: string }[] }
    ).rows;
    const before = (await activity('mail-previewed')).length;
    for (const [mail, page] of [
      [reset!, '/auth/welcome'],
      [confirmation!, '/auth/confirm-email'],
    ] as const) {
      const secret = /#([A-Za-z0-9_-]{43})/.exec(mail.body_text)![1]!;
      const res = await injectAs(t.app, superadmin, { url: `/api/playrep/mailpreview?mailId=${mail.id}` });
      const preview = res.json() as MailPreviewResponse;
      expect(preview.text).toContain(`http://localhost:3000${page}#(hidden)`);
      expect(preview.text).not.toContain(secret);
      expect(preview.text).not.toMatch(/#(?!\(hidden\))/);
    }
    const previews = await activity('mail-previewed');
    expect(previews.slice(before)).toEqual([
      ['Mail previewed', 'superadmin', 'master1', `mail ${reset!.id}: Password reset link to master1@example.com`],
      ['Mail previewed', 'superadmin', 'master1', `mail ${confirmation!.id}: Email confirmation to one.new@example.com`],
    ]);
  });

  it('is the superadmin’s only', async () => {
    const admin = await signIn(t.app, 'admin1');
    const res = await injectAs(t.app, admin, { url: '/api/playrep/mailoutbox' });
    expect([res.statusCode, res.json().message]).toEqual([403, 'Not allowed']);
  });
});
