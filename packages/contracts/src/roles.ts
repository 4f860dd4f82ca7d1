/** Roles, highest first (docs/domain.md, "Accounts and the hierarchy"). */
export const ROLES = ['superadmin', 'admin', 'superareamanager', 'areamanager', 'master', 'player'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that manage other agents (docs/domain.md, "Who sees what", first column). */
export const MANAGER_ROLES = ['superadmin', 'admin', 'superareamanager', 'areamanager'] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Lower index = higher role. */
export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** True when `child` may sit below `parent` in the hierarchy (levels may be skipped). */
export function canParent(parent: Role, child: Role): boolean {
  return roleRank(parent) < roleRank(child);
}

/** Accounts with a profit share: masters and above. */
export function hasCommission(role: Role): boolean {
  return role !== 'player';
}
