import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { readEnv } from '../apps/server/src/config/env.js';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../apps/server/src/db/client.js';
import type { Clock } from '../apps/server/src/lib/clock.js';
import { addDays, type IsoDay, istDay, istDayStart, weekStartOf } from '../apps/server/src/lib/dates.js';
import { keepCafeTrendWeek } from '../apps/server/src/modules/settlement/cafe-trend-week.js';
import { ensureActivityEntries } from './activity-entries.js';
import { NAMED_ACCOUNTS } from './cases.js';
import { type DbFacts, readDbFacts } from './db-facts.js';
import { createAgent, get, percentile, type Target } from './load.js';
import { accountIds, Sessions } from './sessions.js';
import { memberAndCafe, reportsWithoutCase, type SizeCase, type SizesContext, sizeCaseLabel, sizeCases } from './sizes-cases.js';

/**
 * `npm run bench -- --sizes`: every report of the product through HTTP at one client, on the
 * medium, large and xlarge networks at once (one app per database in this process), in
 * alternating rounds (one request to each network in turn) so that the three share the load of
 * the machine; p50 / p95 per network, the ratios large / medium and xlarge / large (of the p50s),
 * and the scale aims: p95 at most 50 ms on large and 100 ms on xlarge, each ratio at most 1.2.
 */
export const SIZES = ['medium', 'large', 'xlarge'] as const;
export type Size = (typeof SIZES)[number];

export const SIZE_AIMS = { largeP95: 50, xlargeP95: 100, ratio: 1.2 };

export interface SizesSettings {
  /** Recorded requests per network and case (unless `maxSeconds` runs out first). */
  requests: number;
  /** Per case, all networks together; at least `minRounds` rounds are made. */
  maxSeconds: number;
  minRounds: number;
  warmup: number;
}

export const SIZES_FULL: SizesSettings = { requests: 50, maxSeconds: 12, minRounds: 15, warmup: 3 };
export const SIZES_QUICK: SizesSettings = { requests: 20, maxSeconds: 8, minRounds: 8, warmup: 2 };

/** When the table is taken: now, or yesterday at 23:59 IST (the app's clock fixed there). */
export type SizesAt = 'now' | 'end-of-day';

interface Network {
  size: Size;
  url: string;
  database: Database;
  app: FastifyInstance;
  port: number;
  sessions: Sessions;
  ctx: SizesContext;
  facts: DbFacts;
}

interface Measured {
  p50: number;
  p95: number;
  n: number;
  errors: number;
  firstError?: string;
}

/** Yesterday (IST) at 23:59, the whole day's plays in: what `npm run bench:today` measures. */
export function endOfYesterday(now: Date): Date {
  const day = addDays(istDay(now), -1);
  return new Date(istDayStart(day).getTime() + (24 * 60 - 1) * 60_000);
}

/** Opens one network with its own app; the reason it cannot be measured otherwise. */
async function openNetwork(size: Size, url: string, clock: Clock): Promise<Network | string> {
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  } catch (error) {
    return `${url}: ${(error as Error).message.split('\n')[0]}`;
  }
  let app: FastifyInstance | undefined;
  try {
    try {
      await queryRows(database.db, sql`SELECT 1`);
    } catch (error) {
      const cause = (error as { cause?: Error }).cause;
      throw new Error(`cannot connect: ${(cause ?? (error as Error)).message}`);
    }
    await migrateDatabase(database);
    const facts = await readDbFacts(database.db, url);
    const today: IsoDay = istDay(clock.now());
    const lastWeek = addDays(weekStartOf(today), -7);
    const [closed] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM settled_weeks WHERE week_start = ${lastWeek}`,
    );
    if (!closed?.n) throw new Error(`last week (${lastWeek}) is not closed: run npm run settle`);
    // Cafe Trends' kept periods on the app's week, as the server's closing job sets them at start.
    await keepCafeTrendWeek(database.db, weekStartOf(today));
    const ids = await accountIds(database.db, NAMED_ACCOUNTS);
    const ctx: SizesContext = { today, ids, ...(await memberAndCafe(database.db, ids.master1!)) };
    // The Activity screen's cases read 1,000,000 entries on every network, as `npm run bench` does.
    const added = await ensureActivityEntries(database.db);
    if (added > 0) process.stderr.write(`${size}: ${added} activity entries added for the Activity screen's cases\n`);
    // On a clock fixed in the past, sign-ins recorded since (other benches at the real time) would
    // all fall within its throttle's window: the bench's own sign-ins would be refused.
    await queryRows(
      database.db,
      sql`DELETE FROM sign_in_attempts WHERE at > ${clock.now().toISOString()}::timestamptz - interval '1 hour'`,
    );
    // Production, as `npm start` runs it: outside production zod also serialises every answer to check it.
    const env = readEnv({ DATABASE_URL: url, LOG_LEVEL: 'silent', SEED_ON_EMPTY: '0', NODE_ENV: 'production' });
    app = await buildApp({ database, env, webDist: null, clock });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    return { size, url, database, app, port, sessions: new Sessions(port, () => clock.now().getTime()), ctx, facts };
  } catch (error) {
    await app?.close();
    await database.close();
    return `${url}: ${(error as Error).message.split('\n')[0]}`;
  }
}

