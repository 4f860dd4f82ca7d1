import { type ReportCall, reportPath } from '@playrep/contracts';
import type { QueryValue } from './api-client';

/**
 * The last answers of the reports a person opened, kept on the device (IndexedDB) so that the
 * report still shows them without a network (docs/deploy.md, "Installing the app"). The device keeps one
 * account's answers: the sign-in of another account clears them, and so does signing out. An
 * answer is kept 7 days after it was fetched. Nothing here calls the server or touches the session.
 */

/** The reports whose answers are kept: Today, the weekly statements, Revenue, Daily Status and the member page. */
const KEPT_CALLS = [
  'today',
  'agentMail',
  'managerMail',
  'revenue',
  'revenueById',
  'revenueWeek',
  'dailyStatus',
  'dailyStatusMembers',
  'member',
  'memberPlays',
  'memberTransfers',
] as const satisfies readonly ReportCall[];

const KEPT_PATHS: ReadonlySet<string> = new Set(KEPT_CALLS.map((name) => reportPath(name)));

/** How long an answer is kept after it was fetched. */
export const KEEP_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether the answers of a call path (`/playrep/mailreport`) are kept on the device. */
export function isKeptPath(path: string): boolean {
  return KEPT_PATHS.has(path);
}

/** A kept answer and when it was fetched (epoch ms). */
export interface KeptAnswer {
  answer: unknown;
  fetchedAt: number;
}

interface Entry extends KeptAnswer {
  /** The account id, then the call path and its query: one entry per question an account asked. */
  key: string;
  account: string;
}

const DB_NAME = 'playrep-offline';
const STORE = 'answers';

/** The call path and its query, in a stable order: `/playrep/mailreport?week=2026-11-23`. */
function callOf(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  return `${path}?${params.toString()}`;
}

const keyOf = (account: string, path: string, query: Record<string, QueryValue>) => `${account} ${callOf(path, query)}`;

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

let opening: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/**
 * Runs `work` on the store in one transaction and waits for it to be written. A browser without
 * IndexedDB (a private window may refuse it) keeps nothing: the fallback answers.
 */
async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>, fallback: T): Promise<T> {
  try {
    if (typeof indexedDB === 'undefined') return fallback;
    const transaction = (await database()).transaction(STORE, mode);
    const written = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    const result = await work(transaction.objectStore(STORE));
    await written;
    return result;
  } catch (error) {
    console.warn('The answers kept on this device could not be used', error);
    return fallback;
  }
}

/** Deletes every entry of another account, and those past their 7 days. */
function forgetOthers(store: IDBObjectStore, account: string, now: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const cursor = store.openCursor();
    cursor.onerror = () => reject(cursor.error);
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return resolve();
      const entry = at.value as Entry;
      if (entry.account !== account || now - entry.fetchedAt >= KEEP_FOR_MS) at.delete();
      at.continue();
    };
  });
}

/** Keeps an answer of `account` (its id) to a kept call; the device forgets any other account's. */
export function keepAnswer(
  account: string,
  path: string,
  query: Record<string, QueryValue>,
  answer: unknown,
  now: number = Date.now(),
): Promise<void> {
  if (!isKeptPath(path)) return Promise.resolve();
  const entry: Entry = { key: keyOf(account, path, query), account, answer, fetchedAt: now };
  return withStore(
    'readwrite',
    async (store) => {
      await forgetOthers(store, account, now);
      await done(store.put(entry));
    },
    undefined,
  );
}

/** The last answer `account` got to this call on this device, if it is less than 7 days old. */
export function lastAnswer(
  account: string,
  path: string,
  query: Record<string, QueryValue>,
  now: number = Date.now(),
): Promise<KeptAnswer | undefined> {
  if (!isKeptPath(path)) return Promise.resolve(undefined);
  return withStore(
    'readonly',
    async (store) => {
      const entry = (await done(store.get(keyOf(account, path, query)))) as Entry | undefined;
      if (!entry || entry.account !== account || now - entry.fetchedAt >= KEEP_FOR_MS) return undefined;
      return { answer: entry.answer, fetchedAt: entry.fetchedAt };
    },
    undefined,
  );
}

/**
 * After a sign-in (the role area, where every sign-in leads, calls it): the device now holds this
 * account's answers only (another account's are deleted).
 */
export function claimDevice(account: string, now: number = Date.now()): Promise<void> {
  return withStore('readwrite', (store) => forgetOthers(store, account, now), undefined);
}

/** At sign-out: nothing is kept any more. */
export function clearAnswers(): Promise<void> {
  return withStore(
    'readwrite',
    async (store) => {
      await done(store.clear());
    },
    undefined,
  );
}
