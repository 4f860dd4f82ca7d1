import type { LinkInfoResponse, SessionResponse } from '@playrep/contracts';
import type { AuthContext } from '../../../plugins/context.js';
import { toAuthUser } from '../gate/users.js';
import type { FoundLink } from './queries.js';

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();

/** What the welcome page shows: the account and who invited it. */
export function linkInfo(link: FoundLink): LinkInfoResponse {
  const by = link.issuer?.username ? link.issuer : null;
  return {
    username: link.account.username,
    invitedBy: by ? (fullName(by) ? `${by.username} (${fullName(by)})` : by.username) : null,
    purpose: link.purpose,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** The current session as the session call answers it. */
export function sessionAnswer(auth: AuthContext, setupRequired: { twoStepSetupRequired?: true }): SessionResponse {
  const user = toAuthUser({ ...auth, id: auth.accountId });
  return { user, roles: user.roles, expiresAt: auth.expiresAt.toISOString(), language: auth.language, ...setupRequired };
}
