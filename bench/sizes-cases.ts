import { CALL_NAMES, type CallName, ENDPOINTS } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/db/client.js';
import { addDays, weekStartOf } from '../apps/server/src/lib/dates.js';
import { type Aim, type BenchCase, type BenchContext, benchCases } from './cases.js';
import { BenchRefusal } from './db-facts.js';

/** What the size table's cases refer to beyond the bench's: a member of master1 and a cafe of it. */
export interface SizesContext extends BenchContext {
  /** Username of master1's first player (by username): the member page's subject. */
  member: string;
  /** Id of master1's first cafe (by name): Cafe Profit's terminals popup. */
  cafeId: string;
}

/** A report as the size table calls it: through HTTP only (no bare SQL). */
export interface SizeCase {
  endpoint: string;
  user: BenchCase['user'];
  note: string;
  path: (ctx: SizesContext) => string;
  aim: Aim;
}

const NETWORK_AIM: Aim = { ms: 50, source: 'network reports' };
const MEMBER_AIM: Aim = { ms: 50, source: 'the member page, as the network reports', derived: true };
const SCREEN_AIM: Aim = { ms: 50, source: 'the superadmin screens, as the network reports', derived: true };

const yesterday = (ctx: BenchContext) => addDays(ctx.today, -1);
const lastMonday = (ctx: BenchContext) => addDays(weekStartOf(ctx.today), -7);

/**
 * The report calls that `npm run bench` has no case for, as their screens ask them: Daily Status
 * of today (the open day), the member page and its two lists, Cafe Profit's terminals popup, and
 * the superadmin's Platform, Mail outbox and mail settings screens. `revenuereportbyid` is left
 * out (the same answer as `revenuereport`), and so is `mailpreview` (one stored mail by its id).
 */
function extraCases(): SizeCase[] {
  const cases: SizeCase[] = [];
  for (const user of ['am1', 'superadmin'] as const) {
    cases.push(
      {
        endpoint: 'dailystatus',
        user,
        note: 'today',
        path: (ctx) => `/dailystatus?fromDate=${ctx.today}&toDate=${ctx.today}`,
        aim: NETWORK_AIM,
      },
      // The screen's own call: its first page of 10 in its default order. The cases above without
      // a page ask for every master at once, as the download does: an answer as long as the network.
      {
        endpoint: 'dailystatus',
        user,
        note: 'today, page 1 of 10',
        path: (ctx) => `/dailystatus?fromDate=${ctx.today}&toDate=${ctx.today}&page=1&pageSize=10`,
        aim: NETWORK_AIM,
      },
      {
        endpoint: 'dailystatus',
        user,
        note: 'yesterday, page 1 of 10',
        path: (ctx) => `/dailystatus?fromDate=${yesterday(ctx)}&toDate=${yesterday(ctx)}&page=1&pageSize=10`,
        aim: NETWORK_AIM,
      },
      // The other list screens' own calls: their first page in their default order (the loan
      // screens show 3 rows a page, the others 10).
      { endpoint: 'agentdetails', user, note: 'page 1 of 10', path: () => '/agentdetails?page=1&pageSize=10', aim: NETWORK_AIM },
      {
        endpoint: 'findstatus',
        user,
        note: 'all agents, yesterday, page 1 of 10',
        path: (ctx) => `/findstatus?fromDate=${yesterday(ctx)}&toDate=${yesterday(ctx)}&page=1&pageSize=10`,
        aim: NETWORK_AIM,
      },
      {
        endpoint: 'nonperforming',
        user,
        note: 'page 1 of 10',
        path: () => '/nonperforming?page=1&pageSize=10',
        aim: NETWORK_AIM,
      },
      { endpoint: 'computerloan', user, note: 'page 1 of 3', path: () => '/computerloan?page=1&pageSize=3', aim: NETWORK_AIM },
      {
        endpoint: 'multiplecybers',
        user,
        note: 'page 1 of 3',
        path: () => '/multiplecybers?page=1&pageSize=3',
        aim: NETWORK_AIM,
      },
    );
  }
  cases.push(
    {
      endpoint: 'member',
      user: 'superadmin',
      note: "master1's member",
      path: (ctx) => `/member?username=${encodeURIComponent(ctx.member)}`,
      aim: MEMBER_AIM,
    },
    {
      endpoint: 'memberplays',
      user: 'superadmin',
      note: "master1's member, 7 days, page 1",
      path: (ctx) =>
        `/memberplays?username=${encodeURIComponent(ctx.member)}&fromDate=${addDays(ctx.today, -6)}&toDate=${ctx.today}`,
      aim: MEMBER_AIM,
    },
    {
      endpoint: 'membertransfers',
      user: 'superadmin',
      note: "master1's member, 7 days, page 1",
      path: (ctx) =>
        `/membertransfers?username=${encodeURIComponent(ctx.member)}&fromDate=${addDays(ctx.today, -6)}&toDate=${ctx.today}`,
      aim: MEMBER_AIM,
    },
    {
      endpoint: 'cafeterminals',
      user: 'superadmin',
      note: "master1's cafe, last week",
      path: (ctx) => `/cafeterminals?cafeId=${ctx.cafeId}&fromDate=${lastMonday(ctx)}&toDate=${addDays(lastMonday(ctx), 6)}`,
      aim: SCREEN_AIM,
    },
    {
      endpoint: 'cafeterminals',
      user: 'superadmin',
      note: "master1's cafe, yesterday",
      path: (ctx) => `/cafeterminals?cafeId=${ctx.cafeId}&fromDate=${yesterday(ctx)}&toDate=${yesterday(ctx)}`,
      aim: SCREEN_AIM,
    },
    { endpoint: 'platform', user: 'superadmin', note: '', path: () => '/platform', aim: SCREEN_AIM },
    { endpoint: 'mailoutbox', user: 'superadmin', note: '', path: () => '/mailoutbox', aim: SCREEN_AIM },
    { endpoint: 'mailnews', user: 'superadmin', note: '', path: () => '/mailnews', aim: SCREEN_AIM },
  );
  return cases;
}

