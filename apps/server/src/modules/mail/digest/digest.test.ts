import { formatPoints, formatWhole } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn, type TestSession } from '../../../../test/fixtures/network.js';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../../../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../../test/test-db.js';
import { type Queryable, queryRows } from '../../../db/client.js';
import { centsToPoints } from '../../../lib/money.js';
import { statementMailRenderer } from '../../money/statement-mail.js';
import {
  buildMoneyNetwork,
  type Cafe,
  cents,
  type Ids,
  PLAYS,
  type Play,
  type Username,
} from '../../money/test-support/money-fixture.js';
import { type MailSender, startOutboxSender } from '../index.js';
import { digestFigures } from './figures.js';
import { makeDueDigests } from './make.js';
import { digestSections } from './render.js';
import { digestLinksOf } from './routes.js';

/**
 * The daily digest (docs/domain.md, "The owner's week"): its figures are Today's for yesterday as
 * a whole day (checked against the plays put in and against Today's own answer at the day's last
 * instant), each of its lines equals the report it links to for that day, it is made once a day at
 * the person's hour, "send me the digest now" is limited, and it reaches a real SMTP server with
 * its own one-click unsubscribe, which turns the digest alone off.
 */
const PUBLIC = 'https://backoffice.example.com';
const YESTERDAY = '2025-03-12';
const LAST_WEEK_DAY = '2025-03-05';
/** Thursday 13-Mar-2025, 08:30 IST: before the default hour (09:00). */
const MORNING = '2025-03-13T08:30:00+05:30';

const p = (member: Username, cafe: Cafe, game: number, play: number, win: number, at: string): Play => ({
  member,
  cafe,
  game,
  play,
  win,
  at,
});
// Yesterday: two big wins (one at master2's cafe, by master1's member), losing cafes; master3 has no play.
const YESTERDAY_PLAYS: Play[] = [
  p('player1', 'cafe2', 2, 100, 15_000, '2025-03-12T00:00:00+05:30'),
  p('player2', 'cafe2', 1, 500, 0, '2025-03-12T10:00:00+05:30'),
  p('player1b', 'cafe1a', 3, 250.5, 12_000.25, '2025-03-12T11:00:00+05:30'),
  p('player2', 'cafe1a', 1, 80, 0, '2025-03-12T23:59:59+05:30'),
];
// The same day last week, to its first and last second.
const LAST_WEEK_PLAYS: Play[] = [
  p('player3', 'cafe3', 1, 40, 0, '2025-03-05T00:00:00+05:30'),
  p('player2', 'cafe1a', 2, 60, 75.5, '2025-03-05T09:15:00+05:30'),
  p('player2', 'cafe2', 1, 900, 0, '2025-03-05T18:00:00+05:30'),
  p('player1', 'cafe3b', 4, 33, 10, '2025-03-05T23:59:59+05:30'),
];
const UNDER: Record<'superadmin' | 'am1' | 'master1', readonly Username[]> = {
  superadmin: ['player1', 'player1b', 'player2', 'player3'],
  am1: ['player1', 'player1b', 'player2'],
  master1: ['player1', 'player1b'],
};
const ROLE = { superadmin: 'superadmin', am1: 'areamanager', master1: 'master' } as const;

const istDayOf = (at: string) => new Date(Date.parse(at) + 19_800_000).toISOString().slice(0, 10);
const sumPoints = (values: readonly number[]) => values.reduce((s, v) => s + cents(v), 0) / 100;
/** The figures of a whole day, written from the plays put in. */
const figuresOf = (who: keyof typeof UNDER, day: string) => {
  const plays = [...PLAYS, ...YESTERDAY_PLAYS, ...LAST_WEEK_PLAYS].filter(
    (x) => UNDER[who].includes(x.member) && !x.booked && istDayOf(x.at) === day,
  );
  return {
    profit: sumPoints(plays.map((x) => x.play - x.win)),
    stake: sumPoints(plays.map((x) => x.play)),
    plays: plays.length,
    activeMembers: new Set(plays.map((x) => x.member)).size,
  };
};

