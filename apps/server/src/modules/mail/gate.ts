import { MAIL_KINDS, type MailKind } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';

/**
 * The mail gate (docs/domain.md, "Mail and statements"): may this mail still go? The sender asks
 * it of each mail in the statement that takes it (sender.ts); an account's waiting mail is asked
 * again in the transaction that turns its statements or its digest off or changes its address (closeBarredMail).
 * A mail that may not go is closed instead of sent: `expired` when it waited (held or pending)
 * longer than MAIL_MAX_AGE_DAYS, else `cancelled`, its reason in `last_answer`.
 *
 * Each kind of mail has its rule: the bars below, checked in order, the first that holds giving the
 * reason. A bar is a condition in SQL over the outbox row `o` and what GATE_JOINS joins to it: its
 * account `a`, the sign-in link it carries `l`, the account's pending address confirmation `c`.
 */
export const MAIL_REASONS = {
  accountInactive: 'cancelled: account inactive',
  accountBlocked: 'cancelled: account blocked',
  statementsOff: 'cancelled: statements turned off',
  bigWinAlertsOff: 'cancelled: big-win alerts turned off',
  digestOff: 'cancelled: digest turned off',
  addressRemoved: 'cancelled: address removed',
  addressChanged: 'cancelled: address changed',
  linkNotValid: 'withdrawn: the link is no longer valid',
  confirmedAlready: 'cancelled: address confirmed already',
  notToConfirm: 'cancelled: no longer the address to confirm',
  unknownKind: 'cancelled: unknown kind of mail',
  discarded: (username: string) => `cancelled: discarded by ${username}`,
  expired: (days: number) => `expired: not sent within ${days} day${days === 1 ? '' : 's'}`,
} as const;

/** The kinds of mail that carry a sign-in link (`outbox.sign_in_link_id`): they go only while it can be used. */
export const LINK_MAIL_KINDS: readonly MailKind[] = ['password-reset'];

interface Bar {
  when: SQL;
  reason: string;
}

const GATE_JOINS = sql`LEFT JOIN accounts a ON a.id = o.account_id
  LEFT JOIN sign_in_links l ON l.id = o.sign_in_link_id
  LEFT JOIN email_confirmations c ON c.account_id = o.account_id`;

/** The bars of each kind, at `at` (an ISO instant). */
function rules(at: string): Record<MailKind, readonly Bar[]> {
  const account: Bar[] = [
    // A missing account counts as inactive: nothing may go for it.
    { when: sql`a.user_status IS NOT TRUE`, reason: MAIL_REASONS.accountInactive },
    { when: sql`a.blocked_at IS NOT NULL`, reason: MAIL_REASONS.accountBlocked },
  ];
  // The row's recipient must still be the account's verified address.
  const address: Bar[] = [
    { when: sql`a.email IS NULL OR a.email_verified IS NOT TRUE`, reason: MAIL_REASONS.addressRemoved },
    { when: sql`lower(a.email) <> lower(o.recipient)`, reason: MAIL_REASONS.addressChanged },
  ];
  const statement: Bar[] = [
    ...account,
    { when: sql`a.statement_emails IS NOT TRUE`, reason: MAIL_REASONS.statementsOff },
    ...address,
  ];
  // The daily digest of the schedule (`digest:<day>:<account>`) goes while its account has it on; one
  // asked for with "send me the digest now" (`digest-now:...`) was asked for, switch or not.
  const digest: Bar[] = [
    ...account,
    { when: sql`o.key LIKE 'digest:%' AND a.digest_emails IS NOT TRUE`, reason: MAIL_REASONS.digestOff },
    ...address,
  ];
  // Used, replaced, revoked (a block, a deactivation, a password change) or expired: never sent.
  const link: Bar[] = [
    {
      when: sql`l.id IS NULL OR l.account_id IS DISTINCT FROM o.account_id OR l.used_at IS NOT NULL
                OR l.revoked_at IS NOT NULL OR l.expires_at <= ${at}::timestamptz`,
      reason: MAIL_REASONS.linkNotValid,
    },
    ...account,
    ...address,
  ];
  // The confirmation pending for the account is the one this mail carries: the same address, and
  // its key made from the same secret (confirmationMailKey in email-address.ts writes it so).
  const current = sql`(c.account_id IS NOT NULL AND lower(c.email) = lower(o.recipient)
    AND o.key = 'email-confirmation:' || c.account_id::text || ':' || left(c.token_hash, 16))`;
  const confirmation: Bar[] = [
    {
      when: sql`NOT ${current} AND a.email_verified AND lower(a.email) = lower(o.recipient)`,
      reason: MAIL_REASONS.confirmedAlready,
    },
    { when: sql`NOT ${current}`, reason: MAIL_REASONS.notToConfirm },
    { when: sql`c.expires_at <= ${at}::timestamptz`, reason: MAIL_REASONS.linkNotValid },
  ];
  // A big-win alert (big-win-alerts/): the account still has alerts on, at the address it was made for.
  const bigWinAlert: Bar[] = [
    ...account,
    { when: sql`a.big_win_emails IS NOT TRUE`, reason: MAIL_REASONS.bigWinAlertsOff },
    ...address,
  ];
  return {
    'statement-agent': statement,
    'statement-manager': statement,
    'password-reset': link,
    'email-confirmation': confirmation,
    'big-win-alert': bigWinAlert,
    digest,
  };
}

