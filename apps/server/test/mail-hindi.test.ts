import { type AgentMailResponse, STATEMENT_TEXTS } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { forgotPassword } from '../src/modules/identity/doors/forgot.js';
import { makeDueDigests } from '../src/modules/mail/digest/make.js';
import { type MailContent, type MailSender, startOutboxSender } from '../src/modules/mail/index.js';
import { statementMailRenderer } from '../src/modules/money/statement-mail.js';
import { buildMoneyNetwork, type Ids, NOW, WEEKS } from '../src/modules/money/test-support/money-fixture.js';
import { closeFinishedWeeks } from '../src/modules/settlement/index.js';
import { injectAs, signIn } from './fixtures/network.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { TEST_DB_KINDS } from './test-db.js';

/**
 * Mail in the recipient's language (docs/decisions/0021-languages.md, "Mail in the recipient's
 * language"): master2 chose Hindi on its account page, master1 kept English. master2's weekly
 * statement (subject, body, PDF), daily digest, password reset and address confirmation come in
 * Hindi, with the figures, usernames and links as they are; master1's come exactly as before. A
 * statement keeps the language it was queued in.
 */
const PUBLIC = 'https://backoffice.example.com';
const amount = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// docs/glossary-hi.md, Months.
const HI_MONTHS = ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'];
const dayIn = (months: string[]) => (iso: string) =>
  `${iso.slice(8, 10)}-${months[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
const enDay = dayIn(EN_MONTHS);
const hiDay = dayIn(HI_MONTHS);
const sunday = (monday: string) => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DEVANAGARI = /[\u0900-\u097F]/;

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

interface OutboxMail {
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
}

describe.each(TEST_DB_KINDS)('mail in the recipient’s language on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  let smtp: TestSmtpServer;
  let sender: MailSender | undefined;
  const outboxOf = (mailKind: string) =>
    queryRows<OutboxMail>(
      t.app.db,
      sql`SELECT recipient, subject, body_text, body_html FROM outbox WHERE kind = ${mailKind} ORDER BY recipient`,
    );
  const setLanguage = async (username: 'master1' | 'master2', language: 'en' | 'hi') => {
    const session = await signIn(t.app, username);
    const set = await injectAs(t.app, session, { method: 'POST', url: '/api/auth/language', payload: { language } });
    expect(set.statusCode).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Playrep <reports@playrep.test>', PUBLIC_URL: PUBLIC },
    });
    t.clock.set(NOW);
    ids = await buildMoneyNetwork(t.app.db);
    for (const name of ['master1', 'master2'] as const) {
      await t.app.db.execute(
        sql`UPDATE accounts SET email = ${`${name}@example.com`}, email_verified = true WHERE id = ${ids[name]}`,
      );
    }
    await setLanguage('master2', 'hi');
  });
  afterAll(async () => {
    await sender?.stop();
    await t?.close();
    await smtp?.close();
  });

  it('sends the weekly statement with its subject, body and PDF in Hindi to a Hindi account, in English to an English one', async () => {
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    sender = startOutboxSender(t.app, statementMailRenderer(t.app.db, t.clock), { pollMs: 3_600_000 });
    await sender.firstRun;
    const week = WEEKS[2];
    const to = (address: string, subject: string) =>
      smtp.received.find((m) => m.to.includes(address) && m.parsed.subject === subject);

    const english = to('master1@example.com', `Agent Mail statement, week ${enDay(week)} to ${enDay(sunday(week))}`);
    expect(english).toBeDefined();
    expect(english!.parsed.text).toContain(`Agent Mail Details of master1`);
    expect(english!.parsed.text).toContain('The whole statement is attached as a PDF');
    expect(english!.parsed.text).not.toMatch(DEVANAGARI);
    expect(english!.parsed.html).not.toMatch(DEVANAGARI);

    const hindi = to('master2@example.com', `एजेंट मेल स्टेटमेंट, सप्ताह ${hiDay(week)} से ${hiDay(sunday(week))} तक`);
    expect(hindi, 'master2’s statement, with a Hindi subject').toBeDefined();
    const master2 = await signIn(t.app, 'master2');
    const screen = (
      await injectAs(t.app, master2, { url: `/api/playrep/mailreport?fromDate=${week}&toDate=${sunday(week)}` })
    ).json() as AgentMailResponse;
    const text = hindi!.parsed.text ?? '';
    expect(text).toContain('master2 (Master Number 2) का एजेंट मेल विवरण');
    expect(text).toContain(`${hiDay(week)} से ${hiDay(sunday(week))} तक`);
    expect(text).toMatch(
      new RegExp(
        `${STATEMENT_TEXTS.hi.lineLabels['Actual Points']}:\\s+${literal(amount.format(screen.statement.actualPoints))}\\n`,
      ),
    );
    expect(text).toMatch(new RegExp(`भुगतान:\\s+${literal(amount.format(screen.statement.paid))}\\n`));
    expect(text).toMatch(new RegExp(`सदस्यों द्वारा उपयोग किए गए पॉइंट:\\s+${literal(amount.format(screen.totals.totalProfit))}`));
    expect(text).toMatch(/लोन कटौती:\s+लोन के लिए \d+% कटौती\n/);
    expect(text).toContain('पूरा स्टेटमेंट PDF के रूप में संलग्न है');
    expect(text).toContain(`${PUBLIC}/master/mailreports/agentmaildetails?fromDate=${week}&toDate=${sunday(week)}`);
    expect(text).not.toMatch(/Actual Points|attached|Stop these emails/);
    expect(hindi!.parsed.html).toContain('>ये ईमेल बंद करें</a>');
    expect(hindi!.parsed.html).toContain('>स्टेटमेंट खोलें</a>');

    const pdf = hindi!.parsed.attachments.find((a) => a.contentType === 'application/pdf');
    const pdfWords = await pdfText(pdf!.content);
    expect(pdfWords).toContain('एजेंट मेल विवरण: master2');
    expect(pdfWords).toContain(STATEMENT_TEXTS.hi.summaryTitle);
    expect(pdfWords).toContain(
      `${STATEMENT_TEXTS.hi.lineLabels['Actual Points']} ${amount.format(screen.statement.actualPoints)}`,
    );
    const englishPdf = await pdfText(english!.parsed.attachments.find((a) => a.contentType === 'application/pdf')!.content);
    expect(englishPdf).toContain('Agent Mail Details: master1');
    expect(englishPdf).not.toMatch(DEVANAGARI);
  });

  it('keeps a statement in the language it was queued in, though the account switches before it is sent', async () => {
    const [row] = await queryRows<{ content: MailContent }>(
      t.app.db,
      sql`SELECT content FROM outbox WHERE key = ${`statement:agent:${WEEKS[2]}:${ids.master2}`}`,
    );
    expect(row?.content.language).toBe('hi');
    await setLanguage('master2', 'en');
    try {
      const links = { publicUrl: PUBLIC, unsubscribe: `${PUBLIC}/mail/unsubscribe?x` };
      const again = await statementMailRenderer(t.app.db, t.clock)(row!.content, links);
      expect(again.text).toContain('master2 (Master Number 2) का एजेंट मेल विवरण');
    } finally {
      await setLanguage('master2', 'hi');
    }
  });

  it('writes the daily digest in the account’s language', async () => {
    await t.app.db.execute(
      sql`UPDATE accounts SET digest_emails = true, digest_hour = 0 WHERE id IN (${ids.master1}, ${ids.master2})`,
    );
    const links = { publicUrl: PUBLIC, unsubscribe: async (id: string) => `${PUBLIC}/mail/unsubscribe?account=${id}` };
    expect(await makeDueDigests(t.app.db, links, t.clock.now())).toBe(2);
    const yesterday = '2025-03-11';
    const [english, hindi] = await outboxOf('digest');
    expect(english?.recipient).toBe('master1@example.com');
    expect(english?.subject).toBe(`Your daily digest for ${enDay(yesterday)}`);
    expect(english?.body_text).toContain(`Hello master1, here is ${enDay(yesterday)} in your network`);
    expect(english?.body_text).toContain('Stop the daily digest: ');
    expect(english?.body_text).not.toMatch(DEVANAGARI);

    expect(hindi?.recipient).toBe('master2@example.com');
    expect(hindi?.subject).toBe(`${hiDay(yesterday)} का आपका दैनिक सारांश`);
    expect(hindi?.body_text).toContain(`नमस्ते master2, यह रहा आपके नेटवर्क में ${hiDay(yesterday)} का पूरा दिन`);
    expect(hindi?.body_text).toMatch(/लाभ: -?[\d,]+\.\d\d \(पिछले सप्ताह इसी दिन: -?[\d,]+\.\d\d\)/);
    expect(hindi?.body_text).toContain(`दैनिक सारांश बंद करें: ${PUBLIC}/mail/unsubscribe?account=${ids.master2}`);
    expect(hindi?.body_html).toContain('<h3>सबसे ज़्यादा घाटे वाले कैफ़े</h3>');
    expect(hindi?.body_text).not.toMatch(/Profit|Hello|Stop the/);
  });

  it('writes the password reset in the account’s language', async () => {
    for (const [n, username] of ['master1', 'master2'].entries()) {
      await forgotPassword(t.app.db, {
        username,
        address: `10.9.0.${n + 1}`,
        now: t.clock.now(),
        publicUrl: PUBLIC,
        startedAt: 0,
      });
    }
    const [english, hindi] = await outboxOf('password-reset');
    expect(english?.subject).toBe('Choose a new Playrep password');
    expect(english?.body_text).toMatch(/^Hello master1,\n\nSomeone asked to choose a new password/);
    expect(english?.body_text).not.toMatch(DEVANAGARI);

    expect(hindi?.subject).toBe('अपना नया Playrep पासवर्ड चुनें');
    expect(hindi?.body_text).toMatch(/^नमस्ते master2,\n\nकिसी ने आपके Playrep बैक ऑफ़िस खाते के लिए नया पासवर्ड/);
    expect(hindi?.body_text).toMatch(new RegExp(`${literal(PUBLIC)}/\\S+#[A-Za-z0-9_-]+`));
    expect(hindi?.body_html).toMatch(/<a href="[^"]+">नया पासवर्ड चुनें<\/a>/);
    expect(hindi?.body_text).not.toMatch(/Hello|password stays/);
  });

  it('writes the address confirmation in the account’s language', async () => {
    for (const username of ['master1', 'master2'] as const) {
      const session = await signIn(t.app, username);
      const set = await injectAs(t.app, session, {
        method: 'POST',
        url: '/api/auth/email',
        payload: { email: `${username}.new@example.com` },
      });
      expect(set.statusCode).toBe(200);
    }
    const [english, hindi] = await outboxOf('email-confirmation');
    expect(english?.recipient).toBe('master1.new@example.com');
    expect(english?.subject).toBe('Confirm your email address for Playrep');
    expect(hindi?.recipient).toBe('master2.new@example.com');
    expect(hindi?.subject).toBe('Playrep के लिए अपना ईमेल पता पक्का करें');
    expect(hindi?.body_html).toMatch(/<a href="[^"]+#[A-Za-z0-9_-]+">यह पता पक्का करें<\/a>/);
  });
});
