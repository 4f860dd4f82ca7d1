import { MAIL_STATES, type MailKind, type MailState } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import type { IsoDay } from '../../lib/dates.js';
import type { MailContent } from './outbox.js';

/** The outbox as the Mail screen reads it (docs/domain.md, "Mail and statements"). */
export interface OutboxMail {
  id: string;
  createdAt: Date;
  state: MailState;
  kind: string;
  /** The account the mail is for (null for none). */
  accountId: string | null;
  recipient: string;
  username: string | null;
  subject: string;
  weekStart: IsoDay | null;
  attempts: number;
  lastAnswer: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  bodyText: string | null;
  content: MailContent | null;
}

export interface OutboxFilters {
  state?: MailState | undefined;
  kind?: MailKind | undefined;
  /** Part of the recipient or the account's username, ignoring case. */
  recipient?: string | undefined;
  weekStart?: IsoDay | undefined;
}

export type OutboxSort = 'createdAt' | 'state' | 'kind' | 'recipient' | 'week' | 'attempts' | 'sentAt';

/** Sort expressions by column; ties go by the mail's number in the same direction. */
const SORTS: Record<OutboxSort, SQL> = {
  createdAt: sql`o.created_at`,
  state: sql`o.state::text`,
  kind: sql`o.kind`,
  recipient: sql`lower(o.recipient)`,
  week: sql`o.week_start`,
  attempts: sql`o.attempts`,
  sentAt: sql`o.sent_at`,
};

interface MailSqlRow {
  id: string;
  created_at: string;
  state: MailState;
  kind: string;
  account_id: string | null;
  recipient: string;
  username: string | null;
  subject: string;
  week_start: string | null;
  attempts: number;
  last_answer: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  body_text: string | null;
  content: MailContent | null;
}

const COLUMNS = sql`o.id::text AS id, o.created_at::text AS created_at, o.state::text AS state, o.kind, o.account_id::text AS account_id,
  o.recipient, a.username,
  o.subject, o.week_start::text AS week_start, o.attempts, o.last_answer, o.next_attempt_at::text AS next_attempt_at,
  o.sent_at::text AS sent_at`;

function toMail(row: MailSqlRow): OutboxMail {
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    state: row.state,
    kind: row.kind,
    accountId: row.account_id,
    recipient: row.recipient,
    username: row.username,
    subject: row.subject,
    weekStart: row.week_start,
    attempts: Number(row.attempts),
    lastAnswer: row.last_answer,
    nextAttemptAt: new Date(row.next_attempt_at),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    bodyText: row.body_text ?? null,
    content: row.content ?? null,
  };
}

function whereOf(filters: OutboxFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.state) conditions.push(sql`o.state = ${filters.state}`);
  if (filters.kind) conditions.push(sql`o.kind = ${filters.kind}`);
  if (filters.weekStart) conditions.push(sql`o.week_start = ${filters.weekStart}::date`);
  if (filters.recipient) {
    const pattern = `%${filters.recipient.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(lower(o.recipient) LIKE ${pattern} OR lower(a.username) LIKE ${pattern})`);
  }
  return sql.join(conditions, sql` AND `);
}

/** One page of the mails the filters select, sorted; `limit` null: all of them (an export). */
export async function listOutbox(
  db: Queryable,
  filters: OutboxFilters,
  order: { sort: OutboxSort; direction: 'asc' | 'desc'; offset: number; limit: number | null },
): Promise<OutboxMail[]> {
  const direction = order.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<MailSqlRow>(
    db,
    sql`SELECT ${COLUMNS}
          FROM outbox o LEFT JOIN accounts a ON a.id = o.account_id
         WHERE ${whereOf(filters)}
         ORDER BY ${SORTS[order.sort]} ${direction} NULLS LAST, o.id ${direction}
         ${order.limit === null ? sql`` : sql`LIMIT ${order.limit} OFFSET ${order.offset}`}`,
  );
  return rows.map(toMail);
}

export async function countOutbox(db: Queryable, filters: OutboxFilters): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM outbox o LEFT JOIN accounts a ON a.id = o.account_id WHERE ${whereOf(filters)}`,
  );
  return Number(row?.n ?? 0);
}

/** Every mail of the outbox by state. */
export async function outboxStateCounts(db: Queryable): Promise<Record<MailState, number>> {
  const rows = await queryRows<{ state: MailState; n: number }>(
    db,
    sql`SELECT state::text AS state, count(*)::int AS n FROM outbox GROUP BY state`,
  );
  const counts = Object.fromEntries(MAIL_STATES.map((state) => [state, 0])) as Record<MailState, number>;
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/** One mail with its body and content; null when there is none. */
export async function findMail(db: Queryable, id: string): Promise<OutboxMail | null> {
  const [row] = await queryRows<MailSqlRow>(
    db,
    sql`SELECT ${COLUMNS}, o.body_text, o.content
          FROM outbox o LEFT JOIN accounts a ON a.id = o.account_id
         WHERE o.id = ${id}::bigint`,
  );
  return row ? toMail(row) : null;
}

/**
 * Makes a mail that is waiting or failed due now: pending again, its retries afresh when it had
 * failed; without a mail server (`held`) it stays, or becomes, held. A sent, cancelled or expired
 * mail is left as it is. Returns the mail's state before, or null when there is no such mail.
 */
export async function retryMail(
  db: Queryable,
  id: string,
  now: Date,
  held: { answer: string } | null,
): Promise<MailState | null> {
  const retried = sql`before.state IN ('pending', 'held', 'failed')`;
  const [row] = await queryRows<{ state: MailState }>(
    db,
    sql`UPDATE outbox o SET state = CASE WHEN ${retried} THEN ${held ? 'held' : 'pending'}::mail_state ELSE o.state END,
                             attempts = CASE WHEN before.state = 'failed' THEN 0 ELSE o.attempts END,
                             next_attempt_at = CASE WHEN ${retried} THEN ${now.toISOString()}::timestamptz ELSE o.next_attempt_at END,
                             last_answer = CASE WHEN ${retried} THEN coalesce(${held?.answer ?? null}::text, o.last_answer) ELSE o.last_answer END
          FROM (SELECT id, state FROM outbox WHERE id = ${id}::bigint FOR UPDATE) before
         WHERE o.id = before.id
     RETURNING before.state::text AS state`,
  );
  return row?.state ?? null;
}

/** A mail locked for the caller's transaction (a discard): its state and what the activity names; null when there is none. */
export async function lockMail(
  tx: Queryable,
  id: string,
): Promise<{ state: MailState; kind: string; accountId: string | null; recipient: string } | null> {
  const [row] = await queryRows<{ state: MailState; kind: string; account_id: string | null; recipient: string }>(
    tx,
    sql`SELECT state::text AS state, kind, account_id::text AS account_id, recipient FROM outbox WHERE id = ${id}::bigint FOR UPDATE`,
  );
  return row ? { state: row.state, kind: row.kind, accountId: row.account_id, recipient: row.recipient } : null;
}

/** Closes one waiting mail unsent, cancelled for `reason`. */
export async function cancelMail(tx: Queryable, id: string, reason: string): Promise<void> {
  await tx.execute(
    sql`UPDATE outbox SET state = 'cancelled', last_answer = ${reason} WHERE id = ${id}::bigint AND state IN ('pending', 'held')`,
  );
}

/** Closes every held mail unsent, cancelled for `reason`; returns how many. */
export async function cancelHeldMail(tx: Queryable, reason: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE outbox SET state = 'cancelled', last_answer = ${reason} WHERE state = 'held' RETURNING id`,
  );
  return rows.length;
}