/** Report calls the size table leaves out on purpose (see extraCases). */
const LEFT_OUT: readonly CallName[] = ['revenueById', 'mailPreview'];

/**
 * The report reads (GET report calls of the endpoint table) that no case of `cases` asks and that
 * are not left out on purpose: empty while the table covers every report of the product.
 */
export function reportsWithoutCase(cases: readonly SizeCase[]): string[] {
  const asked = new Set(cases.map((c) => c.endpoint));
  return CALL_NAMES.filter((name) => {
    const endpoint = ENDPOINTS[name];
    if (endpoint.access !== 'report' || endpoint.method !== 'GET' || LEFT_OUT.includes(name)) return false;
    return !asked.has(endpoint.path.split('/').at(-1)!);
  });
}

/** Every report call of the product: the bench's cases, then the ones it has no case for. */
export function sizeCases(): SizeCase[] {
  const fromBench = benchCases().map(({ endpoint, user, note, path, aim }): SizeCase => ({ endpoint, user, note, path, aim }));
  return [...fromBench, ...extraCases()];
}

export function sizeCaseLabel(c: SizeCase): string {
  return `${c.endpoint} ${c.user}${c.note ? ` ${c.note}` : ''}`;
}

/** master1's first player and first cafe; refuses a network where master1 has neither. */
export async function memberAndCafe(db: Db, master1Id: string): Promise<{ member: string; cafeId: string }> {
  const [row] = await queryRows<{ member: string | null; cafeId: string | null }>(
    db,
    sql`SELECT (SELECT username FROM accounts WHERE parent_id = ${master1Id}::uuid AND role = 'player'
                 ORDER BY username LIMIT 1) AS member,
               (SELECT id::text FROM cafes WHERE master_id = ${master1Id}::uuid ORDER BY name, id LIMIT 1) AS "cafeId"`,
  );
  if (!row?.member || !row.cafeId) throw new BenchRefusal('master1 has no player or no cafe: not a demo network.');
  return { member: row.member, cafeId: row.cafeId };
}
