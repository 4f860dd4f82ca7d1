import { isRole, type Role, SESSION_TTL_SECONDS } from '@playrep/contracts';
import { useSyncExternalStore } from 'react';
import { EN_SIGN_IN } from './i18n/messages-sign-in';

/**
 * The browser's view of the session. The token itself lives only in the httpOnly cookie
 * (docs/domain.md, "Sessions and sign-in"); sessionStorage keeps what the screens need and what is no secret:
 * the role, the user's name and _id, and when the session ends.
 */

export interface SessionUser {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
}

export interface LocalSession {
  role: Role;
  user: SessionUser;
  /** Epoch milliseconds at which the server ends the session. */
  expiresAt: number;
}

/**
 * A message for the login screen about how the last session ended ('Logout failed.', the session
 * expired): it joins the login error list and clears after 1 second (docs/screens.md, Sign-in).
 */
export interface SessionNotice {
  message: string;
}

export const SESSION_EXPIRED_NOTICE = EN_SIGN_IN['login.sessionExpired'];

/** Sessions end 30 minutes after sign-in (docs/domain.md, "Sessions and sign-in"); used when the server gives no expiry. */
export const SESSION_LIFETIME_MS = SESSION_TTL_SECONDS * 1000;

/** sessionStorage keys (the original app's names, minus the token, which is never stored). */
export const STORAGE_KEYS = {
  role: 'role',
  user: 'authUser',
  expiresAt: 'tokenExpiryTime',
} as const;
/** Written by the original app; removed on every clear so no token lingers. */
const LEGACY_TOKEN_KEYS = ['authToken', 'session-token'] as const;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

function parseUser(value: unknown): SessionUser | null {
  if (!value || typeof value !== 'object') return null;
  const { _id, username, firstName, lastName } = value as Record<string, unknown>;
  if (typeof _id !== 'string' || _id === '') return null;
  return {
    _id,
    username: typeof username === 'string' ? username : '',
    firstName: typeof firstName === 'string' ? firstName : '',
    lastName: typeof lastName === 'string' ? lastName : '',
  };
}

/** The stored session, or null when any part is missing or malformed (expiry is not checked). */
export function readSession(): LocalSession | null {
  const store = storage();
  if (!store) return null;
  const role = store.getItem(STORAGE_KEYS.role);
  const expiresAt = Number(store.getItem(STORAGE_KEYS.expiresAt));
  let user: SessionUser | null = null;
  try {
    user = parseUser(JSON.parse(store.getItem(STORAGE_KEYS.user) ?? 'null'));
  } catch {
    user = null;
  }
  if (!isRole(role) || !user || !Number.isFinite(expiresAt) || expiresAt <= 0) return null;
  return { role, user, expiresAt };
}

export function isSessionExpired(session: LocalSession, now: number = Date.now()): boolean {
  return now >= session.expiresAt;
}

/** Raw storage writes; components use `startSession` / `endSession` so that hooks re-render. */
function writeStorage(session: LocalSession): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORAGE_KEYS.role, session.role);
  store.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  store.setItem(STORAGE_KEYS.expiresAt, String(session.expiresAt));
}

function clearStorage(): void {
  const store = storage();
  if (!store) return;
  for (const key of [...Object.values(STORAGE_KEYS), ...LEGACY_TOKEN_KEYS]) store.removeItem(key);
}

/** The subset of the login/session response the browser keeps. */
export interface SignInResult {
  user?: ({ role?: unknown; roles?: unknown } & Partial<Record<keyof SessionUser, unknown>>) | null;
  roles?: unknown;
  expiresAt?: unknown;
}

/** The role of a sign-in answer: `user.role`, else the first of `roles`, lowercased. */
export function roleOf(result: SignInResult): string | undefined {
  const candidates = [result.user?.role, ...(Array.isArray(result.roles) ? result.roles : [])];
  const found = candidates.find((r): r is string => typeof r === 'string' && r.trim() !== '');
  return found?.trim().toLowerCase();
}

/** Builds the local session from a sign-in answer; null when the role is missing or unknown. */
export function sessionFromSignIn(result: SignInResult, now: number = Date.now()): LocalSession | null {
  const role = roleOf(result);
  const user = parseUser(result.user);
  if (!isRole(role) || !user) return null;
  const serverExpiry =
    typeof result.expiresAt === 'number'
      ? result.expiresAt
      : typeof result.expiresAt === 'string'
        ? Date.parse(result.expiresAt)
        : Number.NaN;
  const expiresAt = Number.isFinite(serverExpiry) && serverExpiry > now ? serverExpiry : now + SESSION_LIFETIME_MS;
  return { role, user, expiresAt };
}

// ---- a tiny external store so every `useSession()` sees changes at once ----

export interface SessionState {
  session: LocalSession | null;
  notice: SessionNotice | null;
}

let state: SessionState | null = null;
const listeners = new Set<() => void>();

function current(): SessionState {
  state ??= { session: readSession(), notice: null };
  return state;
}

function setState(next: SessionState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getSessionState(): SessionState {
  return current();
}

/** Stores a new session and forgets any notice about the previous one. */
export function startSession(session: LocalSession): void {
  writeStorage(session);
  setState({ session, notice: null });
}

/** Clears the local session (storage and memory), optionally leaving a notice for the login screen. */
export function endSession(notice: SessionNotice | null = null): void {
  clearStorage();
  setState({ session: null, notice });
}

/** The server (or the clock) ended the session: clear it and say so on the login screen. */
export function expireSession(): void {
  endSession({ message: SESSION_EXPIRED_NOTICE });
}

/** Leaves a notice for the login screen without touching the session. */
export function showSessionNotice(notice: SessionNotice): void {
  setState({ session: current().session, notice });
}

/**
 * Removes whatever is left in storage (a partial or expired session) while keeping any notice,
 * so that a message about how the session ended survives the redirect to the login screen.
 */
export function discardStoredSession(): void {
  clearStorage();
  const { session, notice } = current();
  if (session) setState({ session: null, notice });
}

export function dismissSessionNotice(): void {
  const { session, notice } = current();
  if (notice) setState({ session, notice: null });
}

export interface UseSession extends SessionState {
  start: typeof startSession;
  end: typeof endSession;
  expire: typeof expireSession;
  dismissNotice: typeof dismissSessionNotice;
}

/** The local session and its actions; re-renders on every change. */
export function useSession(): UseSession {
  const snapshot = useSyncExternalStore(subscribe, current, current);
  return {
    ...snapshot,
    start: startSession,
    end: endSession,
    expire: expireSession,
    dismissNotice: dismissSessionNotice,
  };
}
