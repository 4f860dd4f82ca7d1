import { isRole, RECENT_ACTIVITY_SIZE, type Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import { notFound } from '../../../lib/http-error.js';
import { listActivity } from '../../activity/queries.js';

/** What the account page reads (docs/domain.md, "Access", Account page). `accountId` is always the caller's own (its session's). */

export interface AccountPageRow {
  username: string;
  first_name: string;
  last_name: string;
  role: Role;
  parent: string | null;
  has_password: boolean;
}

/** The account's name, role, parent and whether it has a password (404 when there is no such account). */
export async function requireAccountPageRow(db: Queryable, accountId: string): Promise<AccountPageRow> {
  const [row] = await queryRows<Omit<AccountPageRow, 'role'> & { role: string }>(
    db,
    sql`SELECT a.username, a.first_name, a.last_name, a.role::text AS role, p.username AS parent,
               a.password_hash IS NOT NULL AS has_password
          FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
         WHERE a.id = ${accountId}::uuid`,
  );
  if (!row || !isRole(row.role)) throw notFound('Unknown account');
  return { ...row, role: row.role };
}

export interface LastSignIn {
  at: Date;
  address: string;
  /** The sign-in's activity entry's device; a sign-in by link has no such entry, hence no device. */
  device: string | null;
}

/**
 * The sign-in before the current one (the one that opened this session, by password or by link,
 * is not "the last one"), and the wrong passwords and wrong two-step codes typed at the account
 * since it, each counted apart.
 */
export async function signInsOf(
  db: Queryable,
  accountId: string,
): Promise<{ last: LastSignIn | null; wrongPasswords: number; wrongCodes: number }> {
  const [last] = await queryRows<{ id: string; at: string | Date; address: string }>(
    db,
    sql`SELECT id, at, address FROM sign_in_attempts
         WHERE account_id = ${accountId}::uuid AND reason = 'ok'
         ORDER BY at DESC, id DESC LIMIT 1 OFFSET 1`,
  );
  // Attempts are numbered in the order they were made (two may share an instant).
  const [failed] = await queryRows<{ passwords: number; codes: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE reason = 'wrong_password')::int AS passwords,
               count(*) FILTER (WHERE reason = 'wrong_code')::int AS codes
          FROM sign_in_attempts
         WHERE account_id = ${accountId}::uuid AND reason IN ('wrong_password', 'wrong_code') AND id > ${last?.id ?? 0}`,
  );
  // The device is the sign-in's activity entry's (sign-in.ts records both in one transaction, at one instant).
  const lastAt = last ? new Date(last.at) : null;
  const [lastEntry] = lastAt
    ? await listActivity(db, own(accountId), { kind: 'sign-in', from: lastAt, to: new Date(lastAt.getTime() + 1) }, newest(1))
    : [];
  return {
    last: last && lastAt ? { at: lastAt, address: last.address, device: lastEntry?.device ?? null } : null,
    wrongPasswords: failed?.passwords ?? 0,
    wrongCodes: failed?.codes ?? 0,
  };
}

const own = (accountId: string) => ({ all: false, ownId: accountId }) as const;
const newest = (limit: number) => ({ sort: 'at', direction: 'desc', offset: 0, limit }) as const;

/** The account's own latest activity. */
export function recentActivityOf(db: Queryable, accountId: string) {
  return listActivity(db, own(accountId), {}, newest(RECENT_ACTIVITY_SIZE));
}

/** The account's current password hash (null: it has none yet); undefined when there is no such account. */
export async function passwordHashOf(db: Queryable, accountId: string): Promise<string | null | undefined> {
  const [row] = await queryRows<{ password_hash: string | null }>(
    db,
    sql`SELECT password_hash FROM accounts WHERE id = ${accountId}::uuid`,
  );
  return row === undefined ? undefined : row.password_hash;
}
