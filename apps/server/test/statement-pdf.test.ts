import type { AgentMailResponse, ManagerMailResponse, RevenueWeekResponse, WeekStatement } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { seedNetwork } from '../src/demo/index.js';
import { closeFinishedWeeks } from '../src/modules/settlement/index.js';
import { injectAs, signIn, type TestSession } from './fixtures/network.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { TEST_DB_KINDS } from './test-db.js';

/**
 * The statements' PDF (docs/domain.md, "Mail and statements") on the demo network: its text, read
 * back with a maintained parser (pdf-parse), holds every line and figure of the screen's answer for
 * the same account and week (master1; master2 with its loan; master4 with three loans; am1's Manager
 * Mail; master2's Revenue week), over the last three closed weeks; a statement of 40 members fits
 * one A4 page and a longer one repeats its table's header on the next; CSV, Excel and PDF hold the
 * same rows.
 */
const END = '2026-03-04';
const WEEKS = ['2026-02-09', '2026-02-16', '2026-02-23'] as const;
const MEMBERS_WEEK = WEEKS[2];

const amount = (n: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const day = (iso: string) => `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
const sunday = (monday: string) => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

interface Pdf {
  /** The text, one line per line of the page, pages in order. */
  text: string;
  pages: number;
  title: string | undefined;
  author: string | undefined;
}

async function readPdf(data: Buffer): Promise<Pdf> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    return { text: text.text, pages: text.total, title: info.info?.Title, author: info.info?.Author };
  } finally {
    await parser.destroy();
  }
}

/** The lines of the week's statement as the screen shows them: label and value. */
function statementLines(s: WeekStatement): string[] {
  return [
    `Revenue Percentage ${s.revenuePercentage}%`,
    `Actual Points ${amount(s.actualPoints)}`,
    ...(s.latePoints !== 0 ? [`of which late ${amount(s.latePoints)}`] : []),
    `Gift Points ${amount(s.giftPoints)}`,
    `Loss Carried In ${amount(s.carryIn)}`,
    `Taken Off the Gift ${amount(s.carryEffect)}`,
    `Actual Revenue ${amount(s.actualRevenue)}`,
    `Loan Deduction ${s.loan.deductionPercentage}% deducted for loan`,
    `Previous Loan ${amount(s.loan.previousLoan)}`,
    `Deducted Points ${amount(s.loan.deductedPoints)}`,
    `Loan Remaining ${s.loan.hasLoan ? amount(s.loan.loanRemaining) : 'No Record Found'}`,
    `Paid ${amount(s.paid)}`,
    `Carry Forward ${amount(s.carryForward)}`,
  ];
}

describe.each(TEST_DB_KINDS)('statement PDFs on the demo network, %s', (kind) => {
  let t: TestApp;
  let am1: TestSession;
  let ids: Record<string, string>;
  const get = (url: string) => injectAs(t.app, am1, { url });
  const pdfOf = async (url: string) => {
    const res = await get(`${url}&format=pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return readPdf(res.rawPayload);
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(`${END}T12:00:00+05:30`);
    await seedNetwork(t.database, { scale: 'tiny', seed: 7, endDate: END, now: t.clock.now(), houseUsername: 'HOUSE' });
    // Two more agents of am1, with 40 and 100 members who each played in the week of MEMBERS_WEEK.
    for (const [master, members] of [
      ['master40', 40],
      ['master100', 100],
    ] as const) {
      await t.app.db.execute(sql`INSERT INTO accounts (username, role, parent_id, first_name, last_name, commission)
        SELECT ${master}, 'master', id, 'Many', 'Members', 10 FROM accounts WHERE username = 'am1'`);
      await t.app.db.execute(
        sql`INSERT INTO cafes (master_id, name) SELECT id, ${`${master} cafe`} FROM accounts WHERE username = ${master}`,
      );
      await t.app.db.execute(sql`INSERT INTO accounts (username, role, parent_id, first_name, last_name)
        SELECT ${master} || '-m' || n, 'player', a.id, 'Member', 'Number ' || n FROM accounts a, generate_series(1, ${members}) n
         WHERE a.username = ${master}`);
      await t.app.db.execute(sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
        SELECT m.id, c.id, 1, 10000 + split_part(m.username, '-m', 2)::int * 100, 2500, ${`${MEMBERS_WEEK}T10:00:00+05:30`}::timestamptz
          FROM accounts m JOIN accounts a ON a.id = m.parent_id JOIN cafes c ON c.master_id = a.id
         WHERE a.username = ${master}`);
    }
    const closed = await closeFinishedWeeks(t.app.db, { now: t.clock.now() });
    expect(closed.closed).toEqual(expect.arrayContaining(WEEKS.map((w) => `${w} games`)));
    ids = Object.fromEntries(
      (await queryRows<{ username: string; id: string }>(t.app.db, sql`SELECT username, id FROM accounts`)).map((r) => [
        r.username,
        r.id,
      ]),
    );
    am1 = await signIn(t.app, 'am1');
  });
  afterAll(async () => t?.close());

  for (const master of ['master1', 'master2', 'master4'] as const) {
    it(`Agent Mail of ${master}: every line and figure of the screen, over three closed weeks`, async () => {
      for (const week of WEEKS) {
        const url = `/api/playrep/mailreport?id=${ids[master]}&fromDate=${week}&toDate=${sunday(week)}`;
        const screen = (await get(url)).json() as AgentMailResponse;
        expect(screen.open).toBe(false);
        const pdf = await pdfOf(url);
        expect([pdf.title, pdf.author]).toEqual([`Agent Mail Details: ${master}`, 'Playrep back office']);
        const expected = [
          `Agent Mail Details: ${master}`,
          `From ${day(week)} to ${day(sunday(week))}`,
          `Statement of ${master}, commission ${screen.totals.usercommission}%`,
          'Your Members Played in Other Agents CyberCafe',
          ...screen.data.map((r) => `${r.username} ${r.name} ${amount(r.playPoints)} ${day(r.registeredAt)} ${amount(r.profit)}`),
          ...(screen.data.length > 0
            ? [
                `Total of ${screen.data.length} ${screen.data.length === 1 ? 'row' : 'rows'} ${amount(screen.totals.totalPlayPoints)} ${amount(screen.totals.totalProfit)}`,
              ]
            : ['No data available']),
          ...screen.userFound.map((u) => `${u.username} (play ${amount(u.playPoints)}, points used ${amount(u.profit)})`),
          ...screen.pointsByType.map((r) => `${r.type} ${amount(r.playPoints)} ${amount(r.profit)}`),
          `Week ${day(week)} to ${day(sunday(week))}: closed`,
          ...statementLines(screen.statement),
        ];
        const text = pdf.text.replace(/\s+/g, ' ');
        for (const line of expected) expect(text, `${master} ${week}`).toContain(line);
        expect(pdf.pages).toBe(1);
      }
    });
  }

  it('shows master2’s and master4’s loans: deductions, previous loan and what remains', async () => {
    for (const master of ['master2', 'master4']) {
      const screen = (await get(`/api/playrep/mailreport?id=${ids[master]}&fromDate=${WEEKS[2]}`)).json() as AgentMailResponse;
      expect(screen.statement.loan.hasLoan).toBe(true);
      expect(screen.statement.loan.previousLoan).toBeGreaterThan(0);
    }
  });

  it('Manager Mail of am1: every row and the total, over three closed weeks', async () => {
    for (const week of WEEKS) {
      const url = `/api/playrep/managermailreport?fromDate=${week}&toDate=${sunday(week)}`;
      const screen = (await get(url)).json() as ManagerMailResponse;
      expect(screen.data.length).toBeGreaterThan(1);
      const pdf = await pdfOf(url);
      const text = pdf.text.replace(/\s+/g, ' ');
      for (const line of [
        'Manager Mail Details: am1',
        `From ${day(week)} to ${day(sunday(week))}`,
        ...screen.data.map((r) => `${r.SrNo} ${r.username} ${r.name} ${amount(r.profit)}`),
        `Total of ${screen.data.length} rows ${amount(screen.totalProfit)}`,
      ]) {
        expect(text, week).toContain(line);
      }
    }
  });

  it('Revenue’s week popup of master2: the week’s row, the members and the statement', async () => {
    for (const week of WEEKS) {
      const url = `/api/playrep/revenueweek?id=${ids.master2}&fromDate=${week}`;
      const screen = (await get(url)).json() as RevenueWeekResponse;
      const w = screen.week;
      const pdf = await pdfOf(url);
      const text = pdf.text.replace(/\s+/g, ' ');
      for (const line of [
        `Revenue: Week ${day(week)} to ${day(sunday(week))}`,
        'master2: closed week',
        `1 ${day(w.fromDate)} ${day(w.toDate)} ${amount(w.profit)} ${amount(w.actualRevenue)} ${amount(w.revenueDeduction)} ${amount(w.deductionPercentage)} ${amount(w.revAfterLoan)} ${amount(w.commissionPercentage)}`,
        ...screen.members.map((m, i) => `${i + 1} ${m.username} ${amount(m.playPoints)} ${amount(m.profit)}`),
        ...statementLines(screen.statement),
      ]) {
        expect(text, week).toContain(line);
      }
    }
  });

  it('fits a statement of 40 members on one A4 page, and repeats the header on the pages after', async () => {
    const forty = await pdfOf(`/api/playrep/mailreport?id=${ids.master40}&fromDate=${MEMBERS_WEEK}`);
    expect(forty.pages).toBe(1);
    for (let n = 1; n <= 40; n++) expect(forty.text).toContain(`master40-m${n} Member Number ${n} `);
    expect(forty.text).toContain('Total of 40 rows');
    expect(forty.text).toContain('Carry Forward');

    const hundred = await pdfOf(`/api/playrep/mailreport?id=${ids.master100}&fromDate=${MEMBERS_WEEK}`);
    expect(hundred.pages).toBeGreaterThan(1);
    const pages = hundred.text.split(/-- \d+ of \d+ --/).filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(hundred.pages);
    expect(pages[1]).toContain('Your Members Played in Other Agents CyberCafe (continued)');
    for (const page of pages.slice(0, -1)) expect(page.replace(/\s+/g, ' ')).toContain('Member Id Member Name Play Reg');
    expect(hundred.text).toContain('Total of 100 rows');
  });

  it('takes the same rows into CSV, Excel and PDF', async () => {
    const url = `/api/playrep/mailreport?id=${ids.master1}&fromDate=${WEEKS[1]}`;
    const screen = (await get(url)).json() as AgentMailResponse;
    expect(screen.data.length).toBeGreaterThan(0);
    const expected = screen.data.map((r) => [r.username, r.name, r.playPoints, r.registeredAt, r.profit]);

    const csv = (await get(`${url}&format=csv`)).body.replace(/^\uFEFF/, '').split('\r\n');
    // The screen's five columns, then the export's Other cafes columns.
    const header = csv.findIndex((line) => line.startsWith('Member Id,Member Name,Play,Reg,Points Used By The Member,'));
    const csvRows = csv.slice(header + 1, header + 1 + screen.data.length).map((line) => line.split(',').slice(0, 5));
    expect(csvRows).toEqual(
      expected.map(([u, n, play, reg, profit]) => [u, n, Number(play).toFixed(2), day(String(reg)), Number(profit).toFixed(2)]),
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await get(`${url}&format=xlsx`)).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const xlsxRows = Array.from({ length: screen.data.length }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1, 6));
    expect(xlsxRows).toEqual(expected.map(([u, n, play, reg, profit]) => [u, n, play, day(String(reg)), profit]));

    const pdf = (await pdfOf(url)).text.replace(/\s+/g, ' ');
    for (const [u, n, play, reg, profit] of expected) {
      expect(pdf).toContain(`${u} ${n} ${amount(Number(play))} ${day(String(reg))} ${amount(Number(profit))}`);
    }
  });
});
