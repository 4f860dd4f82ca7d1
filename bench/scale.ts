import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { addDays, type IsoDay, istDay, weekStartOf } from '../apps/server/src/lib/dates.js';
import { childrenWeeklyProfit, trendWeeks } from '../apps/server/src/modules/insight/queries.js';
import { cafeTrendsClosedScaleCase } from './cafe-trends-case.js';
import { type BenchCase, type BenchContext, benchCases, caseLabel, NAMED_ACCOUNTS } from './cases.js';
import { readDbFacts } from './db-facts.js';
import { median } from './load.js';
import { accountIds } from './sessions.js';

/**
 * The scale table: bare-SQL medians of the superadmin's whole-network reports on the small,
 * medium, large and xlarge demo networks, to show which grow with the network and which do not.
 * The reports about a closed week read what the settlement fixed when it closed the week, so their
 * aim is at most 5 ms on the large network and at most 1.5 times their medium figure (and, when
 * xlarge is measured, at most 1.5 times the large figure there).
 */
export const SCALES = ['small', 'medium', 'large', 'xlarge'] as const;
export type Scale = (typeof SCALES)[number];

const CLOSED_AIM = { largeMs: 5, overMedium: 1.5 };

/** A row of the table: a bench case (by its label), or work of its own measured here only (`bare`). */
interface ScaleCase {
  label: string;
  /** About closed weeks only: held to CLOSED_AIM. */
  closedWeeks: boolean;
  bare?: BenchCase['bare'];
}

/**
 * Trends' part that the closings fixed: its 26 weeks and the 26 before them as of last week, all
 * closed. The screen always shows the open week as well, summed live ("trends superadmin 26
 * weeks"), as Revenue's "12 weeks" holds the open week beside its "12 closed weeks".
 */
const TRENDS_CLOSED: ScaleCase = {
  label: 'trends superadmin 26 closed weeks (bare only)',
  closedWeeks: true,
  bare: (db, ctx) => {
    const { before, shown } = trendWeeks(addDays(weekStartOf(ctx.today), -1), 26);
    return childrenWeeklyProfit(db, {
      accountId: ctx.ids.superadmin!,
      weekStarts: [...before, ...shown],
      today: ctx.today,
    });
  },
};

const SCALE_CASES: ScaleCase[] = [
  { label: 'revenuereport superadmin 12 closed weeks', closedWeeks: true },
  { label: 'revenuereport superadmin 12 weeks', closedWeeks: false },
  { label: 'revenueweek superadmin last week popup', closedWeeks: true },
  { label: 'mailreport superadmin last week', closedWeeks: true },
  { label: 'managermailreport superadmin last week', closedWeeks: true },
  { label: 'dailystatus superadmin last week', closedWeeks: true },
  { label: 'dailystatus superadmin yesterday', closedWeeks: false },
  { label: 'agentdetails superadmin', closedWeeks: false },
  { label: 'cafeprofit superadmin last week', closedWeeks: true },
  TRENDS_CLOSED,
  { label: 'trends superadmin 26 weeks', closedWeeks: false },
  { label: 'today superadmin', closedWeeks: false },
  cafeTrendsClosedScaleCase,
  { label: 'cafetrends superadmin 26 weeks', closedWeeks: false },
  // Read from the roll-ups day by day as Daily Status reads a day, a closed week too: not held to CLOSED_AIM.
  { label: 'weekglance superadmin open week', closedWeeks: false },
  { label: 'weekglance superadmin last week', closedWeeks: false },
];

