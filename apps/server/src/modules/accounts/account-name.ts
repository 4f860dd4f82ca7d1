/** An account as a list names it, as stored: the name in its two parts. */
export interface AccountName {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  /** A role of the contracts, or 'house' where a query does not leave the house out. */
  role: string;
}

/** The columns of an AccountName as a query answers them (`a.role::text AS role`). */
export interface AccountNameRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  role: string;
}

export function accountNameOf(row: AccountNameRow): AccountName {
  return { id: row.id, username: row.username, firstName: row.first_name, lastName: row.last_name, role: row.role };
}
