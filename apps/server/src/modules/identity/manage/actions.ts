import { ACCESS_MESSAGES, type AccessState, type IssuedLink, MAX_LINKS_AT_ONCE, type Role } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Queryable, queryRows } from '../../../db/client.js';
import { conflict, forbidden, notFound } from '../../../lib/http-error.js';
import type { ScopedAccount } from '../../../plugins/context.js';
import { type ActivityBy, type ActivityOrigin, recordActivity } from '../../activity/record.js';
import { endLiveLinks, issueSignInLinks, linkUrl } from '../gate/links.js';
import { revokeAccountSessions } from '../gate/sessions.js';
import { removeTwoStep } from '../gate/two-step.js';
import type { ManagedAccountRow } from './accounts-list.js';

/**
 * What a manager does to the access of the accounts it manages (docs/domain.md, "Access"): those
 * strictly below it. The scope guard has already refused an account outside the caller's subtree;
 * the caller's own account is refused here.
 */
export function requireManaged(callerId: string, account: ScopedAccount): ScopedAccount {
  if (account.id === callerId) throw forbidden();
  return account;
}

interface LinkTarget extends ManagedAccountRow {
  user_status: boolean;
  blocked: boolean;
}

const TARGET_COLUMNS = sql`a.id, a.username, a.first_name, a.last_name, a.role::text AS role, p.username AS parent,
  a.user_status, a.blocked_at IS NOT NULL AS blocked`;

/** Accounts strictly below `managerId` matching `where`, locked for the links about to be issued. */
function targetsBelow(tx: Queryable, managerId: string, where: SQL, limit: number): Promise<LinkTarget[]> {
  return queryRows<LinkTarget>(
    tx,
    sql`SELECT ${TARGET_COLUMNS}
          FROM account_closure c
          JOIN accounts a ON a.id = c.descendant_id
          LEFT JOIN accounts p ON p.id = a.parent_id
         WHERE c.ancestor_id = ${managerId}::uuid AND c.depth > 0 AND a.role <> 'house' AND ${where}
         ORDER BY lower(a.username)
         LIMIT ${limit}
           FOR UPDATE OF a`,
  );
}

function refuseUnusable(targets: readonly LinkTarget[]): void {
  const inactive = targets.find((t) => !t.user_status);
  if (inactive) throw conflict(ACCESS_MESSAGES.noLinkInactive(inactive.username));
  const blocked = targets.find((t) => t.blocked);
  if (blocked) throw conflict(ACCESS_MESSAGES.noLinkBlocked(blocked.username));
}

async function issueFor(tx: Queryable, targets: readonly LinkTarget[], input: IssueInput, bulk: boolean): Promise<IssuedLink[]> {
  const links = await issueSignInLinks(
    tx,
    targets.map((t) => t.id),
    { purpose: 'invite', issuedBy: input.issuedBy, now: input.now, ttlMs: input.ttlHours * 3_600_000, by: input.by, bulk },
  );
  return targets.map((t, i) => ({
    username: t.username,
    name: `${t.first_name} ${t.last_name}`.trim(),
    role: t.role,
    parent: t.parent,
    link: linkUrl(input.publicUrl, links[i]!.token),
    expiresAt: links[i]!.expiresAt.toISOString(),
  }));
}

export interface IssueInput {
  issuedBy: string;
  /** The issuer, its address and device, for the activity. */
  by: ActivityBy;
  now: Date;
  ttlHours: number;
  publicUrl: string;
}

/** One link for one account the caller manages (409 for an inactive or blocked one). */
export async function issueOneLink(db: Db, account: ScopedAccount, input: IssueInput): Promise<IssuedLink> {
  return db.transaction(async (tx) => {
    const targets = await targetsBelow(tx, input.issuedBy, sql`a.id = ${account.id}::uuid`, 1);
    if (targets.length === 0) throw notFound('No such account');
    refuseUnusable(targets);
    const [link] = await issueFor(tx, targets, input, false);
    return link!;
  });
}

/**
 * Links in bulk: for the usernames selected (each one below the caller, else 404 naming it; an
 * inactive or blocked one refuses the lot), or for every active, unblocked account without a
 * password below the caller, optionally of one role. At most MAX_LINKS_AT_ONCE.
 */
