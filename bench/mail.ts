import { sql } from 'drizzle-orm';
import { type Database, type Db, migrateDatabase, openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { seedDemoNetwork } from '../apps/server/src/demo/index.js';
import { addDays, istDay, weekStartOf } from '../apps/server/src/lib/dates.js';
import { makeDueDigests } from '../apps/server/src/modules/mail/digest/make.js';
import { unsubscribeKeyOf, unsubscribeQuery } from '../apps/server/src/modules/mail/unsubscribe.js';
import { closeFinishedWeeks } from '../apps/server/src/modules/settlement/index.js';
import { withClient } from '../apps/server/test/scratch-database.js';
import { parseReceived, startSmtpServer } from '../apps/server/test/smtp-server.js';
import { createAgent, get, median, percentile, type Target } from './load.js';
import { sleep, startBenchServer } from './server-process.js';
import { accountIds, Sessions } from './sessions.js';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, type ThrowawayDatabase } from './throwaway-database.js';

/**
 * npm run bench:mail [-- --scale large|medium|small] [--rounds N] [--clients N] [--template NAME] [--keep]
 *
 * The weekly statements by mail on PostgreSQL (bench/README.md, "Weekly statements by mail"):
 * 1. A throwaway database with the demo network at the scale (default large), every finished week
 *    closed but the last one.
 * 2. The closing of that last week, with no subscriber and with every master and manager
 *    subscribed (a verified address each), alternately, each inside a transaction rolled back:
 *    the closing times and how much the statements add.
 * 3. The real server on that database with SMTP_URL pointing at a local SMTP server of this
 *    process: its start-up closing queues the statements and its sender delivers them, each with
 *    its PDF; meanwhile three reports are asked in a closed loop (4 clients, or --clients N: 0
 *    measures the sender alone). Mails a second, and
 *    the reports' p95 while sending against their p95 once it is idle again.
 * 4. The daily digests (docs/domain.md, "The owner's week"), the report clients still asking: every
 *    master and manager (the superadmin too) subscribed at 23:00 IST, all made at once by the
 *    digests' one pass (makeDueDigests, as the server's daily-digest job runs it) for 23:30 IST
 *    today; the time they take, and the reports' p95 meanwhile. (The server's own job, on the real
 *    clock, finds none of them due before 23:00 IST: run the bench at another hour.)
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const scale = option('scale', 'large') as 'small' | 'medium' | 'large';
const rounds = Number(option('rounds', '3'));
const keep = args.includes('--keep');
const template = option('template', '') || undefined;
if (template && !/^[a-z_][a-z0-9_]*$/.test(template))
  throw new Error('--template: a database name of lower-case letters, digits and _');
const CLIENTS = Number(option('clients', '4'));

const log = (message: string) => console.log(message);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timedClosing(db: Db, now: Date): Promise<{ ms: number; queued: number }> {
  let result = { ms: 0, queued: 0 };
  await db
    .transaction(async (tx) => {
      const started = performance.now();
      // The closing's own transaction becomes a savepoint of this one, rolled back below.
      const { closed } = await closeFinishedWeeks(tx as unknown as Db, { now });
      const ms = performance.now() - started;
      if (closed.length === 0) throw new Error('nothing to close: the last finished week is closed already');
      const [row] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM outbox WHERE kind LIKE 'statement-%'`);
      result = { ms, queued: Number(row?.n ?? 0) };
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result;
}

class RolledBack extends Error {}

/**
 * Subscribes every master and manager (a verified address each, the digest on at 23:00 IST) and
 * makes all their digests of yesterday in the one pass the server's job makes at 23:30 IST.
 */
async function timedDigests(db: Db, now: Date): Promise<{ made: number; from: number; to: number }> {
  await db.execute(
    sql`UPDATE accounts SET email = username || '@example.com', email_verified = true, digest_emails = true, digest_hour = 23
         WHERE role <> 'player' AND user_status AND blocked_at IS NULL`,
  );
  const key = unsubscribeKeyOf(db);
  const links = {
    publicUrl: 'https://backoffice.example.com',
    unsubscribe: async (accountId: string) =>
      `https://backoffice.example.com/mail/unsubscribe?${unsubscribeQuery(await key(), accountId, 'digest')}`,
  };
  const at = new Date(`${istDay(now)}T23:30:00+05:30`);
  const from = performance.now();
  const made = await makeDueDigests(db, links, at);
  return { made, from, to: performance.now() };
}

