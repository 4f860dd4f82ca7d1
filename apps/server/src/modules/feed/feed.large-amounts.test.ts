import {
  CALL_NAMES,
  DRAW_GAMES,
  ENDPOINTS,
  type FeedEventInput,
  isReportCall,
  mayCall,
  type ReportCall,
  type Role,
} from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signIn, type TestSession } from '../../../test/fixtures/network.js';
import { TEST_DB_KINDS } from '../../../test/test-db.js';
import { queryRows } from '../../db/client.js';
import { hashPassword } from '../identity/gate/passwords.js';
import { closeFinishedWeeks } from '../settlement/index.js';
import { brokenInvariants, buildFeedApp, cafeEvents, type FeedApp, HOUSE } from './test-support/feed-fixture.js';

/**
 * The largest amounts the feed accepts, in bulk, and every report over them (docs/domain.md, "Data
 * from the game platform"): a master fed through the feed, 11,301 plays and hands at the cap of
 * 10,000,000 points, 4,600 loans and transfers of the largest amount (9,999,999,999.99). The loans
 * owe more than 2^53 hundredths, and so does the master's balance once a history of 9,100 more
 * such transfers is added. Every report call of the endpoint table answers 200 for the master and
 * every ancestor, JSON and CSV, with figures equal to a computation here in BigInt, and the
 * weekly closing of the week settles it to the hundredth.
 *
 * Every figure below is computed in this file from the events it sends: hundredths as BigInt,
 * the settlement rules of docs/domain.md, "Weekly settlement" written out again.
 */
const NOW = '2025-03-12T12:00:00+05:30';
/** The closed-to-be week (Monday 3 to Sunday 9 March) and the current one (from Monday 10). */
const WEEK1 = { from: '2025-03-03', to: '2025-03-09' };
const WEEK2 = { from: '2025-03-10', to: '2025-03-16' };
const RANGE = { from: WEEK1.from, to: '2025-03-12' };

/** 10,000,000 points, the most a stake, a win or a rake may be; the largest other amount (9,999,999,999.99). */
const CAP = 1_000_000_000n;
const LARGEST = 999_999_999_999n;
const LARGEST_POINTS = '9999999999.99';

const MASTER = 'big-master';
const PLAYERS = ['big-p1', 'big-p2', 'big-p3'];
const OWN_CAFES = ['big-cafe-1', 'big-cafe-2'];
/** master1's cafe: plays there are "at other agents' cafes". */
const OTHER_CAFE = 'cafe-m1';
const ANCESTORS = ['am1', 'sam1', 'admin1', 'superadmin'];
const COMMISSION = { [MASTER]: 1250n, am1: 1000n, sam1: 1000n, admin1: 1000n, superadmin: 1000n } as Record<string, bigint>;

const PLAYS_WEEK1 = 10_001;
const PLAYS_WEEK2 = 200;
const HANDS_WEEK1 = 1_000;
const HANDS_WEEK2 = 100;
const LOANS = 4_600;
const FED_TRANSFERS = 10;
/** Added to the ledger directly (9,100 transfers one by one would take minutes), as the feed writes them. */
const HISTORY_TRANSFERS = 9_100;

interface Play {
  member: string;
  cafe: string;
  day: string;
  stake: bigint;
  win: bigint;
}

