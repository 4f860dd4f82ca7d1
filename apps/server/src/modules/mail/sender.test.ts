import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccounts } from '../../../test/fixtures/network.js';
import { ManualClock } from '../../../test/manual-clock.js';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.js';
import { createTestDatabase, TEST_DB_KINDS, type TestDatabase } from '../../../test/test-db.js';
import { type Db, queryRows } from '../../db/client.js';
import { runAsLeader } from '../../db/leader-lock.js';
import { queueMail } from './outbox.js';
import { HELD_ANSWER, type MailSender, RETRY_DELAYS_MS, startMailSender } from './sender.js';
import { smtpTransport } from './transport.js';

const FROM = 'Playrep <reports@playrep.test>';
const silent = { info: () => {}, error: () => {} };

interface Row {
  key: string;
  state: string;
  attempts: number;
  last_answer: string | null;
  /** next_attempt_at in ms. */
  next_ms: number;
}

async function rows(db: Db): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`SELECT key, state::text AS state, attempts, last_answer,
                          (extract(epoch FROM next_attempt_at) * 1000)::bigint AS next_ms
                     FROM outbox ORDER BY id`,
  );
}

/** The people mail goes to: masters person1 to person40 (under one superadmin), each with its verified address, statements on. */
const PEOPLE = 40;
let people: Record<string, string> = {};

async function createPeople(db: Db): Promise<void> {
  people = await createAccounts(db, [
    ['top', 'superadmin', null],
    ...Array.from({ length: PEOPLE }, (_, i) => [`person${i + 1}`, 'master', 'top'] as const),
  ]);
  await db.execute(sql`UPDATE accounts SET email = username || '@example.com', email_verified = true`);
}

/** Mail number n: a statement to person n, its body written when queued (the gate lets it go). */
const mail = (n: number) => ({
  key: `test:${n}`,
  kind: 'statement-agent' as const,
  accountId: people[`person${n}`]!,
  to: `person${n}@example.com`,
  subject: `Mail number ${n}`,
  text: `The body of mail ${n}.`,
  html: `<p>The body of mail <b>${n}</b>.</p>`,
});