/** Median time of the case's query functions, run one after the other on the pool. */
export async function timeBare(
  c: BenchCase,
  database: Database,
  ctx: BenchContext,
  runs: number,
  maxSeconds: number,
): Promise<number> {
  await c.bare(database.db, ctx);
  const times: number[] = [];
  const deadline = Date.now() + maxSeconds * 1000;
  while (times.length < runs && (times.length < 3 || Date.now() < deadline)) {
    const started = process.hrtime.bigint();
    await c.bare(database.db, ctx);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

interface ScaleColumn {
  scale: Scale;
  /** Why the database was not measured. */
  missing?: string;
  size?: string;
  /** Milliseconds by case label. */
  ms: Map<string, number>;
}

interface OpenScale {
  scale: Scale;
  database: Database;
  ctx: BenchContext;
  size: string;
}

/** Opens, migrates and checks one network; the reason it cannot be measured otherwise. */
async function openScale(scale: Scale, url: string): Promise<OpenScale | string> {
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  } catch (error) {
    return `${url}: ${(error as Error).message}`;
  }
  try {
    await migrateDatabase(database);
    const facts = await readDbFacts(database.db, url);
    const today = istDay(new Date());
    const lastWeek: IsoDay = addDays(weekStartOf(today), -7);
    const [closed] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM settled_weeks WHERE week_start = ${lastWeek}`,
    );
    if (!closed?.n) throw new Error(`last week (${lastWeek}) is not closed: run npm run settle`);
    const ctx: BenchContext = { today, ids: await accountIds(database.db, NAMED_ACCOUNTS) };
    const n = (value: number) => Number(value).toLocaleString('en-US');
    const disk = `${(Number(facts.sizeBytes) / 2 ** 30).toFixed(2)} GiB on disk`;
    const size = `${n(facts.masters)} masters, ${n(facts.players)} players, ${n(facts.plays)} plays, ${disk}`;
    return { scale, database, ctx, size };
  } catch (error) {
    await database.close();
    return `${url}: ${(error as Error).message.split('\n')[0]}`;
  }
}

/**
 * Times each case on every open network in alternation (one call on each, `runs` rounds, after a
 * warm-up call), so that the networks see the same load of a shared machine; medians.
 */
async function measureInTurns(
  open: readonly OpenScale[],
  cases: readonly Required<Pick<ScaleCase, 'label' | 'bare'>>[],
  runs: number,
): Promise<Map<Scale, Map<string, number>>> {
  const times = new Map(open.map((o) => [o.scale, new Map<string, number>()]));
  for (const c of cases) {
    for (const o of open) await c.bare(o.database.db, o.ctx);
    const samples = new Map(open.map((o) => [o.scale, [] as number[]]));
    for (let round = 0; round < runs; round++) {
      for (const o of open) {
        const started = process.hrtime.bigint();
        await c.bare(o.database.db, o.ctx);
        samples.get(o.scale)!.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    for (const o of open) times.get(o.scale)!.set(c.label, median(samples.get(o.scale)!));
  }
  return times;
}

const fmt = (value: number | undefined) => (value === undefined ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1));

/** Measures every scale and returns the table (Markdown) with the sizes and any database left out. */
export async function scaleTable(urls: Record<Scale, string>, runs: number): Promise<string> {
  const byLabel = new Map(benchCases().map((c) => [caseLabel(c), c]));
  const cases = SCALE_CASES.map(({ label, bare }) => {
    const c = bare ?? byLabel.get(label)?.bare;
    if (!c) throw new Error(`scale table: no bench case "${label}"`);
    return { label, bare: c };
  });
  const opened: OpenScale[] = [];
  const columns: ScaleColumn[] = [];
  try {
    for (const scale of SCALES) {
      process.stderr.write(`scale table: ${scale} (${urls[scale]})\n`);
      const open = await openScale(scale, urls[scale]);
      if (typeof open === 'string') columns.push({ scale, missing: open, ms: new Map() });
      else opened.push(open);
    }
    const times = await measureInTurns(opened, cases, runs);
    for (const o of opened) columns.push({ scale: o.scale, size: o.size, ms: times.get(o.scale)! });
  } finally {
    for (const o of opened) await o.database.close();
  }
  columns.sort((a, b) => SCALES.indexOf(a.scale) - SCALES.indexOf(b.scale));
  const [small, medium, large, xlarge] = columns as [ScaleColumn, ScaleColumn, ScaleColumn, ScaleColumn];
  const header = [
    'report (superadmin, bare SQL p50 ms)',
    'closed weeks',
    'small',
    'medium',
    'large',
    'xlarge',
    'large / medium',
    'xlarge / large',
    'aim',
  ];
  const over = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined ? a / b : undefined);
  const times = (value: number | undefined) => (value === undefined ? '-' : `x${value.toFixed(2)}`);
  const rows = SCALE_CASES.map(({ label, closedWeeks }) => {
    const [s, m, l, x] = [small, medium, large, xlarge].map((column) => column.ms.get(label));
    const [lm, xl] = [over(l, m), over(x, l)];
    let aim = '';
    if (closedWeeks && l !== undefined && lm !== undefined) {
      aim = l <= CLOSED_AIM.largeMs && lm <= CLOSED_AIM.overMedium && (xl ?? 0) <= CLOSED_AIM.overMedium ? 'ok' : 'MISS';
    }
    return [label, closedWeeks ? 'yes' : 'no', fmt(s), fmt(m), fmt(l), fmt(x), times(lm), times(xl), aim];
  });
  const numeric = (i: number) => i >= 2 && i <= 7;
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (numeric(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  const notes = columns.map((c) => `${c.scale}: ${c.missing ? `not measured (${c.missing})` : c.size}`);
  return [
    line(header),
    rule,
    ...rows.map(line),
    '',
    ...notes,
    `aim (closed weeks only): at most ${CLOSED_AIM.largeMs} ms on large and at most ${CLOSED_AIM.overMedium} x the medium ` +
      `figure (and x the large figure on xlarge).`,
  ].join('\n');
}
