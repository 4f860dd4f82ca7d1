import type { MailKind } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { startIntervalJob } from '../../db/jobs.js';
import type { Clock } from '../../lib/clock.js';
import { turns } from '../../lib/turns.js';
import { closedStateOf, expireWaitingMail, type GateAt, gatedWaitingMail, stateAfter } from './gate.js';
import type { MailContent } from './outbox.js';
import { answerOf, isPermanentRefusal, type MailTransport, type OutgoingMail } from './transport.js';

/**
 * The one sender of the outbox (docs/domain.md, "Mail and statements"). It runs on one process at a
 * time (server.ts starts it as the settlement: the leader lock on PostgreSQL, directly on the
 * embedded database), every few seconds and when woken (an interval job, db/jobs.ts). It takes the mails that are due, builds
 * those with a `content` (a statement and its PDF), hands them to the mail server and writes down
 * its answer. Each mail is first asked whether it may still go (gate.ts), in the statement that
 * takes it: one that may not is closed instead (cancelled with the reason, or expired), never sent.
 * - 250: sent;
 * - a permanent refusal (5xx): failed at once;
 * - anything else (4xx, no answer, not listening): tried again after 1 min, 5 min, 30 min, 2 h and
 *   12 h, then failed with the server's last answer.
 * Without a mail server (no SMTP_URL) every pending mail is held, and stays visible, until one is
 * configured. At each pass, with a mail server or without, mail that waited longer than
 * MAIL_MAX_AGE_DAYS expires: switching a mail server on after a month sends this week's mail, not
 * a month of it. Taking a mail moves its next attempt past a lease, in a statement that skips rows
 * another sender has locked, so even two senders never take the same mail at once.
 */

/** The waits before the 2nd to 6th attempts; the 6th failing fails the mail. */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
export const HELD_ANSWER = 'held: no mail server configured';
/** How long a taken mail is left to its sender before another may take it (a sender that died mid-way). */
const LEASE_MS = 10 * 60_000;
const POLL_MS = 5_000;
/** Mails taken at a time, and sent side by side. */
const BATCH = 50;
const SENDING_AT_ONCE = 5;

/** A mail as it goes out: its body, headers and attachments. */
export interface RenderedMail {
  text: string;
  html?: string | undefined;
  headers?: Record<string, string> | undefined;
  attachments?: OutgoingMail['attachments'];
}

/** Builds the body of a mail queued with a `content` (money/statement-mail.ts). */
export type ContentRenderer = (content: MailContent) => Promise<RenderedMail>;

export interface MailSenderOptions {
  db: Db;
  clock: Clock;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** The mail server; null: none configured (every mail is held). */
  transport: MailTransport | null;
  from: string;
  render: ContentRenderer;
  /** The headers of a mail whose body was written when it was queued (a digest's List-Unsubscribe); none when left out. */
  headersOf?: (mail: { kind: MailKind; accountId: string | null }) => Promise<Record<string, string> | undefined>;
  /** MAIL_MAX_AGE_DAYS: mail held or pending longer expires. */
  maxAgeDays: number;
  pollMs?: number;
}

export interface SendPass {
  sent: number;
  failed: number;
  retrying: number;
  held: number;
  /** Closed by the gate instead of sent. */
  cancelled: number;
  expired: number;
}

const noPass = (): SendPass => ({ sent: 0, failed: 0, retrying: 0, held: 0, cancelled: 0, expired: 0 });

export interface MailSender {
  /** The first pass, started with the sender (never rejects). */
  firstRun: Promise<SendPass>;
  /** A pass now, or the one under way (and another after it when called meanwhile); never rejects. */
  runNow(): Promise<SendPass>;
  /** Stops the timer, waits for the pass under way, closes the mail server's connections. */
  stop(): Promise<void>;
}

interface DueMail {
  id: number;
  /** One of MAIL_KINDS when it is to send: the gate closes a mail of any other kind (`closed`), never delivered. */
  kind: MailKind;
  account_id: string | null;
  /** The gate's reason when it closed the mail instead; null: to send. */
  closed: string | null;
  recipient: string;
  subject: string;
  body_text: string | null;
  body_html: string | null;
  content: MailContent | null;
  attempts: number;
}

type Outcome =
  | { sent: true; answer: string; rendered: RenderedMail | null }
  | { sent: false; answer: string; permanent: boolean };

export function startMailSender(options: MailSenderOptions): MailSender {
  const { db, clock, log, transport } = options;
  const sendTurn = turns(SENDING_AT_ONCE);
  let stopped = false;

  const pass = async (): Promise<SendPass> => {
    const totals = noPass();
    totals.expired = await expireWaitingMail(db, clock.now(), options.maxAgeDays);
    if (!transport) {
      const held = await holdPending(db, { now: clock.now(), maxAgeDays: options.maxAgeDays });
      for (const reason of held) if (!countClosed(totals, reason)) totals.held += 1;
      return totals;
    }
    while (!stopped) {
      const taken = await takeDue(db, { now: clock.now(), maxAgeDays: options.maxAgeDays });
      if (taken.length === 0) break;
      const due = taken.filter((mail) => !countClosed(totals, mail.closed));
      await Promise.all(
        due.map((mail) =>
          sendTurn(async () => {
            const outcome = await deliver(mail, transport, options);
            const state = await record(db, mail, outcome, clock.now());
            totals[state === 'sent' ? 'sent' : state === 'failed' ? 'failed' : 'retrying'] += 1;
          }),
        ),
      );
    }
    if (totals.sent + totals.failed + totals.retrying + totals.cancelled + totals.expired > 0) {
      log.info({ ...totals }, 'mail: sent, or closed by the gate');
    }
    return totals;
  };

  // Mail queued while a pass sends is caught up by a pass right after it (catchUp).
  const job = startIntervalJob({
    everyMs: options.pollMs ?? POLL_MS,
    run: pass,
    log,
    failure: 'mail: sending failed',
    catchUp: true,
  });

  return {
    firstRun: job.firstRun.then(sumOf),
    runNow: () => job.runNow().then(sumOf),
    async stop() {
      stopped = true;
      await job.stop();
      transport?.close();
    },
  };
}

