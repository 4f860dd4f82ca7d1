import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { DRAW_BATCH_SIZE } from './queries.js';

const FUN_AB = 'qZicXikM';
const TRIPLE_FUN = 'zuuhVbBM';
const FUN_TARGET = 'MNOQqWWi';

/** An instant as the exports write it: IST, 'DD/MM/YYYY, h:mm:ss am'. */
function istText(ms: number): string {
  const d = new Date(ms + 330 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}, ${hour12}:${pad(d.getUTCMinutes())}:${pad(
    d.getUTCSeconds(),
  )} ${h < 12 ? 'am' : 'pm'}`;
}

/** The lines of a CSV body without the BOM and the final line break. */
function csvLines(body: string): string[] {
  return body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');
}

async function readSheet(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe.each(TEST_DB_KINDS)('draw details on %s', (kind) => {
  let t: TestApp;
  let player: TestSession;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    // "Now" is 2025-03-05 12:00 IST (06:30 UTC).
    t.clock.set('2025-03-05T06:30:00Z');
    await createNetwork(t.app.db);
    // Fun AB: a draw every 90 s from 2025-03-04 00:00 IST to 2025-03-05 23:58 IST; every 7th without colour,
    // every 11th not open yet (no number). Triple Fun: three draws.
    await t.app.db.execute(sql`
      INSERT INTO draws (game_id, draw_time, drawno, color)
      SELECT 4, ts, CASE WHEN n % 11 = 0 THEN NULL ELSE (ARRAY['A','2','10','K'])[1 + n % 4] END,
             CASE WHEN n % 7 = 0 THEN NULL ELSE (ARRAY['c','k','l','f'])[1 + n % 4] END
        FROM generate_series(0, 1919) AS n, LATERAL (SELECT timestamptz '2025-03-03T18:30:00Z' + n * interval '90 seconds' AS ts) x`);
    await t.app.db.execute(sql`
      INSERT INTO draws (game_id, draw_time, drawno, color) VALUES
        (3, '2025-03-05T01:00:00Z', '1-2-3', NULL), (3, '2025-03-05T02:00:00Z', '4-5-6', NULL), (3, '2025-03-05T08:00:00Z', '7-8-9', NULL)`);
    player = await signIn(t.app, 'player1');
  });
  afterAll(async () => t?.close());

  const get = (query: string) => injectAs(t.app, player, { url: `/api/playrep/drawdetails?${query}` });

  /** Independent count: draws with a number, from the range start up to now. */
  function expectedCount(fromUtc: Date, toUtc: Date): number {
    let count = 0;
    for (let n = 0; n < 1920; n++) {
      const at = Date.parse('2025-03-03T18:30:00Z') + n * 90_000;
      if (at >= fromUtc.getTime() && at < toUtc.getTime() && n % 11 !== 0) count++;
    }
    return count;
  }

  it('pages on the server, newest first, never showing unopened or future draws', async () => {
    const res = await get(`gameId=${FUN_AB}&fromDate=2025-03-04&toDate=2025-03-05&page=1&pageSize=20`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.gameName).toBe('Fun AB');
    expect(body.total).toBe(expectedCount(new Date('2025-03-03T18:30:00Z'), new Date('2025-03-05T06:30:00Z')));
    expect(body.data).toHaveLength(20);
    const times = body.data.map((d: { date: string }) => Date.parse(d.date));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.max(...times)).toBeLessThan(Date.parse('2025-03-05T06:30:00Z'));
    expect(body.data.every((d: { drawno: string | null }) => d.drawno !== null)).toBe(true);
    expect(body.data.some((d: { color: string | null }) => d.color === null)).toBe(true);

    const last = Math.ceil(body.total / 20);
    const lastPage = (await get(`gameId=${FUN_AB}&fromDate=2025-03-04&toDate=2025-03-05&page=${last}&pageSize=20`)).json();
    expect(lastPage.data).toHaveLength(body.total - (last - 1) * 20);
    expect(lastPage.data.at(-1).date).toBe('2025-03-03T18:31:30.000Z');
  });

  it('keeps the hyphens of Triple Fun in the data (the screen removes them)', async () => {
    const body = (await get(`gameId=${TRIPLE_FUN}&fromDate=2025-03-05&toDate=2025-03-05`)).json();
    expect(body.data.map((d: { drawno: string }) => d.drawno)).toEqual(['4-5-6', '1-2-3']);
  });

  it('gives 404 for an unknown game and 400 for bad paging or dates', async () => {
    const unknown = await get('gameId=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unknown game: nope');
    expect((await get(`gameId=${FUN_AB}&page=0`)).statusCode).toBe(400);
    expect((await get(`gameId=${FUN_AB}&pageSize=1000`)).statusCode).toBe(400);
    expect((await get(`gameId=${FUN_AB}&fromDate=31-Feb-2025`)).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
  });

  it('exports the whole range as CSV without the hyphens', async () => {
    const res = await get(`gameId=${TRIPLE_FUN}&fromDate=2025-03-05&toDate=2025-03-05&format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Sr. No.,Winning No,Draw Time');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['456', '123']);
  });

  /** Independent expectation of the Fun AB export on 2025-03-05 up to now: what the screen shows. */
  function funAbLines(sort: 'asc' | 'desc'): string[] {
    const ranks = ['A', '2', '10', 'K'];
    const suits = ['\u2666', '\u2660', '\u2665', '\u2663']; // c, k, l, f
    const rows: { at: number; text: string }[] = [];
    // 2025-03-05 00:00 IST is draw 960; now (06:30 UTC) is draw 1440.
    for (let n = 960; n < 1440; n++) {
      if (n % 11 === 0) continue;
      const winning = `${ranks[n % 4]} ${n % 7 === 0 ? 'Not Open' : suits[n % 4]}`;
      rows.push({ at: Date.parse('2025-03-03T18:30:00Z') + n * 90_000, text: winning });
    }
    if (sort === 'desc') rows.reverse();
    return rows.map((r, i) => `${i + 1},${r.text},"${istText(r.at)}"`);
  }

  it('exports Fun AB with its suit symbols and Not Open, as the screen shows them, in either order', async () => {
    const desc = await get(`gameId=${FUN_AB}&fromDate=2025-03-05&toDate=2025-03-05&format=csv`);
    expect(csvLines(desc.body)).toEqual(['Sr. No.,Winning No,Draw Time', ...funAbLines('desc')]);
    const asc = await get(`gameId=${FUN_AB}&fromDate=2025-03-05&toDate=2025-03-05&format=csv&sort=asc`);
    expect(csvLines(asc.body)).toEqual(['Sr. No.,Winning No,Draw Time', ...funAbLines('asc')]);
    expect(funAbLines('desc').some((l) => l.includes('Not Open'))).toBe(true);
  });

  it('writes the same rows into the XLSX, Triple Fun without hyphens', async () => {
    const res = await get(`gameId=${FUN_AB}&fromDate=2025-03-05&toDate=2025-03-05&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="draws-Fun-AB-2025-03-05-to-2025-03-05\.xlsx"/);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.name).toBe('Fun AB');
    const expected = funAbLines('desc');
    expect(sheet.rowCount).toBe(expected.length + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Sr. No.', 'Winning No', 'Draw Time']);
    const rowText = (i: number) => {
      const cells = sheet.getRow(i).values as unknown[];
      return `${cells[1]},${cells[2]},"${cells[3]}"`;
    };
    expect([rowText(2), rowText(expected.length + 1)]).toEqual([expected[0], expected.at(-1)]);
    // Indian grouping (number-format.test.ts checks the lakh and crore forms).
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('#,##0');

    const triple = await readSheet(
      (await get(`gameId=${TRIPLE_FUN}&fromDate=2025-03-05&toDate=2025-03-05&format=xlsx`)).rawPayload,
    );
    expect([triple.getRow(2).getCell(2).value, triple.getRow(3).getCell(2).value]).toEqual(['456', '123']);
  });
});

describe.each(TEST_DB_KINDS)('a whole year of draws on %s', (kind) => {
  let t: TestApp;
  let player: TestSession;
  // A draw every 10 minutes over the 366 days from 2024-03-01 to 2025-03-01 (IST), every 1000th not
  // open: over 10 export batches, and far more draws than the pages that can be shown from either end.
  const DRAWS = 366 * 144;
  const FIRST = Date.parse('2024-02-29T18:30:00Z');
  const at = (n: number) => FIRST + n * 600_000;
  const openCount = DRAWS - Math.ceil(DRAWS / 1000);
  const query = `gameId=${FUN_TARGET}&fromDate=2024-03-01&toDate=2025-03-01`;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set('2025-03-05T06:30:00Z');
    await createNetwork(t.app.db);
    await t.app.db.execute(sql`
      INSERT INTO draws (game_id, draw_time, drawno, color)
      SELECT 1, timestamptz '2024-02-29T18:30:00Z' + n * interval '10 minutes',
             CASE WHEN n % 1000 = 0 THEN NULL ELSE (n % 10)::text END, NULL
        FROM generate_series(0, ${DRAWS - 1}) AS n`);
    player = await signIn(t.app, 'player1');
  }, 120_000);
  afterAll(async () => t?.close());

  it('shows the pages near either end of a year, either way, and refuses one in the middle with 400 saying which can be', async () => {
    // The rule: a page is shown when all its draws lie within 10,000 of one end of the range.
    const DEPTH = 10_000;
    const oldestFirst = Array.from({ length: DRAWS }, (_, n) => n).filter((n) => n % 1000 !== 0);
    const newestFirst = [...oldestFirst].reverse();
    const page = async (sort: 'asc' | 'desc', pageSize: number, number: number) => {
      const res = await injectAs(t.app, player, {
        url: `/api/playrep/drawdetails?${query}&sort=${sort}&pageSize=${pageSize}&page=${number}`,
      });
      return { status: res.statusCode, body: res.json() };
    };
    const expectPage = async (sort: 'asc' | 'desc', pageSize: number, number: number) => {
      const { status, body } = await page(sort, pageSize, number);
      expect(status, `${sort} page ${number} of size ${pageSize}`).toBe(200);
      expect(body.total).toBe(openCount);
      const order = sort === 'asc' ? oldestFirst : newestFirst;
      const expected = order.slice((number - 1) * pageSize, number * pageSize);
      expect(body.data.map((d: { date: string }) => Date.parse(d.date))).toEqual(expected.map(at));
      expect(body.data.map((d: { drawno: string }) => d.drawno)).toEqual(expected.map((n) => String(n % 10)));
    };

    for (const [sort, pageSize] of [
      ['desc', 10],
      ['asc', 10],
      ['desc', 30],
      ['asc', 50],
    ] as const) {
      const pages = Math.ceil(openCount / pageSize);
      // The deepest page from the start, and the first and the last from the end.
      let lastFromStart = 1;
      while ((lastFromStart + 1) * pageSize <= DEPTH) lastFromStart++;
      let firstFromEnd = pages;
      while (openCount - (firstFromEnd - 2) * pageSize <= DEPTH) firstFromEnd--;
      for (const number of [1, 2, lastFromStart, firstFromEnd, pages - 1, pages]) await expectPage(sort, pageSize, number);

      const n = (value: number) => value.toLocaleString('en-IN');
      for (const number of [lastFromStart + 1, Math.round(pages / 2), firstFromEnd - 1]) {
        const refused = await page(sort, pageSize, number);
        expect(refused.status, `${sort} page ${number} of size ${pageSize}`).toBe(400);
        expect(refused.body).toEqual({
          message:
            `Page ${n(number)} of ${n(pages)} is too far into this range to show: pages 1 to ${n(lastFromStart)} and ` +
            `${n(firstFromEnd)} to ${n(pages)} can be. Choose a shorter date range to see the draws between them.`,
        });
      }
      // Past the end: no rows, and the total (the screen then goes to the last page).
      const past = await page(sort, pageSize, pages + 3);
      expect(past.status).toBe(200);
      expect(past.body).toMatchObject({ total: openCount, data: [] });
    }
  }, 120_000);

  it('exports every draw of a 366-day range as CSV, newest first, in order across batches', { timeout: 120_000 }, async () => {
    const res = await injectAs(t.app, player, { url: `/api/playrep/drawdetails?${query}&format=csv` });
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(openCount + 1);
    expect(openCount).toBeGreaterThan(10 * DRAW_BATCH_SIZE);
    // Newest: the last draw (n = DRAWS - 1); oldest: n = 1 (n = 0 is not open).
    expect(lines[1]).toBe(`1,${(DRAWS - 1) % 10},"${istText(at(DRAWS - 1))}"`);
    expect(lines.at(-1)).toBe(`${openCount},1,"${istText(at(1))}"`);
    // No draw twice or missing at a batch boundary: Sr. No. runs on and the digits follow n.
    let n = DRAWS;
    for (let i = 1; i < lines.length; i++) {
      n--;
      if (n % 1000 === 0) n--;
      const [srNo, winning] = lines[i]!.split(',');
      if (srNo !== String(i) || winning !== String(n % 10)) throw new Error(`line ${i}: ${lines[i]}, expected draw ${n}`);
    }
  });

  // The workbook is built from the same rows as the CSV, read the same way on either database: a
  // year of it (the slowest export there is) is built once, on the first kind.
  it.runIf(kind === TEST_DB_KINDS[0])(
    'exports the same year as XLSX, oldest first when asked',
    { timeout: 180_000 },
    async () => {
      const res = await injectAs(t.app, player, { url: `/api/playrep/drawdetails?${query}&format=xlsx&sort=asc` });
      expect(res.statusCode).toBe(200);
      // Read back row by row too: a year of draws is large for a whole-workbook load.
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([res.rawPayload]), {});
      const rows: unknown[][] = [];
      let count = 0;
      for await (const sheet of reader) {
        for await (const row of sheet) {
          count++;
          if (count <= 2) rows.push(row.values as unknown[]);
          else rows[2] = row.values as unknown[];
        }
      }
      expect(count).toBe(openCount + 1);
      expect(rows).toEqual([
        [undefined, 'Sr. No.', 'Winning No', 'Draw Time'],
        [undefined, 1, '1', istText(at(1))],
        [undefined, openCount, String((DRAWS - 1) % 10), istText(at(DRAWS - 1))],
      ]);
    },
  );
});
