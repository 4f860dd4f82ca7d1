import { ENDPOINTS } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import type { ExportTable } from './file-builders.js';
import { toCsv, toXlsx } from './test-support/whole-files.js';

const ATTACK = "-2+3+cmd|' /C calc'!A0";

/** Text as typed -> as a spreadsheet must get it (a leading ' when it could run as a formula). */
const CASES: [string, string][] = [
  [ATTACK, `'${ATTACK}`],
  ['=1+1', "'=1+1"],
  ['=HYPERLINK("http://x.example","y")', '\'=HYPERLINK("http://x.example","y")'],
  ['+1+1', "'+1+1"],
  ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
  ['\t=1+1', "'\t=1+1"],
  ['\r=1+1', "'\r=1+1"],
  ['-', "'-"],
  ['- 3', "'- 3"],
  ['-12.50 ', "'-12.50 "],
  ['1-2', '1-2'],
  ['plain text', 'plain text'],
  // Wholly a number: stays as it is.
  ['-12.50', '-12.50'],
  ['+5', '+5'],
  ['-.5', '-.5'],
  ['42', '42'],
];

const table = (): ExportTable => ({
  title: 'Guard',
  columns: [
    { key: 'text', header: 'Text', type: 'string' },
    { key: 'amount', header: 'Amount', type: 'float' },
  ],
  rows: CASES.map(([text], i) => ({ text, amount: -(i + 0.5) })),
});

/** CSV fields of a line, unquoted (the test's own reading: quotes only around fields with `"`, `,`, CR or LF). */
function csvRecords(csv: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  return records;
}

async function xlsxRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('formula guard of the exports', () => {
  it('neutralises every text cell a spreadsheet could run, in CSV', async () => {
    const records = csvRecords(await toCsv([table()]));
    expect(records[0]).toEqual(['Text', 'Amount']);
    expect(records.slice(1).map((r) => r[0])).toEqual(CASES.map(([, safe]) => safe));
    // Amounts are numbers, written as such (a leading minus is not a formula).
    expect(records.slice(1).map((r) => r[1])).toEqual(CASES.map((_, i) => (-(i + 0.5)).toFixed(2)));
  });

  it('neutralises the same text cells in XLSX, where amounts stay numeric cells', async () => {
    const rows = await xlsxRows(await toXlsx([table()]));
    expect(rows[0]).toEqual(['Text', 'Amount']);
    // An XML reader reads a carriage return in text as a line feed.
    expect(rows.slice(1).map((r) => r[0])).toEqual(CASES.map(([, safe]) => safe.replace('\r', '\n')));
    expect(rows.slice(1).map((r) => r[1])).toEqual(CASES.map((_, i) => -(i + 0.5)));
  });
});

describe.each(TEST_DB_KINDS)('formula guard on a real export on %s', (kind) => {
  let t: TestApp;
  let am1: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await createNetwork(t.app.db);
    // Free text an account holder could have typed into an address.
    await t.app.db.execute(sql`UPDATE accounts SET address = ${ATTACK} WHERE username = 'master1'`);
    await t.app.db.execute(sql`UPDATE accounts SET address = '-12.50' WHERE username = 'master2'`);
    am1 = await signIn(t.app, 'am1');
  });
  afterAll(async () => t?.close());

  const exported = (format: 'csv' | 'xlsx') => injectAs(t.app, am1, { url: `/api/playrep/agentdetails?format=${format}` });
  const locationColumn = ENDPOINTS.agentDetails.exports.sheets.agents.columns.findIndex((c) => c.header === 'Agent LOCATION');

  it('writes the Agent LOCATION of Agent Details neutralised in CSV, a plain number as it is', async () => {
    const res = await exported('csv');
    expect(res.statusCode).toBe(200);
    const records = csvRecords(res.body);
    const byAgent = Object.fromEntries(records.slice(1).map((r) => [r[1], r[locationColumn]]));
    expect(byAgent).toEqual({ master1: `'${ATTACK}`, master2: '-12.50' });
  });

  it('writes it neutralised in XLSX too', async () => {
    const res = await exported('xlsx');
    expect(res.statusCode).toBe(200);
    const rows = await xlsxRows(res.rawPayload);
    const byAgent = Object.fromEntries(rows.slice(1).map((r) => [r[1], r[locationColumn]]));
    expect(byAgent).toEqual({ master1: `'${ATTACK}`, master2: '-12.50' });
  });
});
