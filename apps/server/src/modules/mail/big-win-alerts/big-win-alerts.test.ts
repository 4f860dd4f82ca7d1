import type { FeedEventInput } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../../test/fixtures/network.js';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../../../test/smtp-server.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { queryRows } from '../../../db/client.js';
import { buildFeedApp, cafeEvents, type FeedApp } from '../../feed/test-support/feed-fixture.js';
import { statementMailRenderer } from '../../money/statement-mail.js';
import { MAIL_REASONS } from '../gate.js';
import { type MailSender, startOutboxSender } from '../index.js';
import { makeBigWinAlerts } from './make-alerts.js';

/**
 * Big-win alerts end to end (docs/domain.md, "The owner's week"): wins posted through the feed as
 * the platform posts them, the alert pass run at the times its job would run (a manual clock), the
 * outbox's sender handing the mails to a real SMTP server started here, which parses them. Each
 * mail's figures are compared with the plays the test sent, formatted here.
 *
 *   am1 (alerts on, 10,000) ┬ master1 (alerts on, 5,000) > player1 (Cafe One)
 *                           └ master2 (alerts on, 10,000) > player2 (Cafe Two)
 *   am2 (alerts on, 10,000) > master3 > player3 (Cafe Three)       sam1: an address, alerts off
 */
const PUBLIC = 'https://backoffice.example.com';
const T0 = '2025-03-12T12:00:00+05:30';
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const FUN_TARGET = { code: 'MNOQqWWi', name: 'Fun Target' };
const FUN_AB = { code: 'qZicXikM', name: 'Fun AB' };
const CAFES: Record<string, { cafeId: string; cafe: string; agent: string }> = {
  player1: { cafeId: 'cafe-m1', cafe: 'Cafe One', agent: 'master1' },
  player2: { cafeId: 'cafe-m2', cafe: 'Cafe Two', agent: 'master2' },
  player3: { cafeId: 'cafe-m3', cafe: 'Cafe Three', agent: 'master3' },
};

interface Win {
  id: string;
  member: 'player1' | 'player2' | 'player3';
  game: { code: string; name: string };
  stake: number;
  win: number;
  /** The play's instant; its draw is on the whole minute after it. */
  at: Date;
}

const drawOf = (at: Date) => new Date(Math.ceil(at.getTime() / MINUTE) * MINUTE);
const playEvent = (w: Win): FeedEventInput => ({
  id: w.id,
  type: 'play',
  playId: w.id,
  member: w.member,
  cafeId: CAFES[w.member]!.cafeId,
  game: w.game.code,
  drawAt: drawOf(w.at).toISOString(),
  stake: w.stake,
  win: w.win,
  at: w.at.toISOString(),
});

