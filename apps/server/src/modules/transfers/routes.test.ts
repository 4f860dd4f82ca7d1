import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, injectAs, type NetworkIds, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { acceptTransfer, createTransfer, ensureHouseAccount } from '../ledger/ledger.js';

describe.each(TEST_DB_KINDS)('transfer report routes on %s', (kind) => {
  let t: TestApp;
  let ids: NetworkIds;
  let master1: TestSession;
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
    master1 = await signIn(t.app, 'master1');
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
    ['fromDate=2025-02-30', /fromDate/],
    ['toDate=yesterday', /toDate/],
    ['fromDate=2025-03-09&toDate=2025-03-01', /toDate must not be before fromDate/],
    ['fromDate=2023-01-01&toDate=2025-03-01', /within 366 days/],
  ])('refuses %s with 400 naming the field', async (query, message) => {
    const res = await injectAs(t.app, master1, { url: url(query) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

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
    expect(lines.at(-1)).toBe(`Total,,,,${(expectedCents / 100).toFixed(2)},`);
  });

  it('exports all sections as an XLSX workbook', async () => {
    const res = await injectAs(t.app, master1, { url: url('fromDate=2025-03-03&toDate=2025-03-09&format=xlsx') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
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