/** The totals of the passes a run of the sender made. */
function sumOf(passes: readonly SendPass[]): SendPass {
  const totals = noPass();
  for (const done of passes) for (const key of Object.keys(totals) as (keyof SendPass)[]) totals[key] += done[key];
  return totals;
}

/** Counts a mail the gate closed (its reason given) as cancelled or expired; false when it was not closed. */
function countClosed(totals: SendPass, reason: string | null): boolean {
  if (reason === null) return false;
  totals[closedStateOf(reason)] += 1;
  return true;
}

/**
 * Without a mail server: every pending mail waits, held, saying why, unless the gate closes it.
 * Returns the gate's reason of each (null: held).
 */
async function holdPending(db: Db, at: GateAt): Promise<(string | null)[]> {
  const rows = await queryRows<{ reason: string | null }>(
    db,
    sql`UPDATE outbox o SET state = ${stateAfter(sql`pending.reason`, sql`'held'::mail_state`)},
                            last_answer = coalesce(pending.reason, ${HELD_ANSWER})
          FROM (${gatedWaitingMail(at, { where: sql`o.state = 'pending'`, lock: 'skip' })}) pending
         WHERE o.id = pending.id
     RETURNING pending.reason`,
  );
  return rows.map((row) => row.reason);
}

/**
 * Takes the mails due now (held ones too: a mail server is configured now), asking the gate of
 * each in the same statement: those it lets go are leased to this sender, the others closed.
 */
async function takeDue(db: Db, at: GateAt): Promise<DueMail[]> {
  const now = at.now.toISOString();
  return queryRows<DueMail>(
    db,
    sql`UPDATE outbox o SET state = ${stateAfter(sql`due.reason`, sql`o.state`)},
                            last_answer = coalesce(due.reason, o.last_answer),
                            next_attempt_at = CASE WHEN due.reason IS NULL
                                                   THEN ${now}::timestamptz + ${`${LEASE_MS} milliseconds`}::interval
                                                   ELSE o.next_attempt_at END
          FROM (${gatedWaitingMail(at, {
            where: sql`o.next_attempt_at <= ${now}::timestamptz`,
            orderLimit: sql`ORDER BY o.next_attempt_at, o.id LIMIT ${BATCH}`,
            lock: 'skip',
          })}) due
         WHERE o.id = due.id
     RETURNING o.id, o.kind, o.account_id, due.reason AS closed, o.recipient, o.subject, o.body_text, o.body_html, o.content, o.attempts`,
  );
}

async function deliver(mail: DueMail, transport: MailTransport, options: MailSenderOptions): Promise<Outcome> {
  let rendered: RenderedMail | null = null;
  let body: RenderedMail;
  try {
    if (mail.content) {
      rendered = await options.render(mail.content);
      body = rendered;
    } else {
      const headers = await options.headersOf?.({ kind: mail.kind, accountId: mail.account_id });
      body = { text: mail.body_text ?? '', html: mail.body_html ?? undefined, headers };
    }
  } catch (err) {
    options.log.error({ err, mail: mail.id }, 'mail: could not build the mail');
    return { sent: false, answer: `could not build the mail: ${answerOf(err)}`, permanent: false };
  }
  try {
    const answer = await transport.send({
      from: options.from,
      to: mail.recipient,
      subject: mail.subject,
      text: body.text,
      html: body.html,
      headers: body.headers,
      attachments: body.attachments,
    });
    return { sent: true, answer: answerOf({ response: answer }), rendered };
  } catch (err) {
    return { sent: false, answer: answerOf(err), permanent: isPermanentRefusal(err) };
  }
}

/** Writes down how an attempt went; returns the mail's state after it. */
async function record(db: Db, mail: DueMail, outcome: Outcome, now: Date): Promise<'sent' | 'failed' | 'pending'> {
  const at = now.toISOString();
  const attempts = mail.attempts + 1;
  if (outcome.sent) {
    // The body built at sending is kept: the Mail screen shows what went.
    const body = outcome.rendered
      ? sql`, body_text = ${outcome.rendered.text}, body_html = ${outcome.rendered.html ?? null}`
      : sql``;
    await db.execute(
      sql`UPDATE outbox SET state = 'sent', sent_at = ${at}::timestamptz, attempts = ${attempts},
                            last_answer = ${outcome.answer} ${body}
           WHERE id = ${mail.id}`,
    );
    return 'sent';
  }
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (outcome.permanent || delay === undefined) {
    await db.execute(
      sql`UPDATE outbox SET state = 'failed', attempts = ${attempts}, last_answer = ${outcome.answer} WHERE id = ${mail.id}`,
    );
    return 'failed';
  }
  await db.execute(
    sql`UPDATE outbox SET state = 'pending', attempts = ${attempts}, last_answer = ${outcome.answer},
                          next_attempt_at = ${new Date(now.getTime() + delay).toISOString()}::timestamptz
         WHERE id = ${mail.id}`,
  );
  return 'pending';
}