async function measureCase(
  agent: ReturnType<typeof createAgent>,
  networks: readonly Network[],
  c: SizeCase,
  settings: SizesSettings,
  gzip: boolean,
): Promise<Map<Size, Measured>> {
  const targets = await Promise.all(
    networks.map(
      async (n): Promise<Target> => ({
        port: n.port,
        path: `/api/playrep${c.path(n.ctx)}`,
        token: await n.sessions.token(c.user),
        gzip,
      }),
    ),
  );
  const samples = networks.map(() => [] as number[]);
  const errors = networks.map(() => ({ n: 0, first: undefined as string | undefined }));
  const one = async (i: number, record: boolean) => {
    const started = process.hrtime.bigint();
    try {
      const res = await get(agent, targets[i]!);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.status !== 200) {
        errors[i]!.n += 1;
        errors[i]!.first ??= `${res.status} ${res.body.toString('utf8', 0, 160)}`;
      } else if (record) samples[i]!.push(ms);
    } catch (error) {
      errors[i]!.n += 1;
      errors[i]!.first ??= (error as Error).message;
    }
  };
  for (let w = 0; w < settings.warmup; w++) for (let i = 0; i < networks.length; i++) await one(i, false);
  const deadline = Date.now() + settings.maxSeconds * 1000;
  for (let round = 0; round < settings.requests; round++) {
    if (round >= settings.minRounds && Date.now() > deadline) break;
    if (errors.every((e) => e.n >= 5)) break;
    // The order turns each round, so that no network always follows the same one.
    for (let k = 0; k < networks.length; k++) await one((round + k) % networks.length, true);
  }
  return new Map(
    networks.map((n, i) => {
      const sorted = [...samples[i]!].sort((a, b) => a - b);
      const m: Measured = { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length, errors: errors[i]!.n };
      if (errors[i]!.first) m.firstError = errors[i]!.first;
      return [n.size, m];
    }),
  );
}

const fmt = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0);
const ratio = (a: Measured | undefined, b: Measured | undefined) =>
  a && b && a.n > 0 && b.n > 0 && b.p50 > 0 ? a.p50 / b.p50 : undefined;