describe.each(TEST_DB_KINDS)('the outbox and its sender on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let clock: ManualClock;
  const senders: MailSender[] = [];
  const sender = (url: string | null) => {
    const started = startMailSender({
      db: database.db,
      clock,
      log: silent,
      transport: url ? smtpTransport(url) : null,
      from: FROM,
      render: async () => ({ text: 'rendered' }),
      maxAgeDays: 7,
      pollMs: 3_600_000,
    });
    senders.push(started);
    return started;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createPeople(database.db);
  });
  afterAll(async () => database?.destroy());
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM outbox`);
    smtp = await startSmtpServer();
    clock = new ManualClock('2026-03-02T10:00:00Z');
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.stop()));
    await smtp.close();
  });

  it('queues a mail once under its key, whatever the body of a second try', async () => {
    expect(await queueMail(database.db, mail(1), clock.now())).toBe(true);
    expect(await queueMail(database.db, { ...mail(1), subject: 'Another subject' }, clock.now())).toBe(false);
    // Inside a transaction that rolls back, the mail goes with it.
    await database.db
      .transaction(async (tx) => {
        await queueMail(tx, mail(2), clock.now());
        throw new Error('the fact failed');
      })
      .catch(() => {});
    const queued = await queryRows<{ key: string; subject: string; state: string }>(
      database.db,
      sql`SELECT key, subject, state::text AS state FROM outbox`,
    );
    expect(queued).toEqual([{ key: 'test:1', subject: 'Mail number 1', state: 'pending' }]);
  });

  it('delivers through the SMTP server: sender, recipient, subject, text and HTML, once', async () => {
    await queueMail(database.db, mail(1), clock.now());
    await queueMail(database.db, mail(2), clock.now());
    const pass = await sender(smtp.url).firstRun;
    expect(pass).toEqual({ sent: 2, failed: 0, retrying: 0, held: 0, cancelled: 0, expired: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([['person1@example.com'], ['person2@example.com']]);
    const first = smtp.received[0]!.parsed;
    expect(first.subject).toBe('Mail number 1');
    expect(first.from?.text).toBe('"Playrep" <reports@playrep.test>');
    expect(first.text?.trim()).toBe('The body of mail 1.');
    expect(first.html).toContain('<b>1</b>');
    const after = await rows(database.db);
    expect(after.map((r) => [r.state, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(after[0]!.last_answer).toMatch(/^250 .*Ok: queued/);
    // Another pass sends nothing again.
    expect(await senders[0]!.runNow()).toEqual({ sent: 0, failed: 0, retrying: 0, held: 0, cancelled: 0, expired: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('holds every mail without a mail server, visibly, and sends them once one is configured', async () => {
    await queueMail(database.db, mail(1), clock.now());
    const held = sender(null);
    expect(await held.firstRun).toEqual({ sent: 0, failed: 0, retrying: 0, held: 1, cancelled: 0, expired: 0 });
    expect((await rows(database.db)).map((r) => [r.state, r.attempts, r.last_answer])).toEqual([['held', 0, HELD_ANSWER]]);
    await held.stop();

    clock.advance(3 * 24 * 3_600_000);
    expect((await sender(smtp.url).firstRun).sent).toBe(1);
    expect((await rows(database.db)).map((r) => r.state)).toEqual(['sent']);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a 4xx at the backoff (1 min, then 5 min) and sends it on the 250', async () => {
    smtp.answer = ({ attempt }) => (attempt <= 2 ? { accept: false, code: 451, text: 'Try again later' } : { accept: true });
    await queueMail(database.db, mail(1), clock.now());
    const run = sender(smtp.url);
    expect(await run.firstRun).toEqual({ sent: 0, failed: 0, retrying: 1, held: 0, cancelled: 0, expired: 0 });
    let [row] = await rows(database.db);
    expect([row!.state, row!.attempts, row!.last_answer]).toEqual(['pending', 1, '451 Try again later']);
    expect(Number(row!.next_ms)).toBe(clock.now().getTime() + RETRY_DELAYS_MS[0]!);

    // Not due before its minute is up.
    clock.advance(59_000);
    expect((await run.runNow()).retrying).toBe(0);
    clock.advance(1_000);
    expect((await run.runNow()).retrying).toBe(1);
    [row] = await rows(database.db);
    expect([row!.attempts, Number(row!.next_ms)]).toEqual([2, clock.now().getTime() + 5 * 60_000]);

    clock.advance(5 * 60_000);
    expect((await run.runNow()).sent).toBe(1);
    [row] = await rows(database.db);
    expect([row!.state, row!.attempts]).toEqual(['sent', 3]);
    expect(smtp.attempts.map((a) => (a.answer.accept ? 250 : a.answer.code))).toEqual([451, 451, 250]);
    expect(smtp.received).toHaveLength(1);
  });

  it('fails a 5xx at once, with the server’s answer', async () => {
    smtp.answer = () => ({ accept: false, code: 550, text: 'Mailbox unavailable' });
    await queueMail(database.db, mail(1), clock.now());
    expect(await sender(smtp.url).firstRun).toEqual({ sent: 0, failed: 1, retrying: 0, held: 0, cancelled: 0, expired: 0 });
    expect((await rows(database.db)).map((r) => [r.state, r.attempts, r.last_answer])).toEqual([
      ['failed', 1, '550 Mailbox unavailable'],
    ]);
    clock.advance(24 * 3_600_000);
    expect(await senders[0]!.runNow()).toEqual({ sent: 0, failed: 0, retrying: 0, held: 0, cancelled: 0, expired: 0 });
    expect(smtp.attempts).toHaveLength(1);
  });

  it('retries a server that is not listening after 1 min, 5 min, 30 min, 2 h and 12 h, then fails it', async () => {
    await queueMail(database.db, mail(1), clock.now());
    const run = sender(`smtp://127.0.0.1:${await closedPort()}`);
    await run.firstRun;
    const seen: [string, number][] = [];
    for (const delay of RETRY_DELAYS_MS) {
      const [row] = await rows(database.db);
      seen.push([row!.state, row!.attempts]);
      expect(row!.last_answer).toMatch(/ECONNREFUSED/);
      expect(Number(row!.next_ms)).toBe(clock.now().getTime() + delay);
      clock.advance(delay);
      await run.runNow();
    }
    const [last] = await rows(database.db);
    seen.push([last!.state, last!.attempts]);
    expect(seen).toEqual([
      ['pending', 1],
      ['pending', 2],
      ['pending', 3],
      ['pending', 4],
      ['pending', 5],
      ['failed', 6],
    ]);
    expect(last!.last_answer).toMatch(/ECONNREFUSED/);
  });

  it('sends each mail once when two senders run at once', async () => {
    for (let n = 1; n <= 40; n++) await queueMail(database.db, mail(n), clock.now());
    const [a, b] = [sender(smtp.url), sender(smtp.url)];
    const passes = await Promise.all([a.firstRun, b.firstRun]);
    expect(passes[0]!.sent + passes[1]!.sent).toBe(40);
    expect(smtp.received).toHaveLength(40);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(40);
    expect((await rows(database.db)).every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the sender behind the leader lock on PostgreSQL', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await createPeople(database.db);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.destroy();
  });

  it('runs on one of two processes: each mail is delivered once', async () => {
    const clock = new ManualClock('2026-03-02T10:00:00Z');
    for (let n = 1; n <= 20; n++) await queueMail(database.db, mail(n), clock.now());
    const started: string[] = [];
    const lock = (name: string) =>
      runAsLeader({
        databaseUrl: database.url!,
        job: 'mail-sender',
        retryMs: 50,
        start: () => {
          started.push(name);
          return startMailSender({
            db: database.db,
            clock,
            log: silent,
            transport: smtpTransport(smtp.url),
            from: FROM,
            render: async () => ({ text: '' }),
            maxAgeDays: 7,
            pollMs: 20,
          });
        },
      });
    const locks = [lock('one'), lock('two')];
    const deadline = Date.now() + 10_000;
    while (smtp.received.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(started).toHaveLength(1);
    expect(locks.filter((l) => l.leading)).toHaveLength(1);
    await Promise.all(locks.map((l) => l.close()));
    expect(smtp.received).toHaveLength(20);
    expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(20);
  });
});
