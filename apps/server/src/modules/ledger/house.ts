import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { definite } from '../../lib/definite.js';
import { badRequest, conflict, HttpError } from '../../lib/http-error.js';

/**
 * Creates the house account if there is none (role 'house', no password, so it can never sign
 * in) and returns its id. Idempotent and safe when called concurrently: the database allows a
 * single house (unique index), and a concurrent creator's row is found instead.
 * When a house already exists under another username, that house is returned unchanged.
 */
export async function ensureHouseAccount(db: Db, username: string): Promise<string> {
  const name = typeof username === 'string' ? username.trim() : '';
  if (!name) throw badRequest('The house username must not be empty');
  const existing = await findHouseId(db);
  if (existing) return existing;
  await db.insert(accounts).values({ username: name, role: 'house', firstName: 'House', userStatus: true }).onConflictDoNothing();
  const created = await findHouseId(db);
  if (!created) throw conflict(`The username ${name} is taken by another account`);
  return created;
}

async function findHouseId(db: Queryable): Promise<string | undefined> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'house')).limit(1);
  return rows[0]?.id;
}

export class HouseAccountError extends Error {}

/**
 * Start-up check of HOUSE_USERNAME against the database: the house account (the one account of
 * role 'house', which the ledger finds by that role) is created under
 * HOUSE_USERNAME when there is none; a house already there under another username, or another
 * account holding that username, stops the start with a message naming both.
 * Usernames are compared ignoring case, as they are unique ignoring case.
 */
export async function ensureConfiguredHouse(db: Db, houseUsername: string): Promise<string> {
  let id: string;
  try {
    id = await ensureHouseAccount(db, houseUsername);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) {
      throw new HouseAccountError(
        `HOUSE_USERNAME is ${houseUsername}, but that username belongs to an account that is not the house. ` +
          'Set HOUSE_USERNAME to a username no account has.',
      );
    }
    throw err;
  }
  const [found] = await db.select({ username: accounts.username }).from(accounts).where(eq(accounts.id, id));
  const house = definite(found, 'the house account');
  if (house.username.toLowerCase() !== houseUsername.trim().toLowerCase()) {
    throw new HouseAccountError(
      `The house account in the database is ${house.username}, but HOUSE_USERNAME is ${houseUsername}. ` +
        `Set HOUSE_USERNAME=${house.username} (there is only one house account).`,
    );
  }
  return id;
}
