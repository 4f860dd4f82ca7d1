import { isRole, type MyAccountResponse, RECENT_ACTIVITY_SIZE } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../../db/client.js';
import { notFound } from '../../../lib/http-error.js';
import { activityRow } from '../../activity/present.js';
import { listActivity } from '../../activity/queries.js';

/**
 * The account page's facts (docs/domain.md, "Access", Account page): name, role, parent, whether
 * it has a password, the sign-in before the current one (time, address, device), the wrong
 * passwords and the wrong two-step codes typed at the account since it (each counted apart), and
 * the account's own latest activity. `accountId` is always the caller's own (its session's).
 */
export async function myAccount(db: Queryable, accountId: string): Promise<MyAccountResponse> {
  const [row] = await queryRows<{
    username: string;
    first_name: string;
    last_name: string;
    role: string;
    parent: string | null;
    has_password: boolean;
  }>(
    db,
    sql`SELECT a.username, a.first_name, a.last_name, a.role::text AS role, p.username AS parent,
               a.password_hash IS NOT NULL AS has_password
          FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
         WHERE a.id = ${accountId}::uuid`,
  );
  if (!row || !isRole(row.role)) throw notFound('Unknown account');
  // The sign-in that opened this session (by password or by link) is not "the last one": the one before it is.
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
  const own = { all: false, ownId: accountId } as const;
  const newest = (limit: number) => ({ sort: 'at', direction: 'desc', offset: 0, limit }) as const;
  // The device is the sign-in's activity entry's (sign-in.ts records both in one transaction, at
  // one instant); a sign-in by link has no such entry, hence no device.
  const lastAt = last ? new Date(last.at) : null;
  const [lastEntry] = lastAt
    ? await listActivity(db, own, { kind: 'sign-in', from: lastAt, to: new Date(lastAt.getTime() + 1) }, newest(1))
    : [];
  const recent = await listActivity(db, own, {}, newest(RECENT_ACTIVITY_SIZE));
  return {
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    parent: row.parent,
    hasPassword: row.has_password,
    lastSignIn: last && lastAt ? { at: lastAt.toISOString(), address: last.address, device: lastEntry?.device ?? null } : null,
    failedSince: failed?.passwords ?? 0,
    wrongCodesSince: failed?.codes ?? 0,
    recentActivity: recent.map(activityRow),
  };
}
