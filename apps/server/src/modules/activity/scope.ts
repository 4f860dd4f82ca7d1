import type { Role } from '@playrep/contracts';
import type { ActivityScope } from './queries.js';

/** The roles that see the whole activity (docs/domain.md, "Access"); every other account its subtree's. */
const SEE_ALL: readonly Role[] = ['superadmin', 'admin'];

export function activityScopeOf(auth: { accountId: string; role: Role }): ActivityScope {
  return SEE_ALL.includes(auth.role) ? { all: true } : { all: false, rootId: auth.accountId };
}
