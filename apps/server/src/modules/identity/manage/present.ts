import {
  ACCESS_STATE_LABELS,
  type AccountRow,
  type CreatedAccount,
  type IssuedLink,
  type Role,
  TWO_STEP_LABELS,
} from '@playrep/contracts';
import { linkUrl, type NewLink } from '../gate/links.js';
import { toAuthUser } from '../gate/users.js';
import type { AccountSqlRow, ManagedAccountRow } from './queries.js';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** An account as the Accounts screen lists it. */
export function accountRow(r: AccountSqlRow): AccountRow {
  return {
    _id: r.id,
    username: r.username,
    name: `${r.first_name} ${r.last_name}`.trim(),
    role: r.role,
    parent: r.parent,
    state: r.state,
    stateLabel: ACCESS_STATE_LABELS[r.state],
    linkExpiresAt: iso(r.link_expires_at),
    twoStep: r.two_step,
    twoStepLabel: r.two_step ? TWO_STEP_LABELS.on : TWO_STEP_LABELS.off,
    lastSignInAt: iso(r.last_sign_in_at),
  };
}

/** A link issued for an account, as the manager receives it (on the screen or in the file). */
export function issuedLink(target: ManagedAccountRow, link: NewLink, publicUrl: string): IssuedLink {
  return {
    username: target.username,
    name: `${target.first_name} ${target.last_name}`.trim(),
    role: target.role,
    parent: target.parent,
    link: linkUrl(publicUrl, link.token),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** A new account as signup answers it. */
export function createdAccount(row: {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  role: Role;
  parent_id: string | null;
  commission: string | number;
  address: string;
  user_status: boolean;
  created_at: Date | string;
}): CreatedAccount {
  return {
    ...toAuthUser({ id: row.id, username: row.username, firstName: row.first_name, lastName: row.last_name, role: row.role }),
    parentId: row.parent_id,
    commission: Number(row.commission),
    address: row.address,
    userStatus: row.user_status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
