import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMoneyNetwork,
  CAFES,
  type Cafe,
  cents,
  NOW,
  PARENT,
  PLAYS,
  TODAY,
  WEEKS,
} from '../../src/modules/money-reports/test-support/money-fixture.js';
import { injectAs, signIn, type TestSession } from '../fixtures/network.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { TEST_DB_KINDS } from '../test-db.js';

interface CafeBody {
  data: {
    cafe: string;
    master: string;
    plays: number;
    stake: number;
    wins: number;
    profit: number;
    ownProfit: number;
    otherProfit: number;
    members: number;
  }[];
}

const sumCents = (values: readonly number[]) => values.reduce((s, v) => s + cents(v), 0);

/**
 * Cafe Profit (docs/domain.md, "Insight") against the fixture's plays: each cafe's figures are the
 * plays made there, whoever played; its own and other members' parts add up to its profit; a
 * master's cafes together are the plays at its cafes, not its profit.
 */
describe.each(TEST_DB_KINDS)('cafe profit on %s', (kind) => {
  let t: TestApp;
  const sessions = {} as Record<'superadmin' | 'am1', TestSession>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    t.clock.set(NOW);
    await buildMoneyNetwork(t.app.db);
    for (const user of ['superadmin', 'am1'] as const) sessions[user] = await signIn(t.app, user);
  });
  afterAll(async () => t?.close());

  const ok = async (who: keyof typeof sessions, path: string) => {
    const res = await injectAs(t.app, sessions[who], { url: `/api/playrep/${path}` });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res;
  };

  it('gives each cafe the plays made there, split into its owner’s members and the others', async () => {
    const body = (await ok('superadmin', `cafeprofit?fromDate=${WEEKS[0]}&toDate=${TODAY}`)).json() as CafeBody;
    expect(body.data.map((r) => r.cafe).sort()).toEqual(Object.keys(CAFES).sort());
    for (const row of body.data) {
      const cafe = row.cafe as Cafe;
      const here = PLAYS.filter((p) => p.cafe === cafe);
      const own = here.filter((p) => PARENT[p.member] === CAFES[cafe]);
      const other = here.filter((p) => PARENT[p.member] !== CAFES[cafe]);
      expect(row.master).toBe(CAFES[cafe]);
      expect(row.plays, cafe).toBe(here.length);
      expect(cents(row.stake), cafe).toBe(sumCents(here.map((p) => p.play)));
      expect(cents(row.wins), cafe).toBe(sumCents(here.map((p) => p.win)));
      expect(cents(row.ownProfit), cafe).toBe(sumCents(own.map((p) => p.play - p.win)));
      expect(cents(row.otherProfit), cafe).toBe(sumCents(other.map((p) => p.play - p.win)));
      expect(cents(row.profit), cafe).toBe(cents(row.ownProfit) + cents(row.otherProfit));
      expect(row.members, cafe).toBe(new Set(here.map((p) => p.member)).size);
    }
    // Plays at another agent's cafe make the split: both parts somewhere.
    expect(body.data.some((r) => r.otherProfit !== 0)).toBe(true);
    // A master's cafes across the network add up to the plays at its cafes.
    for (const master of ['master1', 'master2', 'master3']) {
      const atItsCafes = PLAYS.filter((p) => CAFES[p.cafe] === master);
      const rows = body.data.filter((r) => r.master === master);
      expect(sumCents(rows.map((r) => r.profit)), master).toBe(sumCents(atItsCafes.map((p) => p.play - p.win)));
    }
  });

  it('lists only the cafes of the subject’s masters, and exports them', async () => {
    const body = (await ok('am1', `cafeprofit?fromDate=${WEEKS[0]}&toDate=${TODAY}`)).json() as CafeBody;
    expect(body.data.map((r) => r.master).sort()).toEqual(['master1', 'master1', 'master2']);
    const csv = (await ok('am1', `cafeprofit?fromDate=${WEEKS[0]}&toDate=${TODAY}&format=csv`)).body;
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Cafe,Agent,Plays,Play,Win,Profit,Own Members,Other Members,Members',
    );
    expect(csv).toContain('cafe2,master2,');
  });
});
