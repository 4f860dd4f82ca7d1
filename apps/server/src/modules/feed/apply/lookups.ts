import { isRole, type Role } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';

/**
 * Bulk lookups of what events name: one query per kind for a whole run of events. Usernames match
 * ignoring case, one probe of the unique index on lower(username) per name: written as a join, not
 * as `= ANY (array)`, since the planner takes the account search's trigram index for the latter,
 * which reads the posting lists of every trigram of every name (9 ms for 30 names on the small
 * network). Values travel as one JSON parameter, the same on both drivers.
 */
export interface NamedAccount {
  id: string;
  username: string;
  role: Role | 'house';
  parentId: string | null;
  active: boolean;
}

/** Accounts by lower-cased username (the house included). */
export async function accountsByUsername(tx: Tx, usernames: Iterable<string>): Promise<Map<string, NamedAccount>> {
  const names = [...new Set([...usernames].map((name) => name.toLowerCase()))];
  if (names.length === 0) return new Map();
  const rows = await queryRows<{ id: string; username: string; role: string; parent_id: string | null; user_status: boolean }>(
    tx,
    sql`SELECT a.id, a.username, a.role::text AS role, a.parent_id, a.user_status
          FROM json_array_elements_text(${JSON.stringify(names)}::json) AS n(name)
          JOIN accounts a ON lower(a.username) = n.name`,
  );
  return new Map(
    rows.map((r) => [
      r.username.toLowerCase(),
      {
        id: r.id,
        username: r.username,
        role: isRole(r.role) ? r.role : 'house',
        parentId: r.parent_id,
        active: r.user_status,
      },
    ]),
  );
}

export async function accountByUsername(tx: Tx, username: string): Promise<NamedAccount | undefined> {
  return (await accountsByUsername(tx, [username])).get(username.toLowerCase());
}

export interface PlatformCafe {
  id: string;
  masterId: string;
}

/** Cafes by the platform's cafeId. */
export async function cafesByPlatformId(tx: Tx, cafeIds: Iterable<string>): Promise<Map<string, PlatformCafe>> {
  const ids = [...new Set(cafeIds)];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; master_id: string; platform_id: string }>(
    tx,
    sql`SELECT id, master_id, platform_id FROM cafes
         WHERE platform_id = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify(ids)}::json)))`,
  );
  return new Map(rows.map((r) => [r.platform_id, { id: r.id, masterId: r.master_id }]));
}

/** "no account named x" / "x is a master": the reasons a named account does not fit, or null. */
export function accountMismatch(account: NamedAccount | undefined, name: string, role: Role, what: string): string | null {
  if (!account) return `no account is named "${name}"`;
  if (account.role !== role) return `must be ${what}: "${account.username}" is ${article(account.role)}`;
  return null;
}

export function article(role: string): string {
  return `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;
}
