import type { AuthUser, Role } from '@playrep/contracts';

/** An account as the sign-in answers it (docs/screens.md, "Sign-in"): `roles` is `[role]`. */
export function toAuthUser(account: { id: string; username: string; firstName: string; lastName: string; role: Role }): AuthUser {
  return {
    _id: account.id,
    username: account.username,
    firstName: account.firstName,
    lastName: account.lastName,
    role: account.role,
    roles: [account.role],
  };
}
