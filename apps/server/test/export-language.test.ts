import { EXPORT_LANGUAGE_MESSAGE, LABELS_HI, REVENUE_EXPORT_COLUMNS } from '@playrep/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedNetwork } from '../src/demo/index.js';
import { closeFinishedWeeks } from '../src/modules/settlement/index.js';
import { injectAs, signIn, type TestSession } from './fixtures/network.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { TEST_DB_KINDS } from './test-db.js';

/**
 * CSV and Excel downloads in Hindi on request (`lang=hi`): the column headers and the sheet's
 * title from the contracts' LABELS_HI, the rows the same as the English file's; English without
 * `lang`; any other `lang` refused with 400.
 */
const END = '2026-03-04';
const QUERY = 'revenuereport?fromDate=2026-02-02&toDate=2026-03-01';
const ENGLISH_HEADERS = REVENUE_EXPORT_COLUMNS.map((c) => c.header);
const HINDI_HEADERS = REVENUE_EXPORT_COLUMNS.map((c) => LABELS_HI[c.header]);

async function sheetOf(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows = (sheet.getSheetValues() as unknown[][]).filter(Array.isArray).map((row) => row.slice(1));
  return { name: sheet.name, rows };
}

describe.each(TEST_DB_KINDS)('downloads in Hindi with lang=hi, %s', (kind) => {
  let t: TestApp;
  let master: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(`${END}T12:00:00+05:30`);
    await seedNetwork(t.database, { scale: 'tiny', seed: 7, endDate: END, now: t.clock.now(), houseUsername: 'HOUSE' });
    await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    master = await signIn(t.app, 'master2');
  });
  afterAll(async () => t?.close());

  const get = (url: string) => injectAs(t.app, master, { url: `/api/playrep/${url}` });

  it('a CSV with lang=hi has the Hindi headers and the English file’s rows; without lang it stays English', async () => {
    const english = await get(`${QUERY}&format=csv`);
    const hindi = await get(`${QUERY}&format=csv&lang=hi`);
    const explicit = await get(`${QUERY}&format=csv&lang=en`);
    expect(hindi.statusCode, hindi.body).toBe(200);
    const [englishHead, ...englishRows] = english.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    const [hindiHead, ...hindiRows] = hindi.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(englishHead).toContain(ENGLISH_HEADERS.slice(1, 4).join(','));
    for (const header of HINDI_HEADERS) expect(hindiHead).toContain(header);
    for (const header of ENGLISH_HEADERS) expect(hindiHead).not.toContain(`${header},`);
    expect(englishRows.length).toBeGreaterThan(0);
    expect(hindiRows).toEqual(englishRows);
    expect(explicit.body).toBe(english.body);
  });

  it('an Excel file with lang=hi has the Hindi headers and sheet name, and the English file’s rows', async () => {
    const english = await sheetOf((await get(`${QUERY}&format=xlsx`)).rawPayload);
    const hindiAnswer = await get(`${QUERY}&format=xlsx&lang=hi`);
    expect(hindiAnswer.statusCode).toBe(200);
    const hindi = await sheetOf(hindiAnswer.rawPayload);
    expect(english.name).toBe('Revenue');
    expect(hindi.name).toBe(LABELS_HI.Revenue);
    const headerRow = (rows: unknown[][], headers: readonly (string | undefined)[]) =>
      rows.findIndex((row) => headers.every((h) => row.includes(h)));
    const englishAt = headerRow(english.rows, ENGLISH_HEADERS);
    const hindiAt = headerRow(hindi.rows, HINDI_HEADERS);
    expect(englishAt).toBeGreaterThanOrEqual(0);
    expect(hindiAt).toBe(englishAt);
    expect(hindi.rows.slice(hindiAt + 1)).toEqual(english.rows.slice(englishAt + 1));
  });

  it('refuses any other lang with 400 and says which are taken', async () => {
    const res = await get(`${QUERY}&format=csv&lang=xx`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(EXPORT_LANGUAGE_MESSAGE);
  });
});
