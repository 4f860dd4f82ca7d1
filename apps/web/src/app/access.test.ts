import { describe, expect, it } from 'vitest';
import type { LocalSession } from '../lib/session';
import { decideAccess } from './access';

const NOW = 1_700_000_000_000;
const master: LocalSession = {
  role: 'master',
  user: { _id: 'm1', username: 'master1', firstName: 'Mira', lastName: 'Shah' },
  expiresAt: NOW + 60_000,
};

describe('route guard decisions (spec section 5)', () => {
  it('sends a visitor without a session to sign in', () => {
    expect(decideAccess(null, 'master', NOW)).toEqual({ kind: 'sign-in', reason: 'missing' });
  });

  it('sends an expired session to sign in, at the expiry instant and after', () => {
    expect(decideAccess({ ...master, expiresAt: NOW }, 'master', NOW)).toEqual({ kind: 'sign-in', reason: 'expired' });
    expect(decideAccess({ ...master, expiresAt: NOW - 1 }, 'master', NOW)).toEqual({ kind: 'sign-in', reason: 'expired' });
  });

  it("sends a user on another role's path to their own /{role}/reports", () => {
    expect(decideAccess(master, 'superadmin', NOW)).toEqual({ kind: 'redirect', to: '/master/reports' });
    expect(decideAccess(master, 'player', NOW)).toEqual({ kind: 'redirect', to: '/master/reports' });
  });

  it('lets the user into their own area while the session lasts', () => {
    expect(decideAccess(master, 'master', NOW)).toEqual({ kind: 'allow' });
    expect(decideAccess(master, 'master', NOW + 59_999)).toEqual({ kind: 'allow' });
  });
});
