import type { Role } from '@playrep/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type InNumbers, inNumbers } from '../../../test/in-numbers.js';
import { type Db, type Queryable, queryRows } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { type DbCents, readCents } from '../../lib/money.js';
import { acceptTransfer, createTransfer } from './ledger.js';
import type { TransferStatus } from './types.js';

/** Test helpers for the ledger suites (not used by the product). */

/** The id of the house account; 404 when it has not been created. */
export async function getHouseAccountId(db: Queryable): Promise<string> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'house')).limit(1);
  if (!rows[0]) throw notFound('The house account does not exist');
  return rows[0].id;
}

export interface LedgerTotals {
  /** Σ wallet balances of every account but the house. */
  balancesCents: bigint;
  /** Σ amounts of pending transfers (debited from their sender, not yet credited). */
  pendingCents: bigint;
  /** Σ amounts of transfers sent by the house that are pending or accepted. */
  issuedCents: bigint;
  /** Σ amounts of accepted transfers to the house. */
  returnedCents: bigint;
  /** The house's balance: returned − issued, usually negative (the house is where points come from). */
  houseBalanceCents: bigint;
}

/**
 * The ledger's totals in one statement (one snapshot, so they are consistent with each other).
 * Invariant: balancesCents + pendingCents = issuedCents − returnedCents, and equivalently
 * balancesCents + houseBalanceCents + pendingCents = 0.
 */
export async function ledgerTotals(db: Queryable): Promise<LedgerTotals> {
  const [row] = await queryRows<Record<keyof LedgerTotals, DbCents>>(
    db,
    sql`
      SELECT
        (SELECT coalesce(sum(wallet_balance_cents), 0)::bigint FROM accounts WHERE role <> 'house') AS "balancesCents",
        (SELECT coalesce(sum(amount_cents), 0)::bigint FROM transfers WHERE status = 'pending') AS "pendingCents",
        (SELECT coalesce(sum(t.amount_cents), 0)::bigint FROM transfers t JOIN accounts h ON h.id = t.from_id
          WHERE h.role = 'house' AND t.status IN ('pending', 'accepted')) AS "issuedCents",
        (SELECT coalesce(sum(t.amount_cents), 0)::bigint FROM transfers t JOIN accounts h ON h.id = t.to_id
          WHERE h.role = 'house' AND t.status = 'accepted') AS "returnedCents",
        (SELECT coalesce(sum(wallet_balance_cents), 0)::bigint FROM accounts WHERE role = 'house') AS "houseBalanceCents"
    `,
  );
  return {
    balancesCents: readCents(row!.balancesCents),
    pendingCents: readCents(row!.pendingCents),
    issuedCents: readCents(row!.issuedCents),
    returnedCents: readCents(row!.returnedCents),
    houseBalanceCents: readCents(row!.houseBalanceCents),
  };
}

export async function addAccount(
  db: Db,
  input: { username: string; role: Role; parentId?: string | null; active?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(accounts)
    .values({ username: input.username, role: input.role, parentId: input.parentId ?? null, userStatus: input.active ?? true })
    .returning({ id: accounts.id });
  return row!.id;
}

export async function setActive(db: Db, id: string, active: boolean): Promise<void> {
  await db.execute(sql`UPDATE accounts SET user_status = ${active} WHERE id = ${id}`);
}

/** Moves points for good: a transfer created and accepted. */
export async function give(db: Db, fromId: string, toId: string, amountCents: number): Promise<void> {
  const t = await createTransfer(db, { fromId, toId, amountCents, channel: 'single' });
  await acceptTransfer(db, { transferId: t.id, byAccountId: toId });
}

export async function balanceOf(db: Db, id: string): Promise<number> {
  const [row] = await queryRows<{ b: number }>(db, sql`SELECT wallet_balance_cents AS b FROM accounts WHERE id = ${id}`);
  return Number(row!.b);
}

export async function balancesOf(db: Db, ids: string[]): Promise<number[]> {
  return Promise.all(ids.map((id) => balanceOf(db, id)));
}

/** Awaits a ledger call that must fail, and checks the status (and message when given). */
export async function expectHttpError(call: Promise<unknown>, status: number, message?: string | RegExp): Promise<HttpError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(HttpError);
  const httpError = error as HttpError;
  expect(httpError.statusCode, httpError.message).toBe(status);
  if (typeof message === 'string') expect(httpError.message).toBe(message);
  else if (message) expect(httpError.message).toMatch(message);
  return httpError;
}

interface AccountRow {
  id: string;
  role: string;
  balance: number;
}
interface TransferRow {
  id: number;
  from_id: string;
  to_id: string;
  amount: number;
  status: TransferStatus;
}

/**
 * Checks the whole ledger from its raw rows, computed here independently of the module:
 * every account starts at 0 in these suites, so its balance must equal what the transfer log
 * says (accepted in − sent and not refunded); no balance but the house's is negative; the
 * invariant holds; and ledgerTotals() reports the same numbers.
 */
export async function checkLedger(db: Db): Promise<InNumbers<LedgerTotals>> {
  const accountRows = await queryRows<AccountRow>(db, sql`SELECT id, role, wallet_balance_cents AS balance FROM accounts`);
  const transferRows = await queryRows<TransferRow>(
    db,
    sql`SELECT id, from_id, to_id, amount_cents AS amount, status FROM transfers`,
  );
  const expected = new Map(accountRows.map((a) => [a.id, 0]));
  const houseIds = new Set(accountRows.filter((a) => a.role === 'house').map((a) => a.id));
  let pending = 0;
  let issued = 0;
  let returned = 0;
  for (const t of transferRows) {
    const amount = Number(t.amount);
    if (t.status === 'pending' || t.status === 'accepted') expected.set(t.from_id, expected.get(t.from_id)! - amount);
    if (t.status === 'accepted') expected.set(t.to_id, expected.get(t.to_id)! + amount);
    if (t.status === 'pending') pending += amount;
    if (houseIds.has(t.from_id) && (t.status === 'pending' || t.status === 'accepted')) issued += amount;
    if (houseIds.has(t.to_id) && t.status === 'accepted') returned += amount;
  }
  let balances = 0;
  let house = 0;
  for (const a of accountRows) {
    const balance = Number(a.balance);
    expect(balance, `balance of ${a.id} against its transfer log`).toBe(expected.get(a.id));
    if (houseIds.has(a.id)) house += balance;
    else {
      expect(balance, `balance of ${a.id}`).toBeGreaterThanOrEqual(0);
      balances += balance;
    }
  }
  expect(balances + pending).toBe(issued - returned);
  expect(balances + house + pending).toBe(0);
  const totals = inNumbers(await ledgerTotals(db));
  expect(totals).toEqual({
    balancesCents: balances,
    pendingCents: pending,
    issuedCents: issued,
    returnedCents: returned,
    houseBalanceCents: house,
  });
  return totals;
}