async function addPlays(db: Queryable, ids: Ids): Promise<void> {
  for (const play of [...YESTERDAY_PLAYS, ...LAST_WEEK_PLAYS]) {
    await db.execute(
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
          VALUES (${ids[play.member]}, (SELECT id FROM cafes WHERE name = ${play.cafe}), ${play.game}, ${cents(play.play)},
                  ${cents(play.win)}, ${play.at}::timestamptz)`,
    );
  }
}

/** A header of the mail as it was sent (unfolded), without its name. */
function header(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line
    .replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim();
}

describe.each(TEST_DB_KINDS)('daily digest on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  let smtp: TestSmtpServer;
  const senders: MailSender[] = [];
  let address = 0;
  /** Signed in now (the clock's time), from an address of its own. */
  const session = (who: Username) => signIn(t.app, who, { remoteAddress: `10.7.0.${++address}` });
  const call = (who: TestSession, path: string, method: 'GET' | 'POST' = 'GET') =>
    injectAs(t.app, who, { method, url: `/api/playrep/${path}`, headers: { origin: 'http://localhost' } });
  const ok = async <T>(who: TestSession, path: string, method: 'GET' | 'POST' = 'GET'): Promise<T> => {
    const res = await call(who, path, method);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const digests = (username: Username) =>
    queryRows<{ key: string; state: string; last_answer: string | null; body_text: string }>(
      t.app.db,
      sql`SELECT key, state::text AS state, last_answer, body_text FROM outbox WHERE kind = 'digest' AND account_id = ${ids[username]} ORDER BY id`,
    );

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Playrep <reports@playrep.test>', PUBLIC_URL: PUBLIC },
    });
    t.clock.set(MORNING);
    ids = await buildMoneyNetwork(t.app.db);
    await addPlays(t.app.db, ids);
    for (const name of ['superadmin', 'am1', 'master1', 'master2', 'player1'] as const) {
      await t.app.db.execute(
        sql`UPDATE accounts SET email = ${`${name}@example.com`}, email_verified = true WHERE id = ${ids[name]}`,
      );
    }
    // A transfer waiting for master1: sent by am1 yesterday, not accepted yet.
    await t.app.db.execute(
      sql`INSERT INTO transfers (from_id, to_id, amount_cents, channel, status, created_at)
          VALUES (${ids.am1}, ${ids.master1}, 12345, 'single', 'pending', '2025-03-12T08:00:00+05:30')`,
    );
  });
  afterAll(async () => {
    await Promise.all(senders.map((s) => s.stop()));
    await t?.close();
    await smtp?.close();
  });

  it.each(['superadmin', 'am1', 'master1'] as const)(
    "%s: the digest's figures are Today's for the whole of yesterday",
    async (who) => {
      const owner = { id: ids[who], role: ROLE[who] };
      const digest = await digestFigures(t.app.db, owner, YESTERDAY);
      const points = (f: (typeof digest.figures)['day']) => ({
        profit: centsToPoints(f.profitCents),
        stake: centsToPoints(f.stakeCents),
        plays: f.plays,
        activeMembers: f.activeMembers,
      });
      // Against the plays put in: yesterday and the same day last week, first and last second included.
      expect(points(digest.figures.day)).toEqual(figuresOf(who, YESTERDAY));
      expect(points(digest.figures.lastWeek)).toEqual(figuresOf(who, LAST_WEEK_DAY));
      expect(digest.figures.day.plays).toBeGreaterThan(0);
      expect(digest.figures.lastWeek.plays).toBeGreaterThan(0);

      // Against Today's own answer at the last instant of yesterday: the same figures and lists.
      t.clock.set('2025-03-12T23:59:59.999+05:30');
      const today = await ok<{
        figures: { today: unknown; lastWeek: unknown };
        bigWins: { member: string; win: number }[];
        losingCafes: { cafe: string; profit: number }[];
        idleMasters: { username: string }[];
        idleMasterCount: number;
      }>(await session(who), 'today');
      t.clock.set(MORNING);
      expect(points(digest.figures.day)).toEqual(today.figures.today);
      expect(points(digest.figures.lastWeek)).toEqual(today.figures.lastWeek);
      expect(digest.bigWins.map((w) => [w.member, centsToPoints(w.winCents)])).toEqual(
        today.bigWins.slice(0, 5).map((w) => [w.member, w.win]),
      );
      expect(digest.losingCafes.map((c) => [c.cafe, centsToPoints(c.profitCents)])).toEqual(
        today.losingCafes.slice(0, 5).map((c) => [c.cafe, c.profit]),
      );
      expect(digest.idleMasters.rows.map((m) => m.username)).toEqual(today.idleMasters.slice(0, 5).map((m) => m.username));
      expect(digest.idleMasters.count).toBe(today.idleMasterCount);
    },
  );

  it.each(['superadmin', 'am1', 'master1'] as const)(
    '%s: each line of the digest equals the report it links to, for that day',
    async (who) => {
      const owner = { id: ids[who], role: ROLE[who] };
      const me = await session(who);
      const digest = await digestFigures(t.app.db, owner, YESTERDAY);
      const sections = digestSections(digest, ROLE[who], PUBLIC);
      const lines = sections.flatMap((s) => s.lines);
      const checked = new Set<string>();
      let idleChecked = false;
      for (const line of lines) {
        expect(line.link.startsWith(`${PUBLIC}/${ROLE[who]}/`), line.link).toBe(true);
        const url = new URL(line.link);
        const screen = url.pathname.slice(`/${ROLE[who]}/`.length);
        checked.add(screen);
        if (screen === 'reports/dailystatus') {
          // Profit is Daily Status's total for the day; Play, Plays and Active members are shown beside it.
          expect(url.searchParams.get('date')).toBe(YESTERDAY);
          const daily = await ok<{ data: { username: string; profit: number }[] }>(
            me,
            `dailystatus?fromDate=${YESTERDAY}&toDate=${YESTERDAY}`,
          );
          if (line.text.startsWith('Profit: ')) {
            expect(line.text).toMatch(
              new RegExp(`^Profit: ${literal(formatPoints(sumPoints(daily.data.map((r) => r.profit))))} `),
            );
          } else if (/^\d+: /.test(line.text)) {
            // The masters with no play: Daily Status of that day has no profit of theirs.
            // The first few by username, then "…" when there are more.
            const [count, names] = line.text.split(': ') as [string, string];
            const named = names.replace(/, …$/, '').split(', ');
            const idleCount = Number(count.replaceAll(',', ''));
            if (names.endsWith(', …')) expect(idleCount).toBeGreaterThan(named.length);
            else expect(idleCount).toBe(named.length);
            for (const master of named) expect(daily.data.find((r) => r.username === master)?.profit ?? 0, master).toBe(0);
            idleChecked = true;
          }
        } else if (screen === 'reports/member') {
          const member = url.searchParams.get('username')!;
          const plays = await ok<{ data: { win: number; stake: number; cafe: string }[] }>(
            me,
            `memberplays?username=${member}&fromDate=${YESTERDAY}&toDate=${YESTERDAY}`,
          );
          expect(
            plays.data.some((x) =>
              line.text.startsWith(`${member} won ${formatPoints(x.win)} on ${formatPoints(x.stake)} at ${x.cafe} `),
            ),
            line.text,
          ).toBe(true);
        } else if (screen === 'reports/cafeprofit') {
          expect([url.searchParams.get('fromDate'), url.searchParams.get('toDate')]).toEqual([YESTERDAY, YESTERDAY]);
          const cafes = await ok<{ data: { cafe: string; master: string; profit: number; plays: number }[] }>(
            me,
            `cafeprofit?fromDate=${YESTERDAY}&toDate=${YESTERDAY}&pageSize=100`,
          );
          const row = cafes.data.find((c) => line.text.startsWith(`${c.cafe} (${c.master}): `));
          expect(row, line.text).toBeDefined();
          expect(line.text).toBe(
            `${row!.cafe} (${row!.master}): ${formatPoints(row!.profit)} over ${formatWhole(row!.plays)} plays`,
          );
        } else if (screen === 'reports/pointtransfer') {
          const transfers = await ok<{ data: { yetToBeReceived: { amount: number }[] } }>(me, 'pointtransferreport');
          const waiting = transfers.data.yetToBeReceived;
          expect(line.text).toBe(
            `${formatWhole(waiting.length)} waiting, ${formatPoints(sumPoints(waiting.map((w) => w.amount)))} points`,
          );
        } else if (screen === 'reports/computerloan' || screen === 'reports/revenue') {
          // A manager's open loans are its Computer Loan's rows that owe; a master's, its own row there (its manager's report).
          const manager = screen === 'reports/computerloan';
          const loans = await ok<{ data: { username: string; outstanding: number }[] }>(
            manager ? me : await session('superadmin'),
            'computerloan',
          );
          const open = loans.data.filter((l) => l.outstanding > 0 && (manager || l.username === who));
          expect(line.text).toBe(
            `${formatWhole(open.length)} open, ${formatPoints(sumPoints(open.map((l) => l.outstanding)))} points outstanding`,
          );
        } else {
          throw new Error(`a digest line links to a report the test does not know: ${line.link}`);
        }
      }
      // Every kind of line was there to check, for the roles that have it.
      expect([...checked].sort()).toEqual(
        {
          superadmin: ['reports/cafeprofit', 'reports/computerloan', 'reports/dailystatus', 'reports/member'],
          am1: ['reports/cafeprofit', 'reports/computerloan', 'reports/dailystatus', 'reports/member'],
          master1: ['reports/cafeprofit', 'reports/dailystatus', 'reports/member', 'reports/pointtransfer', 'reports/revenue'],
        }[who],
      );
      expect(idleChecked).toBe(who === 'superadmin'); // master3 had no play; am1's and master1's masters all had
    },
  );

  it('takes the switches of agents and managers, refusing a bad hour or a missing address', async () => {
    const am1 = await session('am1');
    const state = await ok<{ digestEmails: boolean; digestHour: number; bigWinEmails: boolean; emailConfirmed: boolean }>(
      am1,
      'mailnews',
    );
    expect(state).toMatchObject({
      digestEmails: false,
      digestHour: 9,
      bigWinEmails: false,
      emailConfirmed: true,
      bigWinThreshold: 10_000,
    });
    const on = await ok<{ message: string; digestEmails: boolean; digestHour: number }>(
      am1,
      'digestemails?on=true&hour=7',
      'POST',
    );
    expect(on).toMatchObject({
      message: 'Your daily digest will be emailed to you every day at 07:00 IST.',
      digestEmails: true,
      digestHour: 7,
    });
    const wins = await ok<{ message: string; bigWinEmails: boolean }>(am1, 'bigwinemails?on=true', 'POST');
    expect(wins).toMatchObject({ message: 'Big wins at or above your threshold will be emailed to you.', bigWinEmails: true });
    for (const [query, message] of [
      ['on=true&hour=24', 'Hour (IST) must be a whole hour from 0 to 23'],
      ['on=true&hour=-1', 'Hour (IST) must be a whole hour from 0 to 23'],
      ['on=true&hour=9.5', 'Hour (IST) must be a whole hour from 0 to 23'],
      ['on=true&hour=nine', 'Hour (IST) must be a whole hour from 0 to 23'],
      ['on=yes', 'Email me a daily digest must be true or false'],
    ]) {
      const res = await call(am1, `digestemails?${query}`, 'POST');
      expect([res.statusCode, res.json().message], query).toEqual([400, message]);
    }
    const bad = await call(am1, 'bigwinemails?on=1', 'POST');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Email me big wins must be true or false']);
    // Kept as they were by the refusals; off again.
    expect(await ok(am1, 'mailnews')).toMatchObject({ digestEmails: true, digestHour: 7, bigWinEmails: true });
    await ok(am1, 'digestemails?on=false', 'POST');
    await ok(am1, 'bigwinemails?on=false', 'POST');
    // Without a confirmed address neither can be turned on.
    const master3 = await session('master3');
    for (const path of ['digestemails?on=true', 'bigwinemails?on=true', 'digestnow']) {
      const res = await call(master3, path, 'POST');
      expect([res.statusCode, res.json().message], path).toEqual([
        400,
        'Set and confirm an email address first: mail goes only to a confirmed address.',
      ]);
    }
    // Not a player's.
    const player1 = await session('player1');
    for (const [path, method] of [
      ['mailnews', 'GET'],
      ['digestemails?on=true', 'POST'],
      ['digestnow', 'POST'],
    ] as const) {
      expect((await call(player1, path, method)).statusCode, path).toBe(403);
    }
  });

  it('makes each subscriber its digest once a day, at its hour, however often it looks', async () => {
    const master1 = await session('master1');
    await ok(master1, 'digestemails?on=true', 'POST'); // the default hour, 09:00
    const am1 = await session('am1');
    await ok(am1, 'digestemails?on=true&hour=10', 'POST');
    const links = digestLinksOf(t.app);
    const make = (at: string) => makeDueDigests(t.app.db, links, new Date(at));
    expect(await make('2025-03-13T08:59:59+05:30')).toBe(0);
    // Two processes at once (a takeover mid-run): still one digest.
    const twice = await Promise.all([make('2025-03-13T09:00:00+05:30'), make('2025-03-13T09:00:00+05:30')]);
    expect(twice[0]! + twice[1]!).toBe(1);
    expect(await make('2025-03-13T09:30:00+05:30')).toBe(0);
    expect(await make('2025-03-13T10:00:00+05:30')).toBe(1); // am1's hour
    expect(await make('2025-03-13T23:59:00+05:30')).toBe(0);
    expect((await digests('master1')).map((d) => d.key)).toEqual([`digest:${YESTERDAY}:${ids.master1}`]);
    expect((await digests('am1')).map((d) => d.key)).toEqual([`digest:${YESTERDAY}:${ids.am1}`]);
    // The next day, its own digest, at the hour again.
    expect(await make('2025-03-14T08:00:00+05:30')).toBe(0);
    expect(await make('2025-03-14T09:10:00+05:30')).toBe(1);
    expect((await digests('master1')).map((d) => d.key)).toEqual([
      `digest:${YESTERDAY}:${ids.master1}`,
      `digest:2025-03-13:${ids.master1}`,
    ]);
    // The body is the figures of its day.
    const [first] = await digests('master1');
    expect(first!.body_text).toContain(`Profit: ${formatPoints(figuresOf('master1', YESTERDAY).profit)} (same day last week: `);
    await ok(am1, 'digestemails?on=false', 'POST');
    await ok(master1, 'digestemails?on=false', 'POST');
    await t.app.db.execute(sql`DELETE FROM outbox WHERE kind = 'digest'`);
  });

  it('sends "send me the digest now" at most once per 10 minutes, saying when it can be asked again', async () => {
    t.clock.set('2025-03-13T11:00:00+05:30');
    const am1 = await session('am1');
    const first = await ok<{ message: string; digestNowFrom: string }>(am1, 'digestnow', 'POST');
    expect(first.message).toBe('Your digest of yesterday is on its way to am1@example.com.');
    expect(first.digestNowFrom).toBe(new Date('2025-03-13T11:10:00+05:30').toISOString());
    t.clock.set('2025-03-13T11:09:30+05:30');
    const again = await call(am1, 'digestnow', 'POST');
    expect([again.statusCode, again.json().message, again.headers['retry-after']]).toEqual([
      429,
      'A digest was asked for less than 10 minutes ago. You can ask for another at 11:10 am IST.',
      '30',
    ]);
    t.clock.set('2025-03-13T11:10:00+05:30');
    await ok(am1, 'digestnow', 'POST');
    const made = await digests('am1');
    expect(made.map((d) => d.key)).toEqual([
      `digest-now:${ids.am1}:${new Date('2025-03-13T11:00:00+05:30').toISOString()}`,
      `digest-now:${ids.am1}:${new Date('2025-03-13T11:10:00+05:30').toISOString()}`,
    ]);
    // Someone else's limit is its own.
    await ok(await session('superadmin'), 'digestnow', 'POST');
    t.clock.set(MORNING);
  });

  it('mails the digest through the outbox with its own one-click unsubscribe, which stops the digest alone', async () => {
    t.clock.set('2025-03-13T12:00:00+05:30'); // the digests asked for at 11:00 and 11:10 are due
    const sender = startOutboxSender(t.app, statementMailRenderer(t.app.db, t.clock), { pollMs: 3_600_000 });
    senders.push(sender);
    await sender.firstRun;
    const mail = smtp.received.find((m) => m.to.includes('am1@example.com'))!;
    expect(mail.parsed.subject).toBe('Your daily digest for 12-Mar-2025');
    const text = mail.parsed.text ?? '';
    const figures = figuresOf('am1', YESTERDAY);
    const before = figuresOf('am1', LAST_WEEK_DAY);
    expect(text).toContain('12-Mar-2025 against 05-Mar-2025');
    expect(text).toContain(`- Profit: ${formatPoints(figures.profit)} (same day last week: ${formatPoints(before.profit)})`);
    expect(text).toContain(`- Plays: ${figures.plays} (same day last week: ${before.plays})`);
    expect(text).toContain(`- player1 won 15,000.00 on 100.00 at cafe2 (master2), `);
    expect(text).toContain(`${PUBLIC}/areamanager/reports/dailystatus?date=${YESTERDAY}`);
    expect(mail.parsed.html).toContain(
      `<a href="${PUBLIC}/areamanager/reports/cafeprofit?fromDate=${YESTERDAY}&#38;toDate=${YESTERDAY}">`,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.*)>$/.exec(header(mail, 'List-Unsubscribe'))![1]!;
    expect(oneClick).toMatch(
      new RegExp(`^${literal(PUBLIC)}/api/mail/unsubscribe\\?account=${ids.am1}&token=[A-Za-z0-9_-]{43}&mail=digest$`),
    );
    expect(text).toContain(`Stop the daily digest: ${PUBLIC}/mail/unsubscribe?account=${ids.am1}&token=`);

    // A statement's link (another purpose) does not stop the digest, nor the digest's the statement.
    const url = new URL(oneClick);
    const forged = new URL(oneClick);
    forged.searchParams.delete('mail');
    const statementLink = await t.app.inject({ method: 'POST', url: `${url.pathname}?${forged.searchParams}` });
    expect([statementLink.statusCode, statementLink.json().message]).toEqual([
      400,
      'This unsubscribe link is not valid. Turn the weekly statement off from your account page instead.',
    ]);

    // am1 has the digest on, and one waits for it: the one-click (no session) turns it off and cancels it.
    const am1 = await session('am1');
    await ok(am1, 'digestemails?on=true', 'POST');
    expect(await makeDueDigests(t.app.db, digestLinksOf(t.app), new Date('2025-03-13T10:05:00+05:30'))).toBe(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        message: 'You will no longer receive the daily digest by email. You can turn it back on from your account page.',
        username: 'am1',
      },
    ]);
    const [account] = await queryRows<{ digest_emails: boolean; statement_emails: boolean }>(
      t.app.db,
      sql`SELECT digest_emails, statement_emails FROM accounts WHERE id = ${ids.am1}`,
    );
    expect(account).toEqual({ digest_emails: false, statement_emails: true });
    const waiting = (await digests('am1')).find((d) => d.key.startsWith('digest:'))!;
    expect([waiting.state, waiting.last_answer]).toEqual(['cancelled', 'cancelled: digest turned off']);

    // Nothing more goes to am1; a digest queued before the opt-out and still waiting is closed by the gate.
    await t.app.db.execute(sql`UPDATE accounts SET digest_emails = true WHERE id = ${ids.am1}`);
    expect(await makeDueDigests(t.app.db, digestLinksOf(t.app), new Date('2025-03-14T10:05:00+05:30'))).toBe(1);
    await t.app.db.execute(sql`UPDATE accounts SET digest_emails = false WHERE id = ${ids.am1}`);
    const sent = smtp.received.length;
    t.clock.set('2025-03-14T11:00:00+05:30');
    await sender.runNow();
    expect(smtp.received.slice(sent).filter((m) => m.to.includes('am1@example.com'))).toEqual([]);
    const last = (await digests('am1')).at(-1)!;
    expect([last.state, last.last_answer]).toEqual(['cancelled', 'cancelled: digest turned off']);
    t.clock.set(MORNING);
  });
});

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