const gib = (bytes: number) => `${(Number(bytes) / 2 ** 30).toFixed(2)} GiB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** What a row misses of SIZE_AIMS ('ok' when nothing). */
function aimOf(l: Measured | undefined, x: Measured | undefined, lm: number | undefined, xl: number | undefined): string {
  const misses: string[] = [];
  if (l && l.n > 0 && l.p95 > SIZE_AIMS.largeP95) misses.push('L p95');
  if (x && x.n > 0 && x.p95 > SIZE_AIMS.xlargeP95) misses.push('XL p95');
  if (lm !== undefined && lm > SIZE_AIMS.ratio) misses.push('L/M');
  if (xl !== undefined && xl > SIZE_AIMS.ratio) misses.push('XL/L');
  if (!l?.n && !x?.n) return '-';
  return misses.length === 0 ? 'ok' : `MISS ${misses.join(', ')}`;
}

/**
 * Measures every report on each network of `urls` that can be opened and returns the whole print
 * out (Markdown table, facts, load); `only` filters the cases by label.
 */
export async function sizesTable(
  urls: Record<Size, string>,
  settings: SizesSettings,
  options: { at: SizesAt; only?: RegExp; gzip: boolean },
): Promise<{ text: string; errors: number }> {
  const startedAt = new Date();
  const at = options.at === 'end-of-day' ? endOfYesterday(startedAt) : undefined;
  const clock: Clock = at ? { now: () => at } : { now: () => new Date() };
  const cases = sizeCases().filter((c) => !options.only || options.only.test(sizeCaseLabel(c)));
  if (cases.length === 0) return { text: 'No report matches --only.', errors: 1 };
  const networks: Network[] = [];
  const missing: string[] = [];
  const loadBefore = load();
  const agent = createAgent(8);
  try {
    for (const size of SIZES) {
      process.stderr.write(`sizes: ${size} (${urls[size]})\n`);
      const open = await openNetwork(size, urls[size], clock);
      if (typeof open === 'string') missing.push(`${size}: not measured (${open})`);
      else networks.push(open);
    }
    if (networks.length === 0) return { text: `No network could be measured.\n${missing.join('\n')}`, errors: 1 };
    for (const n of networks) for (const user of new Set(cases.map((c) => c.user))) await n.sessions.token(user);

    const rows: string[][] = [];
    let errors = 0;
    for (const [i, c] of cases.entries()) {
      const label = sizeCaseLabel(c);
      const m = await measureCase(agent, networks, c, settings, options.gzip);
      const [md, lg, xl] = SIZES.map((s) => m.get(s));
      const lm = ratio(lg, md);
      const xlr = ratio(xl, lg);
      const failed = [...m.entries()].filter(([, v]) => v.errors > 0);
      errors += failed.length;
      const cell = (v: Measured | undefined) => (v ? (v.n > 0 ? `${fmt(v.p50)} / ${fmt(v.p95)}` : 'error') : '-');
      const note = failed.map(([s, v]) => `${s}: ${v.errors} error(s), ${v.firstError}`).join('; ');
      rows.push([
        c.endpoint,
        `${c.user}${c.note ? `, ${c.note}` : ''}`,
        cell(md),
        cell(lg),
        cell(xl),
        lm === undefined ? '-' : `x${lm.toFixed(2)}`,
        xlr === undefined ? '-' : `x${xlr.toFixed(2)}`,
        failed.length > 0 ? `ERROR (${note.slice(0, 120)})` : aimOf(lg, xl, lm, xlr),
      ]);
      process.stderr.write(
        `[${String(i + 1).padStart(2)}/${cases.length}] ${label}: ${SIZES.filter((s) => m.has(s))
          .map((s) => `${s} ${cell(m.get(s))} (n ${m.get(s)!.n})`)
          .join(', ')}${note ? `; ${note}` : ''}\n`,
      );
    }
    const header = ['report', 'subject', 'medium p50 / p95', 'large p50 / p95', 'xlarge p50 / p95', 'L / M', 'XL / L', 'aim'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
    const numeric = (i: number) => i >= 2 && i <= 6;
    const line = (cells: string[]) =>
      `| ${cells.map((cell, i) => (numeric(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
    const rule = `|${widths.map((w, i) => (numeric(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
    const n = (value: number) => Number(value).toLocaleString('en-US');
    const facts = networks.map(
      (w) =>
        `${w.size}: ${w.facts.server.split(' ')[0]} ${w.url.replace(/^.*\//, '')}, ${gib(w.facts.sizeBytes)} on disk, ` +
        `${n(w.facts.masters)} masters, ${n(w.facts.players)} players, ${n(w.facts.plays)} plays ` +
        `(${w.facts.firstDay} to ${w.facts.lastDay}), ${w.facts.closedWeeks} closed settlement weeks`,
    );
    const when = at
      ? `the app's clock fixed at ${at.toISOString()} (yesterday 23:59 IST: the day's plays all in)`
      : `the real clock (today ${istDay(startedAt)} IST, ${startedAt.toISOString().slice(11, 16)} UTC)`;
    const uncovered = options.only ? [] : reportsWithoutCase(cases);
    const text = [
      ...(uncovered.length > 0 ? [`Report calls without a row (add them to bench/sizes-cases.ts): ${uncovered.join(', ')}`] : []),
      `Every report at three sizes: HTTP, c=1, ${settings.requests} requests a network (at most ${settings.maxSeconds} s a case, ` +
        `at least ${settings.minRounds} rounds) in alternating rounds after ${settings.warmup} warm-up each; gzip ${options.gzip ? 'on' : 'off'}; ${when}.`,
      `Started ${startedAt.toISOString()}, load average ${loadBefore}; ended ${new Date().toISOString()}, load average ${load()}.`,
      ...facts,
      ...missing,
      '',
      line(header),
      rule,
      ...rows.map(line),
      '',
      `Milliseconds, client-side from send to the last body byte (nearest-rank percentiles). L / M and XL / L: ratios of the p50s. ` +
        `aim: p95 at most ${SIZE_AIMS.largeP95} ms on large (L p95) and ${SIZE_AIMS.xlargeP95} ms on xlarge (XL p95), ` +
        `each ratio at most ${SIZE_AIMS.ratio}.`,
    ].join('\n');
    return { text, errors };
  } finally {
    agent.destroy();
    for (const w of networks) {
      await w.app.close();
      await w.database.close();
    }
  }
}
