import type { Role } from '@playrep/contracts';
import { roleReportsPath } from '../config/paths';
import { isSessionExpired, type LocalSession } from '../lib/session';

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'sign-in'; reason: 'missing' | 'expired' }
  | { kind: 'redirect'; to: string };

/**
 * The route guard (docs/screens.md, Routes) for a path under `/{pathRole}/`:
 * no session (or no user) -> sign in; expired -> sign in; another role's path -> the user's own
 * `/{role}/reports`; otherwise allow.
 */
export function decideAccess(session: LocalSession | null, pathRole: Role, now: number = Date.now()): AccessDecision {
  if (!session?.user) return { kind: 'sign-in', reason: 'missing' };
  if (isSessionExpired(session, now)) return { kind: 'sign-in', reason: 'expired' };
  if (session.role !== pathRole) return { kind: 'redirect', to: roleReportsPath(session.role) };
  return { kind: 'allow' };
}
