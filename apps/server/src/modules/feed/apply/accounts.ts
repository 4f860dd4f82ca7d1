import { canParent, hasCommission, type Role } from '@playrep/contracts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema/index.js';
import { definite } from '../../../lib/definite.js';
import { endLiveLinks, revokeAccountSessions, setPassword } from '../../identity/gate/commands.js';
import { platformPassword } from '../../identity/gate/passwords.js';
import { dropEmailConfirmation, platformEmailFields } from '../../mail/email-address.js';
import { type ApplyContext, EventRefused, type Item } from './context.js';
import { accountByUsername, article, type NamedAccount } from './lookups.js';

/**
 * `account`: creates or updates an account by username (docs/domain.md, "Accounts and the hierarchy" and "Data from the game platform").
 * - Creating needs `role` and `parent`; the parent must rank higher. Names, address and commission
 *   default to empty and 0; the account is active unless `active` is false.
 * - Updating changes only the fields given. The role never changes. A new `parent` moves the
 *   account with its whole subtree (the database moves the closure rows and the account's own plays
 *   in the parent roll-up in the same statement: migration 0009). `active: false` deactivates the
 *   account and ends its sessions. `email` sets the address, verified (null removes it), and drops
 *   a confirmation the person had pending.
 * - The house and the superadmin are not the feed's to change.
 */
export async function applyAccount(ctx: ApplyContext, item: Item<'account'>): Promise<void> {
  const e = item.event;
  const existing = await accountByUsername(ctx.tx, e.username);
  if (existing?.role === 'house') throw new EventRefused('username', 'is the house account, which the feed does not change');
  if (existing?.role === 'superadmin') throw new EventRefused('username', 'is the superadmin, which the feed does not change');
  const role = existing ? existing.role : e.role;
  if (role === undefined) throw new EventRefused('role', 'is required to create an account');
  if (existing && e.role !== undefined && e.role !== existing.role) {
    throw new EventRefused('role', `cannot change: "${existing.username}" is ${article(existing.role)}`);
  }
  if (e.commission !== undefined && e.commission !== 0 && !hasCommission(role as Role)) {
    throw new EventRefused('commission', 'players have no commission');
  }
  if (!existing && e.parent === undefined) throw new EventRefused('parent', 'is required to create an account');
  const parent = e.parent === undefined ? undefined : await parentFor(ctx, e.parent, role as Role);

  const fields = {
    ...(e.firstName !== undefined ? { firstName: e.firstName } : {}),
    ...(e.lastName !== undefined ? { lastName: e.lastName } : {}),
    ...(e.address !== undefined ? { address: e.address } : {}),
    ...(e.commission !== undefined ? { commission: String(e.commission) } : {}),
    ...(e.active !== undefined ? { userStatus: e.active } : {}),
    ...(e.email !== undefined ? platformEmailFields(e.email) : {}),
  };
  const password = e.passwordHash === undefined ? null : platformPassword(e.passwordHash);
  if (!existing) {
    const [created] = await ctx.tx
      .insert(accounts)
      .values({
        username: e.username,
        role: role as Role,
        parentId: definite(parent, 'the parent of a new account').id,
        createdAt: ctx.now,
        ...fields,
      })
      .returning({ id: accounts.id });
    if (password) await setPassword(ctx.tx, definite(created, 'the new account').id, password, null);
    return;
  }
  const moved = parent !== undefined && parent.id !== existing.parentId;
  const changes = { ...fields, ...(moved ? { parentId: parent.id } : {}) };
  if (Object.keys(changes).length > 0) await ctx.tx.update(accounts).set(changes).where(eq(accounts.id, existing.id));
  if (password) await setPassword(ctx.tx, existing.id, password, null);
  if (e.active === false && existing.active) {
    await revokeAccountSessions(ctx.tx, existing.id, ctx.now);
    await endLiveLinks(ctx.tx, [existing.id], 'inactive', ctx.now, ctx.by);
  }
  if (e.email !== undefined) await dropEmailConfirmation(ctx.tx, existing.id);
}

async function parentFor(ctx: ApplyContext, name: string, role: Role): Promise<NamedAccount> {
  const parent = await accountByUsername(ctx.tx, name);
  if (!parent) throw new EventRefused('parent', `no account is named "${name}"`);
  if (parent.role === 'house' || !canParent(parent.role, role)) {
    throw new EventRefused('parent', `must rank higher than ${article(role)}: "${parent.username}" is ${article(parent.role)}`);
  }
  return parent;
}
