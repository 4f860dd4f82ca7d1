import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts } from '../db/schema/index.js';
import { HttpError } from '../lib/http-error.js';
import { ensureHouseAccount } from '../modules/ledger/ledger.js';

export class HouseAccountError extends Error {}

/**
 * Start-up check of HOUSE_USERNAME against the database: the house account (the one account of
 * role 'house', which the ledger finds by that role: getHouseAccountId) is created under
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
  const [house] = await db.select({ username: accounts.username }).from(accounts).where(eq(accounts.id, id));
  if (house!.username.toLowerCase() !== houseUsername.trim().toLowerCase()) {
    throw new HouseAccountError(
      `The house account in the database is ${house!.username}, but HOUSE_USERNAME is ${houseUsername}. ` +
        `Set HOUSE_USERNAME=${house!.username} (there is only one house account).`,
    );
  }
  return id;
}
