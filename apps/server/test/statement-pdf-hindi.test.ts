import {
  AGENT_MAIL_COLUMNS,
  AGENT_MAIL_POINTS_BY_TYPE_COLUMNS,
  ENDPOINTS,
  formatDayIn,
  LABELS_HI,
  STATEMENT_TEXTS,
  statementLines,
  statementLinesIn,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { seedNetwork } from '../src/demo/index.js';
import { requireAccount } from '../src/modules/accounts/repository.js';
import { downloadFile } from '../src/modules/export/download.js';
import { buildPdf } from '../src/modules/export/table-export.js';
import { STATEMENT_PDF_LABELS } from '../src/modules/money/statement-pdf-labels.js';
import { agentMailDocument, managerMailDocument } from '../src/modules/money/statements.js';
import { closeFinishedWeeks } from '../src/modules/settlement/index.js';
import { commandOutput, qpdfCheck } from './pdf-tools.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { TEST_DB_KINDS } from './test-db.js';

/**
 * The mail statements' PDFs in Hindi (docs/decisions/0022-devanagari-in-pdfs.md), built as the
 * weekly mail builds them (in an export worker) on the demo network: their text, read back with
 * pdf-parse, holds the Hindi headings, captions and line labels with the statement's figures
 * (Latin digits, Indian grouping) and the usernames as they are; qpdf finds them, and the English
 * ones, sound.
 */
const END = '2026-03-04';
const WEEK = '2026-02-23';
const hi = STATEMENT_PDF_LABELS.hi;
// The statement's Hindi, as the screen shows it (the contracts' shared table).
const hiTexts = STATEMENT_TEXTS.hi;

const amount = (n: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
// A day as the Hindi screen writes it (docs/glossary-hi.md, Months).
const HI_MONTHS = ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्तू॰', 'नव॰', 'दिस॰'];
const day = (iso: string) => `${iso.slice(8, 10)}-${HI_MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;

async function textOf(pdf: Buffer): Promise<{ text: string; title: string | undefined }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return { text: text.text.replace(/\s+/g, ' '), title: info.info?.Title };
  } finally {
    await parser.destroy();
  }
}

function expectSound(pdf: Buffer) {
  const report = qpdfCheck(pdf);
  if (report === undefined) console.warn('qpdf is not installed (apt-get install qpdf; .ci/run installs it): not checked');
  else expect(report).toContain('No syntax or stream encoding errors found');
}

/**
 * Text as compared: without spaces and joiners. pdftotext puts a space inside some shaped clusters
 * of the Devanagari font (कै फ़े for कैफ़े, क ुल for कुल), so words are compared letter for letter.
 */
const words = (text: string) => text.replace(/[\s\u200c\u200d]+/g, '');

describe.each(TEST_DB_KINDS)('statement PDFs in Hindi, %s', (kind) => {
  let t: TestApp;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(`${END}T12:00:00+05:30`);
    await seedNetwork(t.database, { scale: 'tiny', seed: 7, endDate: END, now: t.clock.now(), houseUsername: 'HOUSE' });
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    ids = Object.fromEntries(
      (await queryRows<{ username: string; id: string }>(t.app.db, sql`SELECT username, id FROM accounts`)).map((r) => [
        r.username,
        r.id,
      ]),
    );
  });
  afterAll(async () => t?.close());

  const of = async (username: string, language: 'en' | 'hi') => ({
    subject: await requireAccount(t.app.db, ids[username]!),
    weekStart: WEEK,
    today: END,
    language,
  });

  it("Agent Mail in Hindi: its headings, labels and every figure of the statement; master2's English one unchanged", async () => {
    const document = await agentMailDocument(t.app.db, await of('master2', 'hi'));
    const file = downloadFile(ENDPOINTS.agentMail.exports, document.download);
    const pdf = await buildPdf(document.download.pdf, file.tables);
    const { text, title } = await textOf(pdf);
    const r = document.response;
    const s = r.statement;
    expect(title).toBe(`एजेंट मेल विवरण: master2`);
    const expected = [
      'एजेंट मेल विवरण: master2',
      hiTexts.heading(r.fromDate, r.toDate),
      hiTexts.statementOf('master2', r.totals.usercommission),
      'आपके सदस्य जिन्होंने दूसरे एजेंटों के साइबर कैफ़े में खेला',
      'सदस्य आईडी',
      'सदस्य का नाम',
      ...r.data.map((m) => `${m.username} ${m.name} ${amount(m.playPoints)} ${day(m.registeredAt)} ${amount(m.profit)}`),
      ...(r.data.length > 0
        ? [`कुल: ${r.data.length} ${r.data.length === 1 ? 'पंक्ति' : 'पंक्तियाँ'} ${amount(r.totals.totalPlayPoints)}`]
        : ['कोई डेटा उपलब्ध नहीं']),
      hiTexts.pointsByTypeCaption,
      hiTexts.summaryTitle,
      hiTexts.weekText(r.statement),
      `राजस्व प्रतिशत ${s.revenuePercentage}%`,
      `${hi.lineLabels!['Actual Points']} ${amount(s.actualPoints)}`,
      `${hi.lineLabels!['Gift Points']} ${amount(s.giftPoints)}`,
      `पिछले सप्ताह का घाटा ${amount(s.carryIn)}`,
      `वास्तविक राजस्व ${amount(s.actualRevenue)}`,
      `पिछला लोन ${amount(s.loan.previousLoan)}`,
      `${hi.lineLabels!['Deducted Points']} ${amount(s.loan.deductedPoints)}`,
      `भुगतान ${amount(s.paid)}`,
      `आगे ले जाया गया घाटा ${amount(s.carryForward)}`,
      'पृष्ठ 1 / 1',
    ];
    for (const line of expected) expect(text).toContain(line);
    expect(r.data.length).toBeGreaterThan(0);
    expect(text).not.toContain('Agent Mail Details');
    expectSound(pdf);

    const english = await agentMailDocument(t.app.db, await of('master2', 'en'));
    const englishPdf = await buildPdf(english.download.pdf, downloadFile(ENDPOINTS.agentMail.exports, english.download).tables);
    const englishText = (await textOf(englishPdf)).text;
    expect(englishText).toContain('Agent Mail Details: master2');
    expect(englishText).toContain(`Actual Revenue ${amount(s.actualRevenue)}`);
    expect(englishPdf.includes('NotoSansDevanagari')).toBe(false);
    expectSound(englishPdf);
  });

  it('Manager Mail in Hindi: its headings, headers and the agents with their profit', async () => {
    const document = await managerMailDocument(t.app.db, await of('am1', 'hi'));
    const file = downloadFile(ENDPOINTS.managerMail.exports, document.download);
    const pdf = await buildPdf(document.download.pdf, file.tables);
    const { text } = await textOf(pdf);
    const r = document.response;
    expect(r.data.length).toBeGreaterThan(0);
    for (const line of [
      'मैनेजर मेल विवरण: am1',
      'am1 का स्टेटमेंट',
      `${hi.managerMailHeaders!.SrNo} ${hi.managerMailHeaders!.username} ${hi.managerMailHeaders!.name} ${hi.managerMailHeaders!.profit}`,
      ...r.data.map((a) => `${a.SrNo} ${a.username} ${a.name} ${amount(a.profit)}`),
    ]) {
      expect(text).toContain(line);
    }
    expectSound(pdf);
  });

  it("Agent Mail: the screen's Hindi title, heading, captions, headers and every statement line with its note", async (context) => {
    const document = await agentMailDocument(t.app.db, {
      subject: await requireAccount(t.app.db, ids.master2!),
      weekStart: WEEK,
      today: END,
      language: 'hi',
    });
    const pdf = await buildPdf(document.download.pdf, downloadFile(ENDPOINTS.agentMail.exports, document.download).tables);
    const extracted = commandOutput('pdftotext', ['-raw', '-', '-'], pdf);
    if (extracted === undefined) {
      context.skip('pdftotext is not installed (apt-get install poppler-utils)');
      return;
    }
    const text = words(extracted);
    const r = document.response;
    const s = r.statement;
    const lines = statementLinesIn(s, hiTexts);
    // Every line of the statement is there, each once, in the screen's Hindi.
    expect(lines.map((line) => line.key)).toEqual(statementLines(s).map((line) => line.label));
    for (const line of lines) {
      expect(text).toContain(words(line.label));
      if (line.note) expect(text).toContain(words(line.note));
      if (typeof line.value === 'string') expect(text).toContain(words(line.value));
    }
    const screenWords = [
      `${LABELS_HI['Agent Mail Details']}: master2`,
      hiTexts.heading(r.fromDate, r.toDate),
      hiTexts.statementOf('master2', r.totals.usercommission),
      hiTexts.membersCaption,
      hiTexts.pointsByTypeCaption,
      hiTexts.summaryTitle,
      hiTexts.weekText(s),
      ...[...AGENT_MAIL_COLUMNS, ...AGENT_MAIL_POINTS_BY_TYPE_COLUMNS].map((c) => LABELS_HI[c.header]!),
    ];
    for (const expected of screenWords) expect(text).toContain(words(expected));
    // No line is left in English, and the PDF's old words are gone (स्टेटमेंट, पॉइंट: docs/glossary-hi.md).
    for (const line of statementLines(s)) expect(text).not.toContain(line.label);
    expect(text).not.toContain('पॉइंट्स');
    expect(text).not.toContain('विवरण सारांश');
    // The members' days as the Hindi screen's cells write them: Hindi months, no English one left.
    expect(r.data.length).toBeGreaterThan(0);
    for (const row of r.data) expect(text).toContain(words(formatDayIn('hi', row.registeredAt)));
    expect(extracted).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  });
});