export async function issueBulkLinks(
  db: Db,
  selection: { usernames?: readonly string[] | undefined; role?: Role | undefined },
  input: IssueInput,
): Promise<IssuedLink[]> {
  return db.transaction(async (tx) => {
    const roleFilter = selection.role ? sql`a.role = ${selection.role}` : sql`TRUE`;
    let targets: LinkTarget[];
    if (selection.usernames) {
      const wanted = [...new Set(selection.usernames.map((u) => u.trim().toLowerCase()))];
      targets = await targetsBelow(
        tx,
        input.issuedBy,
        sql`lower(a.username) IN (${sql.join(
          wanted.map((u) => sql`${u}`),
          sql`, `,
        )}) AND ${roleFilter}`,
        MAX_LINKS_AT_ONCE,
      );
      const found = new Set(targets.map((t) => t.username.toLowerCase()));
      const missing = wanted.filter((u) => !found.has(u));
      if (missing.length > 0) throw notFound(`No such account below yours: ${missing.slice(0, 10).join(', ')}`);
      refuseUnusable(targets);
    } else {
      const where = sql`a.password_hash IS NULL AND a.user_status AND a.blocked_at IS NULL AND ${roleFilter}`;
      targets = await targetsBelow(tx, input.issuedBy, where, MAX_LINKS_AT_ONCE + 1);
      if (targets.length > MAX_LINKS_AT_ONCE) {
        throw conflict(
          `More than ${MAX_LINKS_AT_ONCE.toLocaleString('en-IN')} accounts have no password: issue links one role at a time, or for a selection.`,
        );
      }
    }
    // None left without a password: an empty file (the screen says so before asking).
    return issueFor(tx, targets, input, true);
  });
}

/** The state an account shows after a block or an unblock. */
async function accessStateOf(tx: Queryable, accountId: string): Promise<AccessState> {
  const [row] = await queryRows<{ state: AccessState }>(
    tx,
    sql`SELECT CASE WHEN NOT user_status THEN 'inactive' WHEN blocked_at IS NOT NULL THEN 'blocked'
                    WHEN password_hash IS NULL THEN 'noPassword' ELSE 'active' END AS state
          FROM accounts WHERE id = ${accountId}::uuid`,
  );
  return row!.state;
}

/**
 * Blocks (its sessions and live links end at once) or unblocks the sign-in of an account the
 * caller manages. Blocking a blocked account keeps who blocked it first; the activity records a
 * block or an unblock only when it changed something.
 */
export async function setBlocked(
  db: Db,
  account: ScopedAccount,
  input: { blocked: boolean; by: ActivityBy & { actor: { accountId: string } }; now: Date },
): Promise<AccessState> {
  const { now, by } = input;
  return db.transaction(async (tx) => {
    const fact = { ...by, at: now, subjectId: account.id };
    if (input.blocked) {
      const changed = await queryRows(
        tx,
        sql`UPDATE accounts SET blocked_at = ${now}, blocked_by = ${by.actor.accountId}::uuid
             WHERE id = ${account.id}::uuid AND blocked_at IS NULL RETURNING id`,
      );
      const sessionsEnded = await revokeAccountSessions(tx, account.id, now);
      if (changed.length > 0) await recordActivity(tx, { ...fact, kind: 'blocked', details: { sessionsEnded } });
      await endLiveLinks(tx, [account.id], 'blocked', now, by);
    } else {
      const changed = await queryRows(
        tx,
        sql`UPDATE accounts SET blocked_at = NULL, blocked_by = NULL
             WHERE id = ${account.id}::uuid AND blocked_at IS NOT NULL RETURNING id`,
      );
      if (changed.length > 0) await recordActivity(tx, { ...fact, kind: 'unblocked' });
    }
    return accessStateOf(tx, account.id);
  });
}

/** A manager clears the two-step of an account it manages (a lost phone); false when it had none. */
export async function clearTwoStep(
  db: Db,
  managerId: string,
  accountId: string,
  now: Date,
  origin: ActivityOrigin,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await removeTwoStep(tx, accountId);
    if (removed) {
      await recordActivity(tx, {
        ...origin,
        at: now,
        kind: 'two-step-cleared',
        actor: { accountId: managerId },
        subjectId: accountId,
      });
    }
    return removed;
  });
}
