import type { Role } from '@playrep/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { LOGIN_PATH } from '../config/paths';
import { discardStoredSession, expireSession, useSession } from '../lib/session';
import { decideAccess } from './access';

/** Lets through only the signed-in user of this role area (docs/screens.md, Routes). */
export function RouteGuard({ role, children }: { role: Role; children: ReactNode }) {
  const { session } = useSession();
  const decision = decideAccess(session, role);
  const signInReason = decision.kind === 'sign-in' ? decision.reason : null;

  // Clearing the store re-renders every subscriber, so it happens after this render commits.
  useEffect(() => {
    if (signInReason === 'expired') expireSession();
    else if (signInReason === 'missing') discardStoredSession();
  }, [signInReason]);

  if (decision.kind === 'sign-in') return <Navigate to={LOGIN_PATH} replace />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
