import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { acceptTransfer, createTransfer, ensureHouseAccount } from '../ledger/ledger.js';

const LAST_MINUTE_OF_27TH = new Date('2025-02-27T18:29:00Z');
const FIRST_MINUTE_OF_28TH = new Date('2025-02-27T18:30:00Z');

interface Row {
  _id: string;
  amount: number;
  createdAt: string;
  status: string;
  toUserId?: { username: string };
  userId?: { username: string };
}

describe.each(TEST_DB_KINDS)('transfer report routes on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  let master1: TestSession;
  let player1: TestSession;
  const amounts = [150, 275.5, 1234.56, 99.99];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set('2025-03-09T12:00:00Z');
    const db = t.app.db;
    ids = await createNetwork(db);
    const house = await ensureHouseAccount(db, 'HOUSE');
    const fund = await createTransfer(db, {
      fromId: house,
      toId: ids.master1,
      amountCents: 10_000_000,
      channel: 'single',
      at: new Date('2025-03-03T04:00:00Z'),
    });
    await acceptTransfer(db, { transferId: fund.id, byAccountId: ids.master1, at: new Date('2025-03-03T04:00:00Z') });
    for (const [i, amount] of amounts.entries()) {
      const tr = await createTransfer(db, {
        fromId: ids.master1,
        toId: ids.player1,
        amountCents: Math.round(amount * 100),
        channel: 'single',
        at: new Date(Date.UTC(2025, 2, 4 + i, 6)),
      });
      await acceptTransfer(db, { transferId: tr.id, byAccountId: ids.player1, at: new Date(Date.UTC(2025, 2, 4 + i, 7)) });
    }
    // Either side of an IST midnight: 2025-02-27 23:59 IST is 18:29 UTC, 2025-02-28 00:00 IST is 18:30 UTC.
    for (const [cents, at] of [
      [1_111, LAST_MINUTE_OF_27TH],
      [2_222, FIRST_MINUTE_OF_28TH],
    ] as const) {
      const tr = await createTransfer(db, { fromId: ids.master1, toId: ids.player1, amountCents: cents, channel: 'single', at });
      await acceptTransfer(db, { transferId: tr.id, byAccountId: ids.player1, at });
    }
    // One still pending, to compare the two sides' pending sections too.
    await createTransfer(db, {
      fromId: ids.master1,
      toId: ids.player1,
      amountCents: 4_321,
      channel: 'single',
      at: new Date('2025-03-08T09:00:00Z'),
    });
    master1 = await signIn(t.app, 'master1');
    player1 = await signIn(t.app, 'player1');
  });
  afterAll(async () => t?.close());

  const url = (query: string) => `/api/playrep/pointtransferreport?${query}`;

  it('answers the six sections with the range it used', async () => {
    const res = await injectAs(t.app, master1, { url: url(`id=${ids.master1}&fromDate=03-Mar-2025&toDate=2025-03-09`) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.range).toEqual({ fromDate: '2025-03-03', toDate: '2025-03-09' });
    expect(Object.keys(body.data)).toEqual([
      'transferred',
      'transferredNotReceived',
      'received',
      'yetToBeReceived',
      'rejected',
      'cancelled',
    ]);
    expect(body.data.transferred.map((r: { amount: number }) => r.amount).sort()).toEqual([...amounts].sort());
    expect(body.data.received.map((r: { type: string }) => r.type)).toEqual(['G']);
  });

  it('defaults to the 7 days ending today (IST)', async () => {
    const res = await injectAs(t.app, master1, { url: url('') });
    expect(res.json().range).toEqual({ fromDate: '2025-03-03', toDate: '2025-03-09' });
  });

  it.each([
    ['fromDate=2025-02-30', /^From Date is not a valid date/],
    ['toDate=yesterday', /^To Date is not a valid date/],
    ['fromDate=2025-03-09&toDate=2025-03-01', /^To Date must not be before From Date$/],
    ['fromDate=2023-01-01&toDate=2025-03-01', /^To Date must be within 366 days of From Date$/],
    ['fromDate=1999-12-27&toDate=2000-01-02', /^From Date must be a date in the years 2000 to 2100: 1999-12-27$/],
    ['toDate=2101-01-01', /^To Date must be a date in the years 2000 to 2100: 2101-01-01$/],
  ])('refuses %s with 400 naming the field as the screen labels it', async (query, message) => {
    const res = await injectAs(t.app, master1, { url: url(query) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('takes a From Date after today alone as its own 7 days, never blaming the To Date it was not given', async () => {
    const res = await injectAs(t.app, master1, { url: url('fromDate=2025-04-01') });
    expect(res.statusCode).toBe(200);
    expect(res.json().range).toEqual({ fromDate: '2025-04-01', toDate: '2025-04-07' });
  });

  it.each(['pointtransferreport', 'multipointtransferreport', 'weeklydetailsreport'])(
    '%s: Member ID takes any account the caller may see, or the house; any other name answers exactly as an unknown one',
    async (call) => {
      const week = 'fromDate=2025-03-03&toDate=2025-03-09';
      const answer = async (memberId: string) => {
        const res = await injectAs(t.app, master1, { url: `/api/playrep/${call}?${week}&memberId=${memberId}` });
        return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
      };
      const unknown = await answer('ghost');
      expect([unknown.status, JSON.parse(unknown.body)]).toEqual([404, { message: 'No such account' }]);
      // Not master1's to see: beside it under am1 (master2, player2), the other branch (am2, master3), admin2.
      for (const memberId of ['master2', 'PLAYER2', 'am2', 'master3', 'admin2']) {
        expect(await answer(memberId), memberId).toEqual(unknown);
      }
      // Its subtree, its chain of ancestors and the house: the report.
      for (const memberId of ['master1', 'PLAYER1', 'am1', 'sam1', 'admin1', 'superadmin', 'HOUSE']) {
        expect((await answer(memberId)).status, memberId).toBe(200);
      }
      if (call === 'pointtransferreport') {
        const house = (await injectAs(t.app, master1, { url: url(`${week}&memberId=house`) })).json().data;
        expect(house.received.map((r: Row) => [r.userId?.username, r.amount])).toEqual([['HOUSE', 100_000]]);
        const rows: Row[] = Object.values(
          (await injectAs(t.app, master1, { url: url(`${week}&memberId=player1`) })).json().data as Record<string, Row[]>,
        ).flat();
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.toUserId?.username === 'player1' || r.userId?.username === 'player1')).toBe(true);
      }
    },
  );

  it('exports the whole section as CSV with a total row that matches the rows', async () => {
    const res = await injectAs(t.app, master1, {
      url: url('fromDate=2025-03-03&toDate=2025-03-09&format=csv&section=transferred'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="point-transfer-master1-2025-03-03-to-2025-03-09-transferred\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Sr No,ID,Transferred To,Type,Amount,Transfer Time');
    const dataLines = lines.slice(1, -1);
    expect(dataLines).toHaveLength(amounts.length);
    const csvSum = dataLines.reduce((sum, line) => sum + Math.round(Number(line.split(',')[4]) * 100), 0);
    const expectedCents = amounts.reduce((sum, a) => sum + Math.round(a * 100), 0);
    expect(csvSum).toBe(expectedCents);
    expect(lines.at(-1)).toBe(`Total of ${amounts.length} rows,,,,${(expectedCents / 100).toFixed(2)},`);
  });

  it('names the counterparty column of each exported section as the spec does', async () => {
    const res = await injectAs(t.app, master1, { url: url('fromDate=2025-03-03&toDate=2025-03-09&format=csv') });
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    const headerAfter = (title: string) => lines[lines.indexOf(title) + 1]!.split(',')[2];
    expect(
      [
        'Point Transferred',
        'Points Transferred But yet to be Received',
        'Points Received',
        'Points yet to be Received',
        'Points Rejected',
        'Points Cancelled',
      ].map(headerAfter),
    ).toEqual([
      'Transferred To',
      'TransferTo',
      'ReceivedFrom',
      'ReceivedFrom',
      'Transferred To/Received From',
      'Transferred To/Received From',
    ]);
    const weekly = await injectAs(t.app, master1, {
      url: '/api/playrep/weeklydetailsreport?fromDate=2025-03-03&toDate=2025-03-09&format=csv&section=received',
    });
    expect(weekly.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Sr No,ID,Transferred To/Received From,Type,Amount,Transfer Time',
    );
  });

  it('shows both sides of a transfer alike: what master1 sent player1 is what player1 got from master1', async () => {
    const week = 'fromDate=2025-03-03&toDate=2025-03-09';
    const sent = (await injectAs(t.app, master1, { url: url(week) })).json().data;
    const got = (await injectAs(t.app, player1, { url: url(week) })).json().data;
    const key = (r: Row) => [r._id, r.amount, r.createdAt, r.status];
    const toPlayer1 = (rows: Row[]) => rows.filter((r) => r.toUserId?.username === 'player1').map(key);
    const fromMaster1 = (rows: Row[]) => rows.filter((r) => r.userId?.username === 'master1').map(key);
    expect(fromMaster1(got.received)).toEqual(toPlayer1(sent.transferred));
    expect(fromMaster1(got.received)).toHaveLength(amounts.length);
    expect(fromMaster1(got.yetToBeReceived)).toEqual(toPlayer1(sent.transferredNotReceived));
    expect(fromMaster1(got.yetToBeReceived).map((r) => r[1])).toEqual([43.21]);
    // Neither side sees the other's direction: player1 sent master1 nothing.
    expect(got.transferred).toEqual([]);
  });

  it('counts days in IST: 23:59 IST falls on that day, 00:00 IST on the next, for both sides', async () => {
    const day = (d: string) => `fromDate=${d}&toDate=${d}`;
    for (const [session, section] of [
      [master1, 'transferred'],
      [player1, 'received'],
    ] as const) {
      const on27th = (await injectAs(t.app, session, { url: url(day('2025-02-27')) })).json().data[section] as Row[];
      const on28th = (await injectAs(t.app, session, { url: url(day('2025-02-28')) })).json().data[section] as Row[];
      expect(on27th.map((r) => [r.amount, r.createdAt])).toEqual([[11.11, LAST_MINUTE_OF_27TH.toISOString()]]);
      expect(on28th.map((r) => [r.amount, r.createdAt])).toEqual([[22.22, FIRST_MINUTE_OF_28TH.toISOString()]]);
    }
    // The export writes the time as India sees it.
    const csv = await injectAs(t.app, player1, { url: url(`${day('2025-02-27')}&format=csv&section=received`) });
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toMatch(/,11\.11,"?27\/02\/2025, 11:59:00 pm"?$/);
  });

  it('exports all sections as an XLSX workbook', async () => {
    const res = await injectAs(t.app, master1, { url: url('fromDate=2025-03-03&toDate=2025-03-09&format=xlsx') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Point Transferred',
      'Points Transferred But yet to b',
      'Points Received',
      'Points yet to be Received',
      'Points Rejected',
      'Points Cancelled',
    ]);
    const sheet = workbook.getWorksheet('Point Transferred')!;
    const amountCells = Array.from({ length: amounts.length }, (_, i) => sheet.getRow(i + 2).getCell(5));
    expect(amountCells.map((c) => c.value).sort()).toEqual([...amounts].sort());
    expect(amountCells.map((c) => c.numFmt)).toEqual(amounts.map(() => '#,##0.00'));
    const total = sheet.getRow(amounts.length + 2);
    expect([total.getCell(1).value, total.getCell(5).value]).toEqual([
      `Total of ${amounts.length} rows`,
      amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100,
    ]);
  });

  it('keeps the multiplayer report to its own channel', async () => {
    const res = await injectAs(t.app, master1, {
      url: `/api/playrep/multipointtransferreport?fromDate=2025-03-03&toDate=2025-03-09`,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.values(res.json().data).flat()).toEqual([]);
  });

  it('refuses weekly details to a player and gives it to the master', async () => {
    const player = await signIn(t.app, 'player1');
    const refused = await injectAs(t.app, player, { url: '/api/playrep/weeklydetailsreport' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Not allowed' });
    const ok = await injectAs(t.app, master1, { url: '/api/playrep/weeklydetailsreport?fromDate=2025-03-03&toDate=2025-03-09' });
    expect(ok.json().data.transferred).toHaveLength(amounts.length);
  });
});
