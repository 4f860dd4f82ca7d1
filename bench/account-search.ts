/**
 * The account search and the per-request scope lookups at three sizes of network: bare SQL p50 /
 * p95 (ms) of the superadmin's searches before (the search as it was, walking the superadmin's
 * closure) and after (searchAccounts, migration 0032), side by side in one run, with the ratios
 * large / medium and xlarge / large, and whether both give the same answers.
 *
 *   npx tsx bench/account-search.ts [--sizes medium,large,xlarge] [--rounds 40] [--fresh] [--drop]
 *
 * Reads the seeded bench databases (playrep_bench_medium, playrep_bench, playrep_bench_xlarge, on
 * BENCH_ADMIN_URL's server) and never writes to them. The search "after" needs 0032's column and
 * indexes: when a bench database does not have them yet, its accounts are copied (the same ids,
 * names and parents) into a database of the current migrations, bench_account_search_<size>, kept
 * for the next run (--fresh makes it again, --drop removes it at the end). The scope lookups are
 * measured on the bench databases themselves.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, migrateDatabase, openDatabase, type Queryable, queryRows } from '../apps/server/src/db/client.js';
import {
  type AccountRecord,
  counterpartyVisible,
  findAccountInScope,
  searchAccounts,
} from '../apps/server/src/modules/accounts/repository.js';
import { withClient } from '../apps/server/test/scratch-database.js';
import { percentile } from './load.js';
import { adminUrl, SIZE_DATABASES, type Size, sizesOf, urlOf } from './size-databases.js';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: 'medium,large,xlarge' },
    rounds: { type: 'string', default: '40' },
    fresh: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
  },
});
const sizes = sizesOf(args.sizes);
const rounds = Number(args.rounds);

/** The search as it was before 0032 (the same answers; it walks the closure of any root). */
async function searchBefore(db: Queryable, rootId: string, text: string, limit: number, roles?: readonly string[]) {
  const q = text.toLowerCase();
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const ofRoles = roles ? sql`AND a.role::text = ANY (string_to_array(${roles.join(',')}, ','))` : sql``;
  return queryRows<{ id: string; username: string }>(
    db,
    sql`SELECT a.id, a.username, a.role::text AS role, a.first_name, a.last_name, a.parent_id, a.address,
               a.commission::text AS commission, a.user_status, a.wallet_balance_cents
          FROM account_closure c JOIN accounts a ON a.id = c.descendant_id
         WHERE c.ancestor_id = ${rootId}::uuid
           AND (lower(a.username) LIKE ${pattern} OR lower(a.first_name || ' ' || a.last_name) LIKE ${pattern})
           ${ofRoles}
         ORDER BY (lower(a.username) = ${q}) DESC, c.depth, lower(a.username)
         LIMIT ${limit}`,
  );
}

/** The picker's searches (limit 20, as ACCOUNT_SEARCH_LIMIT): the text, and the roles it asks for. */
const MANAGERS = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master'];
const SEARCHES: { label: string; text: string; roles?: readonly string[] }[] = [
  { label: "'mas' (the bench's case)", text: 'mas' },
  { label: "'' (the list opened)", text: '' },
  { label: "'' managers only", text: '', roles: MANAGERS },
  { label: "'mas' players only (members)", text: 'mas', roles: ['player'] },
  { label: "'sharma' (a surname)", text: 'sharma' },
  { label: "'player1234' (one username)", text: 'player1234' },
  { label: "'master12' managers only", text: 'master12', roles: MANAGERS },
  { label: "'zzz' (nothing)", text: 'zzz' },
];

interface Target {
  size: Size;
  /** The bench database (before, scope lookups). */
  source: Database;
  /** Where the search after runs: the bench database once migrated, else the copy. */
  after: Database;
  ids: Record<string, string>;
  accounts: number;
}

async function hasSearchIndexes(url: string): Promise<boolean> {
  return withClient(url, async (c) => {
    const { rows } = await c.query(`SELECT to_regclass('public.accounts_username_trgm_idx') IS NOT NULL AS ok`);
    return rows[0].ok as boolean;
  });
}

