import { describe, expect, it } from 'vitest';
import {
  endSession,
  expireSession,
  getSessionState,
  readSession,
  SESSION_EXPIRED_NOTICE,
  SESSION_LIFETIME_MS,
  sessionFromSignIn,
  startSession,
} from './session';

const NOW = Date.parse('2025-03-05T10:00:00Z');
const user = { _id: 'u1', username: 'am1', firstName: 'Arun', lastName: 'Mehta', role: 'areamanager', roles: ['areamanager'] };

describe('session from a sign-in answer', () => {
  it("keeps the role, the user's name and _id and the server's expiry", () => {
    const session = sessionFromSignIn(
      { user, roles: ['areamanager'], expiresAt: new Date(NOW + 30 * 60_000).toISOString() },
      NOW,
    );
    expect(session).toEqual({
      role: 'areamanager',
      user: { _id: 'u1', username: 'am1', firstName: 'Arun', lastName: 'Mehta' },
      expiresAt: NOW + 30 * 60_000,
    });
  });

  it('lowercases the role and falls back to the first of roles', () => {
    const session = sessionFromSignIn({ user: { ...user, role: undefined }, roles: ['MASTER'] }, NOW);
    expect(session?.role).toBe('master');
  });

  it('expires 30 minutes after sign-in when the server gives no usable expiry', () => {
    expect(SESSION_LIFETIME_MS).toBe(30 * 60 * 1000); // docs/domain.md, "Sessions and sign-in"
    expect(sessionFromSignIn({ user, roles: ['areamanager'] }, NOW)?.expiresAt).toBe(NOW + SESSION_LIFETIME_MS);
    expect(sessionFromSignIn({ user, roles: ['areamanager'], expiresAt: 'soon' }, NOW)?.expiresAt).toBe(
      NOW + SESSION_LIFETIME_MS,
    );
  });

  it('gives no session for a missing or unknown role', () => {
    expect(sessionFromSignIn({ user: { ...user, role: undefined }, roles: [] }, NOW)).toBeNull();
    expect(sessionFromSignIn({ user: { ...user, role: 'retailer' }, roles: ['retailer'] }, NOW)).toBeNull();
  });
});

describe('stored session', () => {
  it('stores no token anywhere, only role, user and expiry in sessionStorage', () => {
    const session = sessionFromSignIn({ user, roles: ['areamanager'], expiresAt: new Date(NOW + 1000).toISOString() }, NOW);
    if (!session) throw new Error('no session');
    startSession(session);
    expect(window.localStorage.length).toBe(0);
    const stored = Object.keys(window.sessionStorage).sort();
    expect(stored).toEqual(['authUser', 'role', 'tokenExpiryTime']);
    for (const key of stored) expect(window.sessionStorage.getItem(key)).not.toContain('token');
    expect(readSession()).toEqual(session);
  });

  it('reads nothing when a part is missing or malformed', () => {
    window.sessionStorage.setItem('role', 'master');
    window.sessionStorage.setItem('tokenExpiryTime', String(NOW));
    expect(readSession()).toBeNull(); // no user
    window.sessionStorage.setItem('authUser', '[]');
    expect(readSession()).toBeNull(); // user is an empty list
    window.sessionStorage.setItem('authUser', JSON.stringify({ _id: 'u1' }));
    window.sessionStorage.setItem('role', 'retailer');
    expect(readSession()).toBeNull(); // unknown role
  });

  it('expiring clears storage and leaves the notice for the login screen', () => {
    startSession({ role: 'player', user: { _id: 'p', username: 'p', firstName: 'P', lastName: 'R' }, expiresAt: NOW });
    expireSession();
    expect(window.sessionStorage.length).toBe(0);
    expect(getSessionState()).toEqual({ session: null, notice: { message: SESSION_EXPIRED_NOTICE } });
    endSession();
    expect(getSessionState().notice).toBeNull();
  });
});