export interface GateAt {
  now: Date;
  /** MAIL_MAX_AGE_DAYS; left out, the age is not asked (an account's change closes what it bars, nothing more). */
  maxAgeDays?: number | undefined;
}

/** The instant before which a mail has waited longer than MAIL_MAX_AGE_DAYS (ISO). */
const oldestWaiting = (now: Date, maxAgeDays: number) => new Date(now.getTime() - maxAgeDays * 86_400_000).toISOString();

/** The gate's verdict on the row `o` (with GATE_JOINS): null when it may go, else why it is closed. */
function verdict({ now, maxAgeDays }: GateAt): SQL {
  const at = now.toISOString();
  const checks: Bar[] = [];
  if (maxAgeDays !== undefined) {
    checks.push({
      when: sql`o.created_at <= ${oldestWaiting(now, maxAgeDays)}::timestamptz`,
      reason: MAIL_REASONS.expired(maxAgeDays),
    });
  }
  const byKind = rules(at);
  for (const kind of MAIL_KINDS) {
    for (const bar of byKind[kind]) checks.push({ when: sql`o.kind = ${kind} AND (${bar.when})`, reason: bar.reason });
  }
  const kinds = sql.join(
    MAIL_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  checks.push({ when: sql`o.kind NOT IN (${kinds})`, reason: MAIL_REASONS.unknownKind });
  return sql`CASE ${sql.join(
    checks.map((check) => sql`WHEN ${check.when} THEN ${check.reason}::text`),
    sql` `,
  )} END`;
}

/**
 * The waiting mail (`o`) the condition selects, each with the gate's verdict as `reason`, locked
 * for the statement that closes or takes it; `lock` 'skip' passes over rows another sender holds.
 */
export function gatedWaitingMail(at: GateAt, select: { where: SQL; orderLimit?: SQL; lock: 'wait' | 'skip' }): SQL {
  return sql`SELECT o.id, ${verdict(at)} AS reason
               FROM outbox o ${GATE_JOINS}
              WHERE o.state IN ('pending', 'held') AND (${select.where})
              ${select.orderLimit ?? sql``}
                FOR UPDATE OF o ${select.lock === 'skip' ? sql`SKIP LOCKED` : sql``}`;
}

/** The state a mail closed for `reason` gets: expired for its age, cancelled for anything else. */
export function closedStateOf(reason: string): 'cancelled' | 'expired' {
  return reason.startsWith('expired:') ? 'expired' : 'cancelled';
}

/** closedStateOf in SQL, `otherwise` when the mail may go (`reason` null). */
export function stateAfter(reason: SQL, otherwise: SQL): SQL {
  return sql`CASE WHEN ${reason} IS NULL THEN ${otherwise}
                  WHEN ${reason} LIKE 'expired:%' THEN 'expired'::mail_state
                  ELSE 'cancelled'::mail_state END`;
}

/**
 * Asks the gate about an account's waiting mail at once, in the caller's transaction (statements
 * turned off, the address changed or removed): what it bars is closed with its reason. Returns how
 * many mails it closed.
 */
export async function closeBarredMail(tx: Queryable, accountId: string, now: Date): Promise<number> {
  const closed = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE outbox o SET state = ${stateAfter(sql`barred.reason`, sql`o.state`)}, last_answer = barred.reason
          FROM (${gatedWaitingMail({ now }, { where: sql`o.account_id = ${accountId}::uuid`, lock: 'wait' })}) barred
         WHERE o.id = barred.id AND barred.reason IS NOT NULL
     RETURNING o.id`,
  );
  return closed.length;
}

/** Expires every mail that waited longer than MAIL_MAX_AGE_DAYS, sender or none; returns how many. */
export async function expireWaitingMail(db: Queryable, now: Date, maxAgeDays: number): Promise<number> {
  const expired = await queryRows<{ id: number }>(
    db,
    sql`UPDATE outbox SET state = 'expired', last_answer = ${MAIL_REASONS.expired(maxAgeDays)}
         WHERE state IN ('pending', 'held') AND created_at <= ${oldestWaiting(now, maxAgeDays)}::timestamptz
     RETURNING id`,
  );
  return expired.length;
}
