import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';

export interface SettlementAccount {
  id: string;
  username: string;
  role: string;
  commission: number;
}

/** The account a money report is about; 404 when it does not exist. */
export async function loadAccount(db: Queryable, accountId: string): Promise<SettlementAccount> {
  const [row] = await queryRows<{ id: string; username: string; role: string; commission: string }>(
    db,
    sql`SELECT id, username, role::text AS role, commission::text AS commission FROM accounts WHERE id = ${accountId}`,
  );
  if (!row) throw notFound('Account not found');
  return { id: row.id, username: row.username, role: row.role, commission: Number(row.commission) };
}