// Written here, not with the product's formatters: en-IN points, IST instants.
const points = (n: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
function ist(instant: Date): string {
  const c = new Date(instant.getTime() + 330 * MINUTE);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = c.getUTCHours();
  return `${two(c.getUTCDate())}/${two(c.getUTCMonth() + 1)}/${c.getUTCFullYear()}, ${h % 12 || 12}:${two(c.getUTCMinutes())}:${two(c.getUTCSeconds())} ${h < 12 ? 'am' : 'pm'}`;
}

/** The lines a win must have in the mail's text. */
function expectedLines(w: Win): string[] {
  const { cafe, agent } = CAFES[w.member]!;
  const names: Record<string, string> = { player1: 'Player Number 1', player2: 'Player Number 2', player3: 'Player Number 3' };
  return [
    `${w.member} (${names[w.member]}) won ${points(w.win)} points`,
    `  Cafe ${cafe}, agent ${agent}, played ${ist(w.at)}`,
    `  ${w.game.name}, draw ${ist(drawOf(w.at))}: play ${points(w.stake)}, win ${points(w.win)}`,
  ];
}

describe.each(TEST_DB_KINDS)('big-win alerts on %s', (kind) => {
  let f: FeedApp;
  let smtp: TestSmtpServer;
  let sender: MailSender;
  const t0 = new Date(T0);
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const db = () => f.t.app.db;
  const clockTo = (ms: number) => f.t.clock.set(at(ms));
  const post = async (events: FeedEventInput[]) => {
    const res = await f.post(events);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** What the alert job does at the clock's time, then a pass of the sender. */
  const alertPass = async () => {
    const pass = await makeBigWinAlerts(db(), { now: f.t.clock.now(), publicUrl: PUBLIC });
    await sender.runNow();
    return pass;
  };
  const mailsTo = (username: string): ReceivedMail[] => smtp.received.filter((m) => m.to.includes(`${username}@example.com`));
  const newsCount = async () => Number((await queryRows<{ n: string }>(db(), sql`SELECT count(*) AS n FROM big_win_news`))[0]!.n);
  const setAlerts = (username: string, on: boolean, thresholdPoints = 10_000) =>
    db().execute(
      sql`UPDATE accounts SET big_win_emails = ${on}, big_win_threshold_cents = ${thresholdPoints * 100}
           WHERE id = ${f.ids[username as keyof typeof f.ids]}`,
    );

  beforeAll(async () => {
    smtp = await startSmtpServer();
    f = await buildFeedApp(kind, {
      now: T0,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Playrep <alerts@playrep.test>', PUBLIC_URL: PUBLIC },
    });
    sender = startOutboxSender(f.t.app, statementMailRenderer(db(), f.t.clock), { pollMs: 3_600_000 });
    await sender.firstRun;
    await post(cafeEvents());
    for (const name of ['am1', 'am2', 'master1', 'master2', 'sam1'])
      await db().execute(
        sql`UPDATE accounts SET email = ${`${name}@example.com`}, email_verified = true WHERE username = ${name}`,
      );
  });
  afterAll(async () => {
    await sender?.stop();
    await f?.close();
    await smtp?.close();
  });

  it('captures nothing and mails nobody while nobody has alerts on', async () => {
    clockTo(-10 * MINUTE);
    await post([
      playEvent({ id: 'before', member: 'player1', game: FUN_TARGET, stake: 2_000, win: 18_000, at: at(-11 * MINUTE) }),
    ]);
    expect(await newsCount()).toBe(0);
    clockTo(-10 * MINUTE + 15 * SECOND);
    expect(await alertPass()).toEqual({ handedOut: 0, queued: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  // The first wins: player1's big one, player2's small one, player3's (am2's network).
  const a: Win = { id: 'win-a', member: 'player1', game: FUN_TARGET, stake: 1_350.5, win: 12_154.5, at: at(-40 * SECOND) };
  const small: Win = { id: 'win-small', member: 'player2', game: FUN_AB, stake: 50, win: 600, at: at(-30 * SECOND) };
  const far: Win = { id: 'win-far', member: 'player3', game: FUN_AB, stake: 2_000, win: 24_000, at: at(-20 * SECOND) };

  it('mails the first big win within 60 seconds of its arrival, to each person above it whose threshold it reaches', async () => {
    await setAlerts('am1', true);
    await setAlerts('master1', true, 5_000);
    await setAlerts('master2', true);
    await setAlerts('am2', true);
    clockTo(0);
    await post([a, small, far].map(playEvent));
    // Captured at or above the lowest threshold of those with alerts on (master1's 5,000): not the small one.
    expect(await newsCount()).toBe(2);
    // The alert job's next run (every 15 seconds), then the sender's.
    clockTo(15 * SECOND);
    expect(await alertPass()).toEqual({ handedOut: 3, queued: 3 });
    const sent = await queryRows<{ recipient: string; sent_at: Date | string; state: string }>(
      db(),
      sql`SELECT recipient, sent_at, state::text AS state FROM outbox WHERE kind = 'big-win-alert' ORDER BY recipient`,
    );
    expect(sent.map((m) => [m.recipient, m.state])).toEqual([
      ['am1@example.com', 'sent'],
      ['am2@example.com', 'sent'],
      ['master1@example.com', 'sent'],
    ]);
    for (const mail of sent) expect(new Date(mail.sent_at).getTime() - t0.getTime()).toBeLessThanOrEqual(60 * SECOND);

    // am1: player1's win only (player2's is below every threshold, player3's outside its network).
    const [toAm1] = mailsTo('am1');
    expect(mailsTo('am1')).toHaveLength(1);
    expect(toAm1!.parsed.subject).toBe(`Big win: player1 won ${points(a.win)} points`);
    const text = toAm1!.parsed.text!;
    expect(text).toContain(`at or above your threshold of ${points(10_000)} points`);
    expect(text).toContain(expectedLines(a).join('\n'));
    expect(text).toContain(`Member page: ${PUBLIC}/areamanager/reports/member?username=player1`);
    expect(text).toContain(`Today: ${PUBLIC}/areamanager/today`);
    expect(text).not.toContain('player2');
    expect(text).not.toContain('player3');
    const html = String(toAm1!.parsed.html);
    expect(html).toContain(`href="${PUBLIC}/areamanager/reports/member?username=player1"`);
    expect(html).toContain(`href="${PUBLIC}/areamanager/today"`);
    // master1 has its own threshold and its own links; am2 gets player3's; master2 nothing (below its threshold).
    expect(mailsTo('master1')[0]!.parsed.text).toContain(`at or above your threshold of ${points(5_000)} points`);
    expect(mailsTo('master1')[0]!.parsed.text).toContain(`${PUBLIC}/master/reports/member?username=player1`);
    expect(mailsTo('am2')[0]!.parsed.text).toContain(expectedLines(far).join('\n'));
    expect(mailsTo('master2')).toHaveLength(0);
    expect(mailsTo('sam1')).toHaveLength(0);
  });

  // Within am1's 15 minutes: two more of its network's wins, and one voided before its alert goes.
  const b: Win = { id: 'win-b', member: 'player1', game: FUN_AB, stake: 1_250, win: 15_000, at: at(5 * MINUTE - 10 * SECOND) };
  const voided: Win = { id: 'win-voided', member: 'player1', game: FUN_TARGET, stake: 1_500, win: 13_500, at: at(6 * MINUTE) };
  const c: Win = { id: 'win-c', member: 'player2', game: FUN_TARGET, stake: 1_222.22, win: 10_999.98, at: at(9 * MINUTE) };

  it('holds the wins of the next 15 minutes and mails them in one mail at the 15-minute mark, biggest first', async () => {
    clockTo(5 * MINUTE);
    await post([playEvent(b)]);
    clockTo(5 * MINUTE + 15 * SECOND);
    expect((await alertPass()).queued).toBe(0);
    clockTo(6 * MINUTE + 30 * SECOND);
    await post([
      playEvent(voided),
      {
        id: 'void-it',
        type: 'play.voided',
        playId: voided.id,
        at: at(6 * MINUTE + 20 * SECOND).toISOString(),
        reason: 'stake entered twice',
      },
    ]);
    clockTo(9 * MINUTE + 30 * SECOND);
    await post([playEvent(c)]);
    // master2's first alert goes at once; am1's and master1's wait, run after run of the job, until the mark.
    clockTo(9 * MINUTE + 45 * SECOND);
    expect((await alertPass()).queued).toBe(1);
    expect(mailsTo('master2')).toHaveLength(1);
    for (let ms = 10 * MINUTE; ms < 15 * MINUTE + 15 * SECOND; ms += MINUTE) {
      clockTo(ms);
      expect((await alertPass()).queued).toBe(0);
    }
    expect(mailsTo('am1')).toHaveLength(1);
    expect(mailsTo('master1')).toHaveLength(1);

    // 15 minutes after their first alert (made at 15 s): one mail each.
    clockTo(15 * MINUTE + 15 * SECOND);
    expect((await alertPass()).queued).toBe(2);
    expect(mailsTo('am1')).toHaveLength(2);
    const second = mailsTo('am1')[1]!;
    expect(second.parsed.subject).toBe(`2 big wins in your network, the biggest ${points(b.win)} points (player1)`);
    const text = second.parsed.text!;
    expect(text).toContain(
      `${expectedLines(b).join('\n')}\n  Member page: ${PUBLIC}/areamanager/reports/member?username=player1\n\n${expectedLines(c).join('\n')}`,
    );
    expect(text).not.toContain(points(voided.win));
    // master1: its member's win only; master2: player2's, its first alert, made as the win arrived.
    expect(mailsTo('master1')[1]!.parsed.text).toContain(expectedLines(b).join('\n'));
    expect(mailsTo('master1')[1]!.parsed.text).not.toContain('player2');
    expect(mailsTo('master2')).toHaveLength(1);
    expect(mailsTo('master2')[0]!.parsed.text).toContain(expectedLines(c).join('\n'));
    // Nothing is left waiting.
    expect(await queryRows(db(), sql`SELECT * FROM big_win_alert_wins`)).toEqual([]);
  });

  it('cancels an alert made before its person turned alerts off, and mails nothing to them', async () => {
    const d: Win = { id: 'win-d', member: 'player1', game: FUN_TARGET, stake: 2_000, win: 18_000, at: at(31 * MINUTE) };
    clockTo(31 * MINUTE);
    await post([playEvent(d)]);
    // The alert is made (am1's and master1's), then master1 turns alerts off before the sender takes it.
    await makeBigWinAlerts(db(), { now: at(31 * MINUTE + 15 * SECOND), publicUrl: PUBLIC });
    await setAlerts('master1', false);
    clockTo(31 * MINUTE + 20 * SECOND);
    await sender.runNow();
    const alerts = await queryRows<{ recipient: string; state: string; last_answer: string }>(
      db(),
      sql`SELECT recipient, state::text AS state, last_answer FROM outbox
           WHERE kind = 'big-win-alert' AND created_at = ${at(31 * MINUTE + 15 * SECOND).toISOString()}::timestamptz ORDER BY recipient`,
    );
    expect(alerts.map((m) => [m.recipient, m.state, m.state === 'sent' ? '' : m.last_answer])).toEqual([
      ['am1@example.com', 'sent', ''],
      ['master1@example.com', 'cancelled', MAIL_REASONS.bigWinAlertsOff],
    ]);
    expect(mailsTo('master1')).toHaveLength(2);
    expect(mailsTo('am1')).toHaveLength(3);
  });

  it('drops the waiting wins of a person who turned alerts off, and captures nothing once nobody has them on', async () => {
    // am1's next alert is due 15 minutes after its last (31:15): a win waits for it, then am1 turns alerts off.
    const e: Win = { id: 'win-e', member: 'player1', game: FUN_TARGET, stake: 2_500, win: 22_500, at: at(35 * MINUTE) };
    clockTo(35 * MINUTE);
    await post([playEvent(e)]);
    clockTo(35 * MINUTE + 15 * SECOND);
    expect(await alertPass()).toEqual({ handedOut: 1, queued: 0 });
    await setAlerts('am1', false);
    clockTo(46 * MINUTE + 30 * SECOND);
    expect((await alertPass()).queued).toBe(0);
    expect(mailsTo('am1')).toHaveLength(3);
    expect(await queryRows(db(), sql`SELECT * FROM big_win_alert_wins`)).toEqual([]);

    // Nobody with alerts on any more: a win is not even captured.
    await setAlerts('master2', false);
    await setAlerts('am2', false);
    const before = await newsCount();
    clockTo(50 * MINUTE);
    await post([playEvent({ id: 'win-f', member: 'player1', game: FUN_TARGET, stake: 3_000, win: 27_000, at: at(49 * MINUTE) })]);
    expect(await newsCount()).toBe(before);
    clockTo(50 * MINUTE + 15 * SECOND);
    expect(await alertPass()).toEqual({ handedOut: 0, queued: 0 });
    expect(
      await queryRows(db(), sql`SELECT * FROM outbox WHERE kind = 'big-win-alert' AND state IN ('pending', 'held')`),
    ).toEqual([]);
  });

  it('cancels, never sends, an alert whose account was blocked, became inactive or changed its address before it went', async () => {
    for (const name of ['am1', 'master2', 'am2']) await setAlerts(name, true);
    clockTo(60 * MINUTE);
    const wins: Win[] = [
      { id: 'win-g', member: 'player1', game: FUN_TARGET, stake: 1_500, win: 13_500, at: at(59 * MINUTE) },
      { id: 'win-h', member: 'player3', game: FUN_TARGET, stake: 1_600, win: 14_400, at: at(59 * MINUTE) },
    ];
    await post(wins.map(playEvent));
    // player1's win goes to am1 only (master1 has alerts off); player3's to am2; master2 gets player2's below.
    await post([playEvent({ id: 'win-i', member: 'player2', game: FUN_AB, stake: 1_000, win: 12_000, at: at(59 * MINUTE) })]);
    const received = smtp.received.length;
    clockTo(60 * MINUTE + 15 * SECOND);
    expect(await makeBigWinAlerts(db(), { now: f.t.clock.now(), publicUrl: PUBLIC })).toEqual({ handedOut: 4, queued: 3 });
    await db().execute(
      sql`UPDATE accounts SET blocked_at = ${f.t.clock.now().toISOString()}::timestamptz WHERE username = 'am1'`,
    );
    await db().execute(sql`UPDATE accounts SET user_status = false WHERE username = 'master2'`);
    await db().execute(sql`UPDATE accounts SET email = 'someone.else@example.com' WHERE username = 'am2'`);
    await sender.runNow();
    const closed = await queryRows<{ recipient: string; state: string; last_answer: string }>(
      db(),
      sql`SELECT recipient, state::text AS state, last_answer FROM outbox
           WHERE kind = 'big-win-alert' AND created_at = ${f.t.clock.now().toISOString()}::timestamptz ORDER BY recipient`,
    );
    expect(closed.map((m) => [m.recipient, m.state, m.last_answer])).toEqual([
      ['am1@example.com', 'cancelled', MAIL_REASONS.accountBlocked],
      ['am2@example.com', 'cancelled', MAIL_REASONS.addressChanged],
      ['master2@example.com', 'cancelled', MAIL_REASONS.accountInactive],
    ]);
    expect(smtp.received).toHaveLength(received);
  });
  it('writes the alert in the language its person chose on the account page (read when the alert is made)', async () => {
    await db().execute(sql`UPDATE accounts SET email = 'am2@example.com' WHERE username = 'am2'`);
    const session = await signIn(f.t.app, 'am2');
    const chosen = await injectAs(f.t.app, session, { method: 'POST', url: '/api/auth/language', payload: { language: 'hi' } });
    expect(chosen.statusCode).toBe(200);
    clockTo(90 * MINUTE);
    const win: Win = { id: 'win-hindi', member: 'player3', game: FUN_AB, stake: 2_500, win: 22_500, at: at(89 * MINUTE) };
    await post([playEvent(win)]);
    clockTo(90 * MINUTE + 15 * SECOND);
    expect(await alertPass()).toEqual({ handedOut: 1, queued: 1 });
    const [mail] = mailsTo('am2').slice(-1);
    // The alert's Hindi words (alert-mail.ts), with the figures, names and links as they are.
    expect(mail!.parsed.subject).toBe(`बड़ी जीत: player3 ने ${points(win.win)} पॉइंट जीते`);
    const text = mail!.parsed.text!;
    expect(text).toContain(`आपकी ${points(10_000)} पॉइंट की सीमा या उससे ऊपर`);
    expect(text).toContain(`player3 (Player Number 3) ने ${points(win.win)} पॉइंट जीते`);
    expect(text).toContain(`${PUBLIC}/areamanager/reports/member?username=player3`);
    expect(text).not.toMatch(/\bwon\b|threshold|Member page/);
  });
});
