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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { seedNetwork } from '../src/demo/index.js';
import { requireAccount } from '../src/modules/accounts/repository.js';
import { downloadFile } from '../src/modules/export/download.js';
import { buildPdf } from '../src/modules/export/table-export.js';
import { agentMailDocument } from '../src/modules/money/statements.js';
import { closeFinishedWeeks } from '../src/modules/settlement/index.js';
import { commandOutput } from './pdf-tools.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { TEST_DB_KINDS } from './test-db.js';

/**
 * One Hindi for a statement: the Hindi PDF of Agent Mail Details words it as the Hindi screen does.
 * The words expected are the shared table's (the contracts' STATEMENT_TEXTS and LABELS_HI, which
 * the web's statement takes too), read back from the PDF with poppler's pdftotext.
 */
const END = '2026-03-04';
const WEEK = '2026-02-23';
const hi = STATEMENT_TEXTS.hi;

/**
 * Text as compared: without spaces and joiners. pdftotext puts a space inside some shaped clusters
 * of the Devanagari font (कै फ़े for कैफ़े, क ुल for कुल), so words are compared letter for letter.
 */
const words = (text: string) => text.replace(/[\s\u200c\u200d]+/g, '');

describe.each(TEST_DB_KINDS)('a Hindi statement PDF words it as the screen does, %s', (kind) => {
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
    const lines = statementLinesIn(s, hi);
    // Every line of the statement is there, each once, in the screen's Hindi.
    expect(lines.map((line) => line.key)).toEqual(statementLines(s).map((line) => line.label));
    for (const line of lines) {
      expect(text).toContain(words(line.label));
      if (line.note) expect(text).toContain(words(line.note));
      if (typeof line.value === 'string') expect(text).toContain(words(line.value));
    }
    const screenWords = [
      `${LABELS_HI['Agent Mail Details']}: master2`,
      hi.heading(r.fromDate, r.toDate),
      hi.statementOf('master2', r.totals.usercommission),
      hi.membersCaption,
      hi.pointsByTypeCaption,
      hi.summaryTitle,
      hi.weekText(s),
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
