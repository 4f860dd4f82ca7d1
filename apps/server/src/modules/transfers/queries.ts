import type { TransferRow } from '@playrep/contracts';
import { sql } from 'drizzle-orm';
import { type Queryable, queryPreparedRows } from '../../db/client.js';
import { type DayRange, rangeInstants } from '../../lib/dates.js';
import { type DbCents, readCents } from '../../lib/money.js';

export type Channel = TransferRow['channel'];

/** A transfer as one account sees it: amount in hundredths, the other side's account. */
export interface TransferRecord {
  id: number;
  amountCents: bigint;
  createdAt: Date;
  resolvedAt: Date | null;
  status: TransferRow['status'];
  channel: Channel;
  /** The account sent it (else received it). */
  sent: boolean;
  counterparty: { id: string; username: string; firstName: string; lastName: string; role: string; isHouse: boolean };
}

interface TransferSqlRow {
  id: number;
  amount_cents: DbCents;
  created_at: Date | string;
  resolved_at: Date | string | null;
  status: TransferRow['status'];
  channel: Channel;
  sent: boolean;
  other_id: string;
  other_username: string;
  other_first_name: string;
  other_last_name: string;
  other_role: string;
  other_is_house: boolean;
}

/**
 * Transfers of one account over an IST day range (by created_at), both directions, newest first.
 * Two index range scans (sender side, receiver side) joined by UNION ALL.
 */
export async function findTransfers(
  db: Queryable,
  input: { accountId: string; range: DayRange; channels: readonly Channel[]; counterpartyUsername?: string | undefined },
): Promise<TransferRecord[]> {
  const { start, end } = rangeInstants(input.range);
  const channels = sql.join(
    input.channels.map((c) => sql`${c}::transfer_channel`),
    sql`, `,
  );
  const counterparty = input.counterpartyUsername ? sql`AND lower(o.username) = lower(${input.counterpartyUsername})` : sql``;
  const side = (mine: 'from_id' | 'to_id', other: 'from_id' | 'to_id') => sql`
    SELECT t.id, t.amount_cents, t.created_at, t.resolved_at, t.status, t.channel, ${sql.raw(mine === 'from_id' ? 'true' : 'false')} AS sent,
           o.id AS other_id, o.username AS other_username, o.first_name AS other_first_name, o.last_name AS other_last_name,
           o.role::text AS other_role, o.role = 'house' AS other_is_house
      FROM transfers t
      JOIN accounts o ON o.id = t.${sql.raw(other)}
     WHERE t.${sql.raw(mine)} = ${input.accountId}::uuid
       AND t.created_at >= ${start.toISOString()}::timestamptz AND t.created_at < ${end.toISOString()}::timestamptz
       AND t.channel IN (${channels})
       ${counterparty}`;
  const rows = await queryPreparedRows<TransferSqlRow>(
    db,
    sql`${side('from_id', 'to_id')} UNION ALL ${side('to_id', 'from_id')} ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    amountCents: readCents(r.amount_cents),
    createdAt: new Date(r.created_at),
    resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at),
    status: r.status,
    channel: r.channel,
    sent: r.sent,
    counterparty: {
      id: r.other_id,
      username: r.other_username,
      firstName: r.other_first_name,
      lastName: r.other_last_name,
      role: r.other_role,
      isHouse: r.other_is_house,
    },
  }));
}