/** Copies the accounts of `source` (parents first) into a database of the current migrations. */
async function copyAccounts(size: Size, sourceUrl: string): Promise<string> {
  const name = `bench_account_search_${size}`;
  const url = urlOf(name);
  const exists = await withClient(
    adminUrl,
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount,
  );
  if (exists && !args.fresh) {
    const [here, there] = await Promise.all(
      [url, sourceUrl].map((u) =>
        withClient(u, async (c) => Number((await c.query('SELECT count(*) AS n FROM accounts')).rows[0].n)),
      ),
    );
    if (here === there) return url;
  }
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const target = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await migrateDatabase(target);
  } finally {
    await target.close();
  }
  const started = performance.now();
  const from = new pg.Client({ connectionString: sourceUrl });
  const to = new pg.Client({ connectionString: url });
  await Promise.all([from.connect(), to.connect()]);
  try {
    const { rows } = await from.query(
      `SELECT a.id, a.username, a.password_hash, a.first_name, a.last_name, a.role::text AS role, a.parent_id,
              a.commission::text AS commission, a.address, a.user_status, a.wallet_balance_cents::text AS wallet
         FROM accounts a
        ORDER BY (SELECT max(c.depth) FROM account_closure c WHERE c.descendant_id = a.id), a.id`,
    );
    const columns = [
      'id',
      'username',
      'password_hash',
      'first_name',
      'last_name',
      'role',
      'parent_id',
      'commission',
      'address',
      'user_status',
      'wallet',
    ];
    for (let at = 0; at < rows.length; at += 5000) {
      const batch = rows.slice(at, at + 5000);
      await to.query(
        `INSERT INTO accounts (id, username, password_hash, first_name, last_name, role, parent_id, commission, address,
                               user_status, wallet_balance_cents)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::role[], $7::uuid[],
                              $8::numeric[], $9::text[], $10::boolean[], $11::bigint[])`,
        columns.map((column) => batch.map((r) => r[column])),
      );
    }
    await to.query('VACUUM ANALYZE accounts');
    await to.query('VACUUM ANALYZE account_closure');
    process.stderr.write(
      `${size}: ${rows.length} accounts copied into ${name} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
  return url;
}

async function openTarget(size: Size): Promise<Target | null> {
  const sourceUrl = urlOf(SIZE_DATABASES[size]);
  const exists = await withClient(
    adminUrl,
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [SIZE_DATABASES[size]])).rowCount,
  );
  if (!exists) {
    process.stderr.write(`${size}: no database ${SIZE_DATABASES[size]}, left out\n`);
    return null;
  }
  const afterUrl = (await hasSearchIndexes(sourceUrl)) ? sourceUrl : await copyAccounts(size, sourceUrl);
  const source = await openDatabase({ databaseUrl: sourceUrl, poolSize: 1 });
  const after = afterUrl === sourceUrl ? source : await openDatabase({ databaseUrl: afterUrl, poolSize: 1 });
  const named = await queryRows<{ username: string; id: string }>(
    source.db,
    sql`SELECT username, id FROM accounts WHERE username IN ('superadmin', 'am1', 'master1', 'master3', 'player1', 'player1234')`,
  );
  const [{ n }] = (await queryRows<{ n: number }>(
    source.db,
    sql`SELECT count(*)::int AS n FROM accounts WHERE role <> 'house'`,
  )) as [{ n: number }];
  return { size, source, after, ids: Object.fromEntries(named.map((r) => [r.username, r.id])), accounts: n };
}

interface Timing {
  min: number;
  p50: number;
  p95: number;
}

async function time(fn: () => Promise<unknown>, samples: number[]): Promise<void> {
  const started = performance.now();
  await fn();
  samples.push(performance.now() - started);
}

const summary = (samples: number[]): Timing => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { min: sorted[0] ?? Number.NaN, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/** Before and after alternately, `rounds` each after two warm-up calls; whether their answers agree. */
async function measurePair(before: () => Promise<unknown>, after: () => Promise<unknown>) {
  const same = JSON.stringify(await before()) === JSON.stringify(await after());
  await before();
  await after();
  const [b, a]: [number[], number[]] = [[], []];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      await time(before, b);
      await time(after, a);
    } else {
      await time(after, a);
      await time(before, b);
    }
  }
  return { before: summary(b), after: summary(a), same };
}

async function measureOne(fn: () => Promise<unknown>): Promise<Timing> {
  await fn();
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) await time(fn, samples);
  return summary(samples);
}

const shape = (rows: AccountRecord[] | { id: string }[]) => rows.map((r) => r.id);

async function main() {
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const targets = (await Promise.all(sizes.map(openTarget))).filter((t): t is Target => t !== null);
  const results: Record<string, Partial<Record<Size, { before?: Timing; after: Timing; same?: boolean }>>> = {};
  const record = (label: string, size: Size, value: { before?: Timing; after: Timing; same?: boolean }) => {
    results[label] ??= {};
    results[label]![size] = value;
  };
  for (const target of targets) {
    const root = target.ids.superadmin!;
    for (const search of SEARCHES) {
      const pair = await measurePair(
        async () => shape(await searchBefore(target.source.db, root, search.text, 20, search.roles)),
        async () => shape(await searchAccounts(target.after.db, root, search.text, 20, search.roles)),
      );
      record(`search ${search.label}`, target.size, pair);
    }
    // The scope guard's lookups (plugins/scope.ts), unchanged: an _id and a username in the
    // superadmin's subtree, a username outside am1's, and a Member ID's visibility.
    const scope: [string, () => Promise<unknown>][] = [
      ['scope: id in the superadmin subtree', () => findAccountInScope(target.source.db, root, { id: target.ids.player1! })],
      ['scope: username, deepest level', () => findAccountInScope(target.source.db, root, { username: 'PLAYER1234' })],
      [
        'scope: username outside am1 (refused)',
        () => findAccountInScope(target.source.db, target.ids.am1!, { username: 'master3' }, target.ids.am1!),
      ],
      ['scope: Member ID visible to master1', () => counterpartyVisible(target.source.db, target.ids.master1!, 'player1')],
    ];
    for (const [label, fn] of scope) record(label, target.size, { after: await measureOne(fn) });
  }

  const ms = (t: Timing | undefined) => (t ? `${t.min.toFixed(2)} / ${t.p50.toFixed(2)} / ${t.p95.toFixed(2)}` : '-');
  const ratio = (a: Timing | undefined, b: Timing | undefined) =>
    a && b ? `x${(a.p50 / b.p50).toFixed(2)} (x${(a.min / b.min).toFixed(2)})` : '-';
  const present = targets.map((t) => t.size);
  const out: string[] = [];
  out.push(`Bare SQL min / p50 / p95 ms, ${rounds} calls a side (before and after alternating), limit 20, load ${load}`);
  out.push('Ratios: of the p50 (of the min in brackets).');
  out.push(`Accounts: ${targets.map((t) => `${t.size} ${t.accounts}`).join(', ')}`);
  out.push('');
  const heads = present.flatMap((s) => [`${s} before`, `${s} after`]);
  out.push(`| Call | ${heads.join(' | ')} | L/M before | L/M after | XL/L before | XL/L after | same answers |`);
  out.push(`|---|${heads.map(() => '---:').join('|')}|---:|---:|---:|---:|---|`);
  for (const [label, bySize] of Object.entries(results)) {
    const cells = present.flatMap((s) => [ms(bySize[s]?.before), ms(bySize[s]?.after)]);
    const { medium: m, large: l, xlarge: x } = bySize;
    const same = Object.values(bySize).every((v) => v?.same !== false);
    const scopeOnly = !m?.before && !l?.before;
    out.push(
      `| ${label} | ${cells.join(' | ')} | ${ratio(l?.before, m?.before)} | ${ratio(l?.after, m?.after)} | ${ratio(x?.before, l?.before)} | ${ratio(x?.after, l?.after)} | ${scopeOnly ? '(unchanged)' : same ? 'yes' : 'NO'} |`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
  for (const target of targets) {
    if (target.after !== target.source) await target.after.close();
    await target.source.close();
    if (args.drop)
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS bench_account_search_${target.size} WITH (FORCE)`));
  }
}

await main();
