import { CONTROL_CHARACTER } from '../../../plugins/input-guard.js';

/**
 * Sign-in attempts and the throttling computed from them (docs/domain.md, "Sessions and sign-in"):
 * recorded by commands.ts (recordAttempt), counted by queries.ts. Counting from the table (not
 * memory) keeps the limits across restarts and across server processes.
 *
 * The rule (README, "Sign-in limits"):
 * - one client address (an IPv6 address by its /64 network) may make ADDRESS_ATTEMPT_LIMIT
 *   attempts a minute, whatever the usernames;
 * - one address may fail ADDRESS_FAILURE_LIMIT times for one username within 15 minutes; that
 *   address is then refused for that username until the oldest of those failures is 15 minutes
 *   old. Other addresses are not: one address cannot lock the owner out;
 * - across all addresses, the first FREE_FAILURES failures for one username within 15 minutes
 *   cost nothing; each further attempt must come a growing delay after the latest failure
 *   (1 s, 2 s, 4 s, ... up to MAX_FAILURE_DELAY_S), so a guesser spread over many addresses is
 *   slowed down without the owner ever waiting more than that.
 * A successful sign-in wipes the slate: failures before it no longer count towards the delay
 * (unless it came with a device cookie, which says nothing about the others), nor towards the
 * limit of the address it came from (an owner's sign-in elsewhere does not free the address that
 * was guessing). Refused attempts are recorded but not counted, so that waiting
 * Retry-After seconds always suffices.
 *
 * A browser that presents a valid device cookie for the account (device-cookies.ts) is exempt from
 * the growing delay, which others' failures cause: nobody can keep the owner out from elsewhere.
 * Its own failures count against its cookie instead of towards the delay: after
 * DEVICE_FAILURE_LIMIT of them within 15 minutes the cookie exempts nothing until the oldest is
 * 15 minutes old, so a stolen cookie cannot guess without limit. The per-address limits apply to
 * every attempt, with a cookie or without.
 *
 * Failures are counted by the username as typed (trimmed, compared ignoring case), whether or not
 * an account has that name: an unknown name is throttled exactly like a real one, so the 429
 * reveals nothing about which usernames exist.
 */
export const ADDRESS_ATTEMPT_LIMIT = 30;
export const ADDRESS_ATTEMPT_WINDOW_MS = 60_000;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const ADDRESS_FAILURE_LIMIT = 5;
export const FREE_FAILURES = 5;
export const MAX_FAILURE_DELAY_S = 60;
export const DEVICE_FAILURE_LIMIT = 5;

export type AttemptReason =
  | 'ok'
  | 'unknown_user'
  | 'wrong_password'
  | 'inactive'
  | 'blocked'
  | 'forgot'
  | 'malformed'
  | 'throttled_address'
  | 'throttled_account_address'
  | 'throttled_account'
  // Two-step sign-in: the right password (or a link) without the code, a wrong code (codes.ts), too many wrong codes.
  | 'two_step_asked'
  | 'wrong_code'
  | 'throttled_codes';

export const THROTTLED: AttemptReason[] = [
  'throttled_address',
  'throttled_account_address',
  'throttled_account',
  'throttled_codes',
];
/** What counts towards the per-username limits: a wrong password, for a real name or not, and a wrong two-step code. */
export const FAILED: AttemptReason[] = ['wrong_password', 'unknown_user', 'wrong_code'];

/** The username an attempt is recorded and counted under: as typed, trimmed, control characters replaced, bounded. */
export function attemptedUsername(typed: string): string {
  return typed.replace(new RegExp(CONTROL_CHARACTER, 'g'), '\uFFFD').trim().slice(0, 100);
}

/**
 * The address attempts are counted under: an IPv4 address as it is (also when it comes
 * IPv4-mapped, `::ffff:192.0.2.1`); an IPv6 address by its /64 network (`2001:db8:0:1::/64`), the
 * block one customer line usually gets, so that stepping through one's own addresses does not
 * reset the count.
 */
export function throttleAddress(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  }
  return `${[a, b, c, d].map((n) => n.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  if (!text.includes(':')) return null;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [p, q, r, s] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

export interface AttemptRecord {
  at: Date;
  accountId: string | null;
  /** attemptedUsername() of what was typed; never the password. */
  username: string;
  /** throttleAddress() of the client address. */
  address: string;
  reason: AttemptReason;
  /** The nonce of the device cookie the attempt was trusted for; null without one (or when it exempted nothing). */
  device: string | null;
}

/** Seconds to wait before the next attempt is allowed, or null when it is allowed now. */
export type RetryAfter = number | null;

export interface UsernameThrottle {
  /** `account_address`: this address has used up its failures for the username; `account`: the growing delay. */
  refused: 'account_address' | 'account';
  retryAfter: number;
}

/** The wait after `failures` failures within the window (across addresses): none for the first FREE_FAILURES. */
export function failureDelaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_FAILURE_DELAY_S, 2 ** (failures - FREE_FAILURES));
}
