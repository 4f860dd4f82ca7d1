import type { AgentMailResponse, ManagerMailResponse } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn } from '../../../test/fixtures/network.js';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { statementMailRenderer } from '../money/statement-mail.js';
import { buildMoneyNetwork, type Ids, NOW, WEEKS } from '../money/test-support/money-fixture.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import { type MailSender, startOutboxSender } from './index.js';

/**
 * The weekly statements end to end: closing a week queues them (in its transaction), the sender
 * builds each from the closed week's figures with its PDF and hands it to a real SMTP server
 * started here, which parses what it receives.
 */
const PUBLIC = 'https://backoffice.example.com';
const amount = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dayMon = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${d}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]}-${y}`;
};
const sunday = (monday: string) => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe.each(TEST_DB_KINDS)('weekly statements by mail on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  let smtp: TestSmtpServer;
  const senders: MailSender[] = [];
  const sender = () => {
    const started = startOutboxSender(t.app, statementMailRenderer(t.app.db, t.clock), { pollMs: 3_600_000 });
    senders.push(started);
    return started;
  };
  const byRecipient = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const setEmail = (username: keyof Ids, email: string, verified = true) =>
    t.app.db.execute(sql`UPDATE accounts SET email = ${email}, email_verified = ${verified} WHERE id = ${ids[username]}`);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Playrep <reports@playrep.test>', PUBLIC_URL: PUBLIC },
    });
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    for (const name of ['master1', 'master2', 'am1', 'admin1', 'superadmin', 'player1'] as const)
      await setEmail(name, `${name}@example.com`);
    // sam1 turned its statements off; master3 set an address it has not confirmed yet.
    await setEmail('sam1', 'sam1@example.com');
    await t.app.db.execute(sql`UPDATE accounts SET statement_emails = false WHERE id = ${ids.sam1}`);
    const master3 = await signIn(t.app, 'master3');
    const set = await injectAs(t.app, master3, {
      method: 'POST',
      url: '/api/auth/email',
      payload: { email: 'master3@example.com' },
    });
    expect(set.statusCode).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(senders.map((s) => s.stop()));
    await t?.close();
    await smtp?.close();
  });

  it('queues each statement once in the closing, even when the closing runs twice at once and again', async () => {
    const runs = await Promise.all([
      closeFinishedWeeks(t.app.db, { now: t.clock.now() }),
      closeFinishedWeeks(t.app.db, { now: t.clock.now() }),
    ]);
    // Each week closed once, by one run or the other (the two may take turns week by week).
    const closed = runs.flatMap((r) => r.closed).filter((w) => w.endsWith('games'));
    expect(closed.sort()).toEqual(WEEKS.slice(0, 3).map((w) => `${w} games`));
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    const queued = await queryRows<{ key: string; kind: string; recipient: string; state: string }>(
      t.app.db,
      sql`SELECT key, kind, recipient, state::text AS state FROM outbox WHERE kind LIKE 'statement-%' ORDER BY key`,
    );
    const expected = WEEKS.slice(0, 3).flatMap((week) => [
      {
        key: `statement:agent:${week}:${ids.master1}`,
        kind: 'statement-agent',
        recipient: 'master1@example.com',
        state: 'pending',
      },
      {
        key: `statement:agent:${week}:${ids.master2}`,
        kind: 'statement-agent',
        recipient: 'master2@example.com',
        state: 'pending',
      },
      {
        key: `statement:manager:${week}:${ids.admin1}`,
        kind: 'statement-manager',
        recipient: 'admin1@example.com',
        state: 'pending',
      },
      { key: `statement:manager:${week}:${ids.am1}`, kind: 'statement-manager', recipient: 'am1@example.com', state: 'pending' },
    ]);
    expect(queued).toEqual(expected.sort((a, b) => (a.key < b.key ? -1 : 1)));
  });

  it('sends every statement once, even with two senders, each with its PDF, its lines and the one-click unsubscribe', async () => {
    const [a, b] = [sender(), sender()];
    const passes = await Promise.all([a.firstRun, b.firstRun]);
    // The twelve statements, and master3's confirmation link (its address is not used before it).
    expect(passes[0]!.sent + passes[1]!.sent).toBe(13);
    expect(smtp.received).toHaveLength(13);
    expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(13);
    expect(byRecipient('master3@example.com').map((m) => m.parsed.subject)).toEqual(['Confirm your email address for Playrep']);
    expect(byRecipient('sam1@example.com')).toEqual([]);
    expect(byRecipient('superadmin@example.com')).toEqual([]);
    expect(byRecipient('player1@example.com')).toEqual([]);

    const master1 = await signIn(t.app, 'master1');
    for (const week of WEEKS.slice(0, 3)) {
      const subject = `Agent Mail statement, week ${dayMon(week)} to ${dayMon(sunday(week))}`;
      const mail = byRecipient('master1@example.com').find((m) => m.parsed.subject === subject);
      expect(mail, subject).toBeDefined();
      const screen = (
        await injectAs(t.app, master1, { url: `/api/playrep/mailreport?fromDate=${week}&toDate=${sunday(week)}` })
      ).json() as AgentMailResponse;
      const text = mail!.parsed.text ?? '';
      expect(text).toContain(`From ${dayMon(week)} to ${dayMon(sunday(week))}`);
      expect(text).toMatch(new RegExp(`Actual Points:\\s+${literal(amount.format(screen.statement.actualPoints))}\\n`));
      expect(text).toMatch(new RegExp(`Paid:\\s+${literal(amount.format(screen.statement.paid))}\\n`));
      expect(text).toMatch(new RegExp(`Deducted Points:\\s+${literal(amount.format(screen.statement.loan.deductedPoints))}\\n`));
      expect(text).toMatch(new RegExp(`Points Used By The Members:\\s+${literal(amount.format(screen.totals.totalProfit))}\\n`));
      expect(text).toContain(`${PUBLIC}/master/mailreports/agentmaildetails?fromDate=${week}&toDate=${sunday(week)}`);
      expect(mail!.parsed.html).toContain('Paid</td>');

      expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(mail!, 'List-Unsubscribe')).toMatch(
        new RegExp(`^<${literal(PUBLIC)}/api/mail/unsubscribe\\?account=${ids.master1}&token=[A-Za-z0-9_-]{43}>$`),
      );
      const [pdf] = mail!.parsed.attachments;
      expect([pdf?.contentType, pdf?.filename]).toEqual(['application/pdf', `agent-mail-master1-${week}-to-${sunday(week)}.pdf`]);
      const pdfLines = await pdfText(pdf!.content);
      expect(pdfLines).toContain(`From ${dayMon(week)} to ${dayMon(sunday(week))}`);
      expect(pdfLines).toContain(`Paid ${amount.format(screen.statement.paid)}`);
    }

    const am1 = await signIn(t.app, 'am1');
    const week = WEEKS[1];
    const managerScreen = (
      await injectAs(t.app, am1, { url: `/api/playrep/managermailreport?fromDate=${week}&toDate=${sunday(week)}` })
    ).json() as ManagerMailResponse;
    const managerMail = byRecipient('am1@example.com').find((m) => m.parsed.subject?.includes(dayMon(week)))!;
    expect(managerMail.parsed.subject).toBe(`Manager Mail statement, week ${dayMon(week)} to ${dayMon(sunday(week))}`);
    for (const row of managerScreen.data) {
      expect(managerMail.parsed.text).toMatch(
        new RegExp(`${row.username} \\(${row.name}\\):\\s+${literal(amount.format(row.profit))}\\n`),
      );
    }
    expect(managerMail.parsed.text).toMatch(
      new RegExp(`Total of ${managerScreen.data.length} rows:\\s+${literal(amount.format(managerScreen.totalProfit))}`),
    );
    expect(managerMail.parsed.attachments[0]?.filename).toBe(`manager-mail-am1-${week}-to-${sunday(week)}.pdf`);

    // The body of a sent statement is kept, for the Mail screen.
    const [kept] = await queryRows<{ body_text: string; state: string }>(
      t.app.db,
      sql`SELECT body_text, state::text AS state FROM outbox WHERE key = ${`statement:manager:${week}:${ids.am1}`}`,
    );
    expect(kept).toEqual({ body_text: managerMail.parsed.text?.replace(/\n$/, ''), state: 'sent' });
  });

  it('stops the next week’s statement after the one-click unsubscribe, posted without signing in', async () => {
    const mail: ReceivedMail = byRecipient('master2@example.com')[0]!;
    const url = new URL(/^<(.*)>$/.exec(header(mail, 'List-Unsubscribe'))![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);

    // The next Monday: week 4 closes.
    t.clock.set('2025-03-17T06:00:00+05:30');
    expect((await closeFinishedWeeks(t.app.db, { now: t.clock.now() })).closed).toContain(`${WEEKS[3]} games`);
    const before = smtp.received.length;
    await sender().firstRun;
    const week4 = smtp.received
      .slice(before)
      .map((m) => m.to[0])
      .sort();
    expect(week4).toEqual(['admin1@example.com', 'am1@example.com', 'master1@example.com']);
  });
});

/** A header of the mail as it was sent (unfolded), without its name. */
function header(mail: ReceivedMail, name: string): string {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line
    .replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim();
}

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