/**
 * The network the run starts from: seeded at the scale, every finished week closed but the last
 * one. With --template NAME it is copied from the database NAME, which the first such run fills
 * (seeding the large network takes minutes; copying it, seconds).
 */
async function networkDatabase(now: Date): Promise<ThrowawayDatabase> {
  const lastWeek = addDays(weekStartOf(istDay(now)), -7);
  const prepare = async (handle: Database) => {
    await migrateDatabase(handle);
    let started = Date.now();
    await seedDemoNetwork(handle, { scale, seed: 1, houseUsername: 'HOUSE' });
    log(`  seeded in ${seconds(Date.now() - started)}`);
    started = Date.now();
    await closeFinishedWeeks(handle.db, { now: new Date(now.getTime() - 7 * 86_400_000) });
    log(`  closed every finished week before ${lastWeek} in ${seconds(Date.now() - started)}`);
    await handle.db.execute(sql`VACUUM ANALYZE`);
  };
  if (!template) {
    const database = await createThrowawayDatabase(false, 'playrep_bench_mail', keep);
    const handle = await openDatabase(database.open);
    await prepare(handle).finally(() => handle.close());
    return database;
  }
  const adminUrl = process.env.BENCH_ADMIN_URL || DEFAULT_ADMIN_URL;
  const exists = await withClient(adminUrl, (c) => c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]));
  if (exists.rowCount === 0) {
    log(`  filling the template database ${template}`);
    await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${template}`));
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await prepare(handle).finally(() => handle.close());
  }
  const database = await createThrowawayDatabase(false, 'playrep_bench_mail', keep, template);
  log(`  copied from ${template}`);
  return database;
}

async function main(): Promise<void> {
  const now = new Date();
  const lastWeek = addDays(weekStartOf(istDay(now)), -7);
  log(`bench:mail, ${scale} network`);
  const database = await networkDatabase(now);
  log(`  ${database.label}`);
  const handle = await openDatabase(database.open);
  try {
    // 2. Closing the last week without and with subscribers, alternately.
    const subscribe = (on: boolean) =>
      handle.db.execute(
        on
          ? sql`UPDATE accounts SET email = username || '@example.com', email_verified = true
                 WHERE role IN ('master', 'areamanager', 'superareamanager', 'admin')`
          : sql`UPDATE accounts SET email = NULL, email_verified = false`,
      );
    const plain: number[] = [];
    const mailed: number[] = [];
    let queued = 0;
    for (let round = 0; round < rounds; round++) {
      await subscribe(false);
      plain.push((await timedClosing(handle.db, now)).ms);
      await subscribe(true);
      const withMail = await timedClosing(handle.db, now);
      mailed.push(withMail.ms);
      queued = withMail.queued;
    }
    const [p, m] = [median(plain), median(mailed)];
    log(`\nClosing the week of ${lastWeek} (median of ${rounds}, each rolled back):`);
    log(`  no subscriber:               ${p.toFixed(0)} ms   (${plain.map((x) => x.toFixed(0)).join(', ')})`);
    log(
      `  ${String(queued).padStart(4)} statements queued:     ${m.toFixed(0)} ms   (${mailed.map((x) => x.toFixed(0)).join(', ')})`,
    );
    log(`  the statements add:          ${(m - p).toFixed(0)} ms, ${(((m - p) / p) * 100).toFixed(1)} %`);

    // 3. The server closes the week at start and sends the statements through a local SMTP server.
    // Mails kept raw while the clients run in this process, parsed at the end.
    const smtp = await startSmtpServer({ parse: false });
    let firstAt = 0;
    let lastAt = 0;
    const answer = smtp.answer;
    smtp.answer = (mail) => {
      lastAt = performance.now();
      if (firstAt === 0) firstAt = lastAt;
      return answer(mail);
    };
    const server = await startBenchServer({
      ...database.serverEnv,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Playrep <statements@example.com>',
      DEMO_FEED: '0',
    });
    try {
      const sessions = new Sessions(server.port);
      const ids = await accountIds(handle.db, ['am1', 'master1']);
      const targets: Target[] = [
        { port: server.port, path: `/api/playrep/revenuereport?id=${ids.am1}`, token: await sessions.token('am1'), gzip: true },
        {
          port: server.port,
          path: `/api/playrep/mailreport?id=${ids.master1}`,
          token: await sessions.token('master1'),
          gzip: true,
        },
        { port: server.port, path: '/api/playrep/dailystatus', token: await sessions.token('am1'), gzip: true },
      ];
      const agent = createAgent(CLIENTS);
      const samples: { at: number; ms: number }[] = [];
      let stop = false;
      let failures = 0;
      let firstFailure = '';
      const client = async (n: number) => {
        for (let i = n; !stop; i++) {
          const at = performance.now();
          const res = await get(agent, targets[i % targets.length]!);
          if (res.status === 200) samples.push({ at, ms: performance.now() - at });
          else {
            failures += 1;
            firstFailure ||= `${res.status} ${res.body.toString().slice(0, 200)}`;
          }
        }
      };
      const loop = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
      const deadline = Date.now() + 10 * 60_000;
      while (smtp.received.length < queued && Date.now() < deadline) {
        await sleep(1_000);
        process.stderr.write(`  sent ${smtp.received.length} of ${queued}, ${samples.length} report answers\r`);
      }
      process.stderr.write('\n');
      const sendingEnd = performance.now();
      const received = smtp.received.length;
      await sleep(2_000);
      const idleFrom = performance.now();
      await sleep(Math.max(10_000, lastAt - firstAt));
      const digests = await timedDigests(handle.db, now);
      stop = true;
      await loop;
      const p95 = (from: number, to: number) =>
        percentile(
          samples
            .filter((s) => s.at >= from && s.at <= to)
            .map((s) => s.ms)
            .sort((a, b) => a - b),
          95,
        );
      const sending = samples.filter((s) => s.at >= firstAt && s.at <= sendingEnd).length;
      const sendingP95 = p95(firstAt, sendingEnd);
      const idleP95 = p95(idleFrom, Number.POSITIVE_INFINITY);
      await parseReceived(smtp);
      const pdfs = smtp.received.filter((m) => m.parsed.attachments.some((a) => a.contentType === 'application/pdf')).length;
      log(`\nThe server's sender, ${received} of ${queued} statements to a local SMTP server:`);
      log(
        `  first to last mail:          ${seconds(lastAt - firstAt)}, ${(received / ((lastAt - firstAt) / 1000)).toFixed(1)} mails a second`,
      );
      log(`  with a PDF attached:         ${pdfs}`);
      if (CLIENTS > 0) {
        log(`  reports p95 while sending:   ${sendingP95.toFixed(0)} ms (${sending} requests, ${CLIENTS} clients)`);
        log(`  reports p95 idle after:      ${idleP95.toFixed(0)} ms`);
        log(`  ratio:                       ${(sendingP95 / idleP95).toFixed(2)}x`);
      } else {
        log('  no report load (--clients 0)');
      }
      if (failures > 0) log(`  report calls refused:        ${failures} (first: ${firstFailure})`);
      const digestP95 = p95(digests.from, digests.to);
      log(`\nThe daily digests, every master and manager subscribed, made in one pass beside the report clients:`);
      log(`  ${String(digests.made).padStart(4)} digests made in:       ${seconds(digests.to - digests.from)}`);
      if (CLIENTS > 0) log(`  reports p95 meanwhile:       ${digestP95.toFixed(0)} ms (idle: ${idleP95.toFixed(0)} ms)`);
    } finally {
      await server.stop();
      await smtp.close();
    }
  } finally {
    await handle.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