/** Hundredths as points: the exact decimal, read as the number a JSON answer holds. */
const points = (cents: bigint): number => {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return Number(`${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`);
};
/** A JSON number of points back to hundredths, from its text (exact below 10^13 points). */
const centsOf = (value: number): bigint => {
  const [whole, fraction = ''] = String(value).split('.');
  const cents = BigInt(whole!.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0'));
  return whole!.startsWith('-') ? -cents : cents;
};
const sum = <T>(items: readonly T[], pick: (item: T) => bigint) => items.reduce((s, item) => s + pick(item), 0n);
/** `bp` hundredths of a percent of a non-negative amount, half up, to a whole hundredth. */
const share = (amount: bigint, bp: bigint) => (amount * bp + 5_000n) / 10_000n;
const istTime = (day: string, minutes: number) =>
  `${day}T${String(9 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+05:30`;
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------- what is sent

const plays: Play[] = [];
const playEvents: FeedEventInput[] = [];
const WINS = [0n, CAP, 0n, 123_456_789n];
for (let i = 0; i < PLAYS_WEEK1 + PLAYS_WEEK2; i += 1) {
  const week1 = i < PLAYS_WEEK1;
  // Week 1: stakes at the cap, wins of every kind; week 2: stakes of 0.01 that win the cap (a loss).
  const play: Play = {
    member: PLAYERS[i % 3]!,
    cafe: week1 && i % 10 === 0 ? OTHER_CAFE : OWN_CAFES[i % 2]!,
    day: week1 ? plusDays(WEEK1.from, i % 7) : plusDays(WEEK2.from, i % 2),
    stake: week1 ? CAP : 1n,
    win: week1 ? WINS[i % 4]! : CAP,
  };
  plays.push(play);
  // Draws at whole minutes, a minute apart or more.
  const drawAt = istTime(play.day, i % 480);
  playEvents.push({
    id: `p-${i}`,
    type: 'play',
    playId: `p-${i}`,
    member: play.member,
    cafeId: play.cafe,
    game: DRAW_GAMES[i % 4]!.code,
    drawAt,
    stake: points(play.stake),
    win: String(points(play.win)),
    at: drawAt,
  });
}

const hands: { day: string; rake: bigint }[] = [];
const handEvents: FeedEventInput[] = [];
for (let i = 0; i < HANDS_WEEK1 + HANDS_WEEK2; i += 1) {
  const day = i < HANDS_WEEK1 ? plusDays(WEEK1.from, i % 7) : plusDays(WEEK2.from, i % 2);
  hands.push({ day, rake: CAP });
  handEvents.push({
    id: `h-${i}`,
    type: 'pokerHand',
    handId: `h-${i}`,
    member: PLAYERS[i % 3]!,
    cafeId: OWN_CAFES[0]!,
    rake: '10000000',
    at: istTime(day, i % 600),
  });
}

/** Loans issued on Tuesday of week 1, a second apart (the oldest is repaid first). */
const loanEvents: FeedEventInput[] = Array.from({ length: LOANS }, (_, i) => ({
  id: `l-${i}`,
  type: 'loan',
  loanId: `l-${i}`,
  agent: MASTER,
  principal: LARGEST_POINTS,
  processingFee: Number(LARGEST_POINTS),
  at: new Date(Date.parse('2025-03-04T10:00:00+05:30') + i * 1_000).toISOString(),
}));
const LOAN_TOTAL = 2n * LARGEST;

const transfer = (id: string, from: string, to: string, channel: 'single' | 'multiplayer', at: string): FeedEventInput => ({
  id,
  type: 'transfer',
  transferId: id,
  from,
  to,
  amount: LARGEST_POINTS,
  channel,
  at,
});
const transferEvents: FeedEventInput[] = [
  ...Array.from({ length: FED_TRANSFERS }, (_, i) => [
    transfer(`t-${i}`, HOUSE, MASTER, 'single', `2025-03-05T10:0${i}:00+05:30`),
    { id: `t-${i}-ok`, type: 'transfer.accepted' as const, transferId: `t-${i}`, at: `2025-03-05T10:0${i}:30+05:30` },
  ]).flat(),
  transfer('t-p1', MASTER, PLAYERS[0]!, 'single', '2025-03-06T10:00:00+05:30'),
  { id: 't-p1-ok', type: 'transfer.accepted', transferId: 't-p1', at: '2025-03-06T10:01:00+05:30' },
  transfer('t-p2', MASTER, PLAYERS[1]!, 'multiplayer', '2025-03-06T10:02:00+05:30'),
];

/** Wallet balances after it all (the house left out); every other account holds 0. */
const BALANCES: Record<string, bigint> = {
  [MASTER]: (BigInt(FED_TRANSFERS + HISTORY_TRANSFERS) - 2n) * LARGEST,
  [PLAYERS[0]!]: LARGEST,
};

// ---------------------------------------------------------------- what the reports must say

const inWeek = (day: string, week: { from: string; to: string }) => day >= week.from && day <= week.to;
const profitOf = (list: readonly Play[]) => sum(list, (p) => p.stake - p.win);
const weekPlays = (week: { from: string; to: string }) => plays.filter((p) => inWeek(p.day, week));
const PROFIT = { week1: profitOf(weekPlays(WEEK1)), week2: profitOf(weekPlays(WEEK2)) };
const RAKE = {
  week1: sum(
    hands.filter((h) => inWeek(h.day, WEEK1)),
    (h) => h.rake,
  ),
  week2: sum(
    hands.filter((h) => inWeek(h.day, WEEK2)),
    (h) => h.rake,
  ),
};

interface SettledWeek {
  profit: bigint;
  carryIn: bigint;
  revenue: bigint;
  rate: number;
  deduction: bigint;
  afterLoan: bigint;
  carryOut: bigint;
}

/**
 * One account's two weeks (docs/domain.md, "Weekly settlement"): base = profit + carry in; a
 * positive base earns the commission, a non-positive one is carried; the loans (the master's)
 * give up 50% of the revenue, at most what they owe.
 */
function settle(account: string, kind: 'games' | 'poker'): SettledWeek[] {
  let owed = account === MASTER && kind === 'games' ? BigInt(LOANS) * LOAN_TOTAL : 0n;
  let carry = 0n;
  const profits = kind === 'games' ? [PROFIT.week1, PROFIT.week2] : [RAKE.week1, RAKE.week2];
  return profits.map((profit) => {
    const carryIn = carry;
    const base = profit + carryIn;
    const revenue = base > 0n ? share(base, COMMISSION[account]!) : 0n;
    carry = base > 0n ? 0n : base;
    const rate = owed > 0n ? 50 : 0;
    const wanted = share(revenue, BigInt(rate * 100));
    const deduction = wanted < owed ? wanted : owed;
    owed -= deduction;
    return { profit, carryIn, revenue, rate, deduction, afterLoan: revenue - deduction, carryOut: carry };
  });
}

const SUBJECTS = [MASTER, ...ANCESTORS];
const ROLE: Record<string, Role> = {
  [MASTER]: 'master',
  am1: 'areamanager',
  sam1: 'superareamanager',
  admin1: 'admin',
  superadmin: 'superadmin',
};
/** The direct child of each subject on the way down to the plays (for the master: its players). */
const CHILD: Record<string, string> = { am1: MASTER, sam1: 'am1', admin1: 'sam1', superadmin: 'admin1' };

describe.each(TEST_DB_KINDS)('the largest amounts the feed accepts, and every report over them, on %s', (kind) => {
  let f: FeedApp;
  const sessions = new Map<string, TestSession>();
  const db = () => f.t.app.db;
  /** The back office's id of the master's first cafe (Cafe Profit's terminals take it). */
  let ownCafeId = '';

  beforeAll(async () => {
    f = await buildFeedApp(kind, { now: NOW });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('accepts them in bulk', async () => {
    const setup: FeedEventInput[] = [
      ...cafeEvents(),
      {
        id: 'a-master',
        type: 'account',
        username: MASTER,
        role: 'master',
        parent: 'am1',
        firstName: 'Big',
        commission: 12.5,
        passwordHash: await hashPassword('Demo@1234'),
      },
      ...PLAYERS.map((p): FeedEventInput => ({ id: `a-${p}`, type: 'account', username: p, role: 'player', parent: MASTER })),
      ...OWN_CAFES.map((c): FeedEventInput => ({ id: `c-${c}`, type: 'cafe', cafeId: c, master: MASTER, name: c })),
      { id: 'd-1', type: 'draw', game: DRAW_GAMES[0]!.code, drawAt: istTime(WEEK1.from, 0), result: '7' },
    ];
    const batches = [setup, ...chunk([...playEvents, ...handEvents], 4_000), loanEvents, transferEvents];
    for (const batch of batches) {
      const res = await f.post(batch);
      expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
      expect(res.json()).toMatchObject({ applied: batch.length, duplicates: 0 });
    }
    // The history of the master's balance: more transfers of the largest amount, accepted.
    await db().transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO transfers (from_id, to_id, amount_cents, channel, status, created_at, resolved_at, platform_id)
        SELECT h.id, m.id, ${LARGEST.toString()}::bigint, 'single', 'accepted',
               '2025-03-07T10:00:00+05:30'::timestamptz + n * interval '1 second',
               '2025-03-07T12:00:00+05:30'::timestamptz, 'history-' || n
          FROM generate_series(1, ${HISTORY_TRANSFERS}) n, accounts h, accounts m
         WHERE h.username = ${HOUSE} AND m.username = ${MASTER}`);
      const moved = (BigInt(HISTORY_TRANSFERS) * LARGEST).toString();
      await tx.execute(sql`UPDATE accounts SET wallet_balance_cents = wallet_balance_cents
                             + CASE WHEN username = ${MASTER} THEN ${moved}::bigint ELSE -${moved}::bigint END
                            WHERE username IN (${MASTER}, ${HOUSE})`);
    });

    const balances = await queryRows<{ username: string; cents: string }>(
      db(),
      sql`SELECT username, wallet_balance_cents::text AS cents FROM accounts WHERE role <> 'house' AND wallet_balance_cents <> 0`,
    );
    expect(Object.fromEntries(balances.map((b) => [b.username, BigInt(b.cents)]))).toEqual(BALANCES);
    expect(BALANCES[MASTER]!).toBeGreaterThan(2n ** 53n);
    expect(BigInt(LOANS) * LOAN_TOTAL).toBeGreaterThan(2n ** 53n);
    expect(await brokenInvariants(db())).toEqual([]);

    for (const subject of SUBJECTS) sessions.set(subject, await signIn(f.t.app, subject));
    const [cafe] = await queryRows<{ id: string }>(db(), sql`SELECT id FROM cafes WHERE platform_id = ${OWN_CAFES[0]!}`);
    ownCafeId = cafe!.id;
  });

  /** A report call of `subject`, as JSON (or an export with `format`): its status and body. */
  async function call(subject: string, name: ReportCall, query: Record<string, string> = {}) {
    const params = new URLSearchParams({ ...queryOf(name, subject), ...query });
    return injectAs(f.t.app, sessions.get(subject)!, { url: `/api${ENDPOINTS[name].path}?${params}` });
  }

  /**
   * What each call is asked: the range of the data, the fed master where a call names an agent. A
   * call not listed is asked the range, as most reports are (a new report is checked here without
   * an entry; one that needs more than a range fails below with its 400 until it has one).
   */
  function queryOf(name: ReportCall, subject: string): Record<string, string> {
    const range = { fromDate: RANGE.from, toDate: RANGE.to };
    const QUERIES: Partial<Record<ReportCall, Record<string, string>>> = {
      pointTransfer: range,
      multiPointTransfer: range,
      weeklyDetails: range,
      drawDetails: { ...range, gameId: DRAW_GAMES[0]!.code },
      agentDetails: range,
      dailyStatus: range,
      dailyStatusMembers: { ...range, agentId: MASTER },
      agentStatus: { ...range, agentId: MASTER },
      nonPerforming: range,
      balanceReport: {},
      balanceChildren: { agentId: subject === 'superadmin' ? 'admin1' : (CHILD[subject] ?? MASTER) },
      accountSearch: { q: 'big' },
      revenue: range,
      revenueById: range,
      pokerRevenue: range,
      revenueWeek: { fromDate: WEEK1.from },
      computerLoan: {},
      multipleCybers: {},
      revenueRecovery: { username: MASTER },
      agentMail: { fromDate: WEEK1.from, toDate: WEEK1.to },
      managerMail: { fromDate: WEEK1.from, toDate: WEEK1.to },
      trends: { weeks: '26' },
      cafeTrends: { weeks: '4' },
      weekGlance: { fromDate: WEEK1.from },
      today: {},
      cafeProfit: range,
      cafeTerminals: { ...range, cafeId: ownCafeId },
      member: { username: PLAYERS[0]! },
      memberPlays: { ...range, username: PLAYERS[0]!, pageSize: '100' },
      memberTransfers: { ...range, username: PLAYERS[0]! },
      // Settings of the caller, not reports: left out below.
      todayThreshold: {},
      mailNews: {},
      digestEmails: {},
      digestNow: {},
      bigWinEmails: {},
      // The outbox (the Mail screen): about mail, not figures; one mail's calls are left out below.
      mailOutbox: {},
      mailPreview: {},
      mailRetry: {},
      mailDiscard: {},
      mailDiscardHeld: {},
      // The Accounts screen: about access, not figures; its actions are left out below.
      accounts: {},
      issueLink: {},
      issueLinks: {},
      blockAccount: {},
      unblockAccount: {},
      activity: {},
      twoStepClear: {},
      platform: {},
      feedKeyCreate: {},
      feedKeyRevoke: {},
    };
    return QUERIES[name] ?? range;
  }

  /** Every report call a subject's role may make answers 200 with the figures computed above. */
  async function checkEveryReport(closed: boolean) {
    const actions: ReportCall[] = [
      'mailPreview',
      'mailRetry',
      'mailDiscard',
      'mailDiscardHeld',
      'issueLink',
      'issueLinks',
      'blockAccount',
      'unblockAccount',
      'twoStepClear',
      'feedKeyCreate',
      'feedKeyRevoke',
      'todayThreshold',
      'mailNews',
      'digestEmails',
      'digestNow',
      'bigWinEmails',
    ];
    const calls = CALL_NAMES.filter(isReportCall).filter((name) => !actions.includes(name));
    for (const subject of SUBJECTS) {
      const role = ROLE[subject]!;
      const allowed = calls.filter((name) => mayCall(role, name));
      expect(allowed.length).toBeGreaterThan(0);
      for (const name of allowed) {
        const res = await call(subject, name);
        expect(res.statusCode, `${subject} ${name}: ${res.body.slice(0, 300)}`).toBe(200);
        checkFigures(subject, name, res.json(), closed);
      }
      // The Daily Status export: its total row is the same exact profit.
      if (mayCall(role, 'dailyStatus')) {
        const csv = await call(subject, 'dailyStatus', { format: 'csv' });
        expect(csv.statusCode, `${subject} dailystatus csv`).toBe(200);
        const total = csv.body.trim().split('\r\n').at(-1)!.split(',');
        expect(total[0], subject).toMatch(/^Total of \d+ rows?$/);
        expect(total[ENDPOINTS.dailyStatus.exports.sheets.agents.columns.findIndex((c) => c.key === 'profit')], subject).toBe(
          decimal(PROFIT.week1 + PROFIT.week2),
        );
      }
    }
    // Every export of the table, once.
    for (const name of calls.filter((c) => 'exports' in ENDPOINTS[c])) {
      const res = await call('superadmin', name, { format: 'csv' });
      expect(res.statusCode, `superadmin ${name} csv: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
    }
  }

  function checkFigures(subject: string, name: ReportCall, body: any, closed: boolean) {
    const where = `${subject} ${name}`;
    const profit = PROFIT.week1 + PROFIT.week2;
    const balanceOf = (username: string) => points(BALANCES[username] ?? 0n);
    const owedNow = BigInt(LOANS) * LOAN_TOTAL - (closed ? settle(MASTER, 'games')[0]!.deduction : 0n);
    switch (name) {
      case 'dailyStatus':
      case 'agentStatus': {
        const row = body.data.find((r: { username: string }) => r.username === MASTER);
        expect(row.profit, where).toBe(points(profit));
        expect(String(row.profit), where).toBe(String(Number(decimal(profit))));
        for (const other of body.data.filter((r: { username: string }) => r.username !== MASTER))
          expect(other.profit, where).toBe(0);
        if (name === 'dailyStatus') expect([body.totalProfit, row.playedElsewhere], where).toEqual([points(profit), true]);
        return;
      }
      case 'dailyStatusMembers': {
        const elsewhere = plays.filter((p) => p.cafe === OTHER_CAFE && p.day <= RANGE.to);
        expect(
          body.data.map((r: { username: string; cafe: string; playPoints: number; profit: number }) => [
            r.username,
            r.cafe,
            r.playPoints,
            r.profit,
          ]),
          where,
        ).toEqual(
          PLAYERS.map((p) => {
            const mine = elsewhere.filter((e) => e.member === p);
            return [p, 'Cafe One', points(sum(mine, (e) => e.stake)), points(profitOf(mine))];
          }),
        );
        return;
      }
      case 'agentDetails':
      case 'nonPerforming':
      case 'balanceReport':
      case 'balanceChildren':
        for (const row of body.data) expect(row.walletBalance, `${where} ${row.username}`).toBe(balanceOf(row.username));
        if (name === 'agentDetails')
          expect(
            body.data.map((r: { username: string }) => r.username),
            where,
          ).toContain(MASTER);
        return;
      case 'pointTransfer':
      case 'multiPointTransfer':
      case 'weeklyDetails': {
        if (subject !== MASTER) return expect(Object.values(body.data).flat(), where).toEqual([]);
        const channels = {
          pointTransfer: ['single'],
          multiPointTransfer: ['multiplayer'],
          weeklyDetails: ['single', 'multiplayer'],
        }[name];
        const count = (section: string) => body.data[section].length;
        const total = (section: string) => sum(body.data[section] as { amount: number }[], (r) => centsOf(r.amount));
        const single = channels.includes('single');
        const multi = channels.includes('multiplayer');
        expect(
          ['received', 'transferred', 'transferredNotReceived', 'yetToBeReceived', 'rejected', 'cancelled'].map((s) => count(s)),
          where,
        ).toEqual([single ? FED_TRANSFERS + HISTORY_TRANSFERS : 0, single ? 1 : 0, multi ? 1 : 0, 0, 0, 0]);
        expect(total('received'), where).toBe(single ? BigInt(FED_TRANSFERS + HISTORY_TRANSFERS) * LARGEST : 0n);
        expect(total('transferredNotReceived'), where).toBe(multi ? LARGEST : 0n);
        return;
      }
      case 'revenue':
      case 'revenueById':
      case 'pokerRevenue': {
        const weeks = settle(subject, name === 'pokerRevenue' ? 'poker' : 'games');
        expect(body.data.map(pick), where).toEqual(weeks.map(expectedRow));
        expect(
          body.data.map((w: { open: boolean }) => w.open),
          where,
        ).toEqual([!closed, true]);
        expect(body.totals, where).toMatchObject({
          totalProfit: points(sum(weeks, (w) => w.profit)),
          totalCommission: points(sum(weeks, (w) => w.revenue)),
          coms: points(sum(weeks, (w) => w.afterLoan)),
          totalRevenuePercentage: Number(COMMISSION[subject]) / 100,
          finalCarryForward: points(weeks[1]!.carryOut),
          // What the account owes on its loans (the same line on both settlements).
          totalRemainingLoan: subject === MASTER ? points(owedNow) : 0,
        });
        return;
      }
      case 'revenueWeek': {
        const week = settle(subject, 'games')[0]!;
        expect(pick(body.week), where).toEqual(expectedRow(week));
        expect(body.totalProfit, where).toBe(points(PROFIT.week1));
        checkChildren(subject, body.members, where);
        checkStatement(subject, body.statement, where);
        return;
      }
      case 'computerLoan':
      case 'multipleCybers': {
        // Only the fed master has a loan and more than one cafe.
        const deducted = closed ? settle(MASTER, 'games')[0]!.deduction : 0n;
        expect(
          body.data.map((r: Record<string, unknown>) => [r.username, r.totalLoan, r.processingLoan, r.outstanding]),
          where,
        ).toEqual([
          [
            MASTER,
            points(BigInt(LOANS) * LOAN_TOTAL),
            points(BigInt(LOANS) * LARGEST),
            points(BigInt(LOANS) * LOAN_TOTAL - deducted),
          ],
        ]);
        return;
      }
      case 'revenueRecovery': {
        const carry = closed ? settle(MASTER, 'games')[0]!.carryOut : 0n;
        expect(body.data, where).toMatchObject({
          masterUsername: MASTER,
          outstandingLoan: points(owedNow),
          carryForward: points(carry),
          recoveryAmount: points(owedNow - carry),
        });
        return;
      }
      case 'agentMail': {
        expect(body.totals.totalProfit, where).toBe(points(PROFIT.week1));
        expect(body.totals.totalPlayPoints, where).toBe(points(sum(weekPlays(WEEK1), (p) => p.stake)));
        checkChildren(subject, body.data, where);
        checkStatement(subject, body.statement, where);
        expect(
          sum(body.pointsByType as { profit: number }[], (g) => centsOf(g.profit)),
          where,
        ).toBe(PROFIT.week1);
        return;
      }
      case 'weekGlance':
        expect(body.totals.total, where).toBe(points(PROFIT.week1));
        return;
      case 'managerMail':
        expect(body.totalProfit, where).toBe(points(PROFIT.week1));
        checkChildren(subject, body.data, where);
        return;
      case 'drawDetails':
        expect(
          body.data.map((d: { drawno: string }) => d.drawno),
          where,
        ).toEqual(['7']);
        return;
      case 'cafeTrends': {
        // The fed master's cafes in the last two weeks shown (the plays' weeks), exact.
        for (const cafe of OWN_CAFES) {
          const row = body.data.find((r: { cafe: string }) => r.cafe === cafe);
          expect(row.profits.slice(-2), `${where} ${cafe}`).toEqual(
            [WEEK1, WEEK2].map((week) => points(profitOf(weekPlays(week).filter((p) => p.cafe === cafe)))),
          );
        }
        return;
      }
      case 'cafeTerminals': {
        // The plays were sent without a terminal: one row, the cafe's whole range.
        const atCafe = plays.filter((p) => p.cafe === OWN_CAFES[0] && p.day >= RANGE.from && p.day <= RANGE.to);
        expect(body.data, where).toEqual([
          {
            terminalId: null,
            terminal: 'unknown terminal',
            plays: atCafe.length,
            stake: points(sum(atCafe, (p) => p.stake)),
            wins: points(sum(atCafe, (p) => p.win)),
            profit: points(profitOf(atCafe)),
            members: new Set(atCafe.map((p) => p.member)).size,
          },
        ]);
        return;
      }
      case 'member': {
        // Each week's profit is the member's own plays of that week, exact.
        for (const week of [WEEK1, WEEK2]) {
          const mine = weekPlays(week).filter((p) => p.member === PLAYERS[0]);
          const row = body.weeks.find((w: { fromDate: string }) => w.fromDate === week.from);
          expect(row.profit, `${where} ${week.from}`).toBe(points(profitOf(mine)));
        }
        return;
      }
      case 'memberPlays': {
        const mine = plays.filter((p) => p.member === PLAYERS[0] && p.day >= RANGE.from && p.day <= RANGE.to);
        expect([body.total, body.totals.stake, body.totals.profit], where).toEqual([
          mine.length,
          points(sum(mine, (p) => p.stake)),
          points(profitOf(mine)),
        ]);
        return;
      }
      case 'accountSearch':
        expect(body.data.map((a: { username: string }) => a.username).sort(), where).toEqual(
          [MASTER, ...PLAYERS].filter((u) => subject !== MASTER || u !== MASTER),
        );
        return;
    }
  }

  /** The subject's direct children with plays below them in week 1, with their profit. */
  function checkChildren(subject: string, rows: { username: string; profit: number }[], where: string) {
    const expected =
      subject === MASTER
        ? PLAYERS.map((p) => [p, points(profitOf(weekPlays(WEEK1).filter((x) => x.member === p)))])
        : [[CHILD[subject]!, points(PROFIT.week1)]];
    expect(
      rows.map((r) => [r.username, r.profit]),
      where,
    ).toEqual(expected);
  }

  function checkStatement(subject: string, statement: Record<string, any>, where: string) {
    const week = settle(subject, 'games')[0]!;
    const owedBefore = subject === MASTER ? BigInt(LOANS) * LOAN_TOTAL : 0n;
    const gift = share(week.profit, COMMISSION[subject]!);
    expect(statement, where).toMatchObject({
      actualPoints: points(week.profit),
      giftPoints: points(gift),
      carryEffect: points(week.revenue - gift),
      actualRevenue: points(week.revenue),
      loan: {
        hasLoan: subject === MASTER,
        deductionPercentage: week.rate,
        previousLoan: points(owedBefore),
        deductedPoints: points(week.deduction),
        loanRemaining: points(owedBefore - week.deduction),
      },
      paid: points(week.afterLoan),
      carryForward: points(week.carryOut),
    });
  }

  it('opens every report of every ancestor of the fed master, with the exact figures', async () => {
    await checkEveryReport(false);
  });

  it('closes the week, settled to the hundredth', async () => {
    const { closed } = await closeFinishedWeeks(db(), { now: f.t.clock.now() });
    expect(closed).toEqual(['2025-03-03 games', '2025-03-03 poker']);
    const rows = await queryRows<Record<string, string>>(
      db(),
      sql`SELECT a.username, s.kind::text AS kind, s.profit_cents::text AS profit, s.carry_in_cents::text AS carry_in,
                 s.actual_revenue_cents::text AS revenue, s.revenue_deduction_cents::text AS deduction,
                 s.rev_after_loan_cents::text AS after_loan, s.carry_out_cents::text AS carry_out
            FROM weekly_settlements s JOIN accounts a ON a.id = s.account_id
           WHERE a.username IN (${sql.join(
             SUBJECTS.map((s) => sql`${s}`),
             sql`, `,
           )})`,
    );
    expect(rows).toHaveLength(SUBJECTS.length * 2);
    for (const row of rows) {
      const week = settle(row.username!, row.kind as 'games' | 'poker')[0]!;
      expect(
        [row.profit, row.carry_in, row.revenue, row.deduction, row.after_loan, row.carry_out].map((v) => BigInt(v!)),
        `${row.username} ${row.kind}`,
      ).toEqual([week.profit, week.carryIn, week.revenue, week.deduction, week.afterLoan, week.carryOut]);
    }
    // The deduction repays the oldest loan first.
    const deductions = await queryRows<{ loan: string; cents: string }>(
      db(),
      sql`SELECT l.platform_id AS loan, d.amount_cents::text AS cents FROM loan_deductions d JOIN loans l ON l.id = d.loan_id`,
    );
    expect(deductions.map((d) => [d.loan, BigInt(d.cents)])).toEqual([['l-0', settle(MASTER, 'games')[0]!.deduction]]);
  });

  it('opens every report again over the closed week, with the same figures', async () => {
    await checkEveryReport(true);
    expect(await brokenInvariants(db())).toEqual([]);
  });

  /** The figures of a Revenue row the test compares. */
  function pick(row: Record<string, number>) {
    const { profit, carryIn, actualRevenue, deductionPercentage, revenueDeduction, revAfterLoan, carryOut } = row;
    return { profit, carryIn, actualRevenue, deductionPercentage, revenueDeduction, revAfterLoan, carryOut };
  }
  function expectedRow(week: SettledWeek) {
    return {
      profit: points(week.profit),
      carryIn: points(week.carryIn),
      actualRevenue: points(week.revenue),
      deductionPercentage: week.rate,
      revenueDeduction: points(week.deduction),
      revAfterLoan: points(week.afterLoan),
      carryOut: points(week.carryOut),
    };
  }
});

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Hundredths as the decimal text of an export: `1234.50`. */
function decimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}
