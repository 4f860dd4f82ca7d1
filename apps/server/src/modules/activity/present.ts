import { type ActivityRow, activityKindLabel, formatCount, mailKindLabel } from '@playrep/contracts';
import type { ActivityEntry } from './queries.js';

/** An activity entry as the Activity screen shows it (docs/screens.md, Activity). */
export function activityRow(entry: ActivityEntry): ActivityRow {
  return {
    _id: entry.id,
    at: entry.at.toISOString(),
    kind: entry.kind,
    kindLabel: activityKindLabel(entry.kind),
    actor: actorLabel(entry),
    subject: entry.subjectUsername ?? '',
    address: entry.address ?? '',
    device: entry.device ?? '',
    details: detailsText(entry.kind, entry.details),
  };
}

function actorLabel(entry: ActivityEntry): string {
  switch (entry.actorType) {
    case 'account':
      return entry.actorUsername ?? '';
    case 'feed':
      return `feed key ${entry.feedKeyName ?? ''}`.trim();
    case 'cli':
      return 'command line';
    default:
      return '';
  }
}

/** Why a sign-in failed, in words (identity/gate/attempts.ts AttemptReason). */
const FAILURE_REASONS: Readonly<Record<string, string>> = {
  unknown_user: 'unknown username or no password',
  wrong_password: 'wrong password',
  inactive: 'account inactive on the platform',
  malformed: 'malformed request',
  throttled_address: 'too many attempts from this address',
  throttled_account_address: 'too many failures for this account from this address',
  throttled_account: 'too many failures for this account: waiting',
  throttled_codes: 'too many wrong two-step codes: waiting',
  blocked: 'account blocked',
  // Entries of before the one gate (now 'wrong-code' and 'code-asked' entries of their own).
  wrong_code: 'wrong or used two-step code',
  two_step_asked: 'right password: two-step code asked',
};

/** The door of a sign-in (identity/gate/session-gate.ts Door) other than the password's. */
const DOORS: Readonly<Record<string, string>> = {
  'invite-link': 'with a sign-in link',
  'reset-link': 'with a reset link (forgot password)',
};

/** Where a wrong two-step code was typed (identity/gate/codes.ts CodePlace). */
const CODE_PLACES: Readonly<Record<string, string>> = {
  'sign-in': 'at sign-in',
  'two-step-off': 'turning two-step sign-in off',
  'two-step-setup': 'confirming the two-step set-up',
  'recovery-codes': 'asking for new recovery codes',
};

/** How a password was changed (the access module's `via`). */
const PASSWORD_VIA: Readonly<Record<string, string>> = {
  'account page': 'on the account page',
  'invite link': 'with a sign-in link',
  'reset link': 'with a reset link (forgot password)',
  'command line': 'with npm run accounts -- reset-password',
};

/** A link's purpose, in words. */
const LINK_PURPOSES: Readonly<Record<string, string>> = { invite: 'sign-in link', reset: 'reset link (forgot password)' };

/** Why a live link ended unused (identity/gate/links.ts LinkEnd). */
const LINK_ENDS: Readonly<Record<string, string>> = {
  replaced: 'replaced by a newer link',
  password_changed: 'the password was changed',
  blocked: 'the account was blocked',
  inactive: 'the account was made inactive',
  revoked: 'revoked',
};

const sessionsEnded = (n: unknown) => (typeof n === 'number' && n > 0 ? `${formatCount(n, 'session')} ended` : '');
const linkPurpose = (purpose: unknown) => LINK_PURPOSES[String(purpose)] ?? String(purpose ?? '');

/** A link's validity: minutes below an hour (a reset link's 30), else hours. */
function validFor(minutes: unknown): string {
  if (typeof minutes !== 'number') return '';
  if (minutes < 60) return `valid ${formatCount(minutes, 'minute')}`;
  return `valid ${formatCount(minutes / 60, 'hour')}`;
}

/** A mail of the Mail screen, in words: `mail 12: Password reset link to master1@example.com`. */
const mailNamed = (d: Record<string, unknown>) => `mail ${d.mail}: ${mailKindLabel(String(d.kind ?? ''))} to ${d.recipient}`;

/** The entry's details in words: what the kind records, else its fields as `name: value`. */
export function detailsText(kind: string, details: Record<string, unknown>): string {
  const d = details as Record<string, any>;
  switch (kind) {
    case 'sign-in-failed': {
      const reason = FAILURE_REASONS[String(d.reason)] ?? String(d.reason ?? '');
      return d.username ? `${reason} (typed: ${d.username})` : reason;
    }
    case 'sign-in':
    case 'code-asked': {
      const twoStep = d.twoStep === 'recovery' ? 'with a recovery code' : d.twoStep === 'code' ? 'with a two-step code' : '';
      const door = DOORS[String(d.door)] ?? '';
      return [kind === 'code-asked' && door ? `${door}: password set` : door, twoStep].filter(Boolean).join(', ');
    }
    case 'wrong-code':
      return CODE_PLACES[String(d.place)] ?? String(d.place ?? '');
    case 'account-created':
      return [`Account created by ${d.by ?? 'unknown'}`, d.role ? `role ${d.role}` : ''].filter(Boolean).join(', ');
    case 'export-downloaded': {
      const filters = Object.entries((d.filters ?? {}) as Record<string, unknown>)
        .map(([name, value]) => `${name}=${value}`)
        .join(', ');
      return `${d.call} as ${String(d.format ?? '').toUpperCase()}${filters ? `: ${filters}` : ''}`;
    }
    case 'feed-batch-applied': {
      const types = Object.entries((d.types ?? {}) as Record<string, number>)
        .map(([type, n]) => `${type} ${n}`)
        .join(', ');
      return `${d.applied} applied, ${formatCount(Number(d.duplicates), 'duplicate')}${types ? ` (${types})` : ''}`;
    }
    case 'feed-batch-refused':
      return `${d.status}: ${d.message}`;
    case 'password-changed':
      return [PASSWORD_VIA[String(d.via)] ?? String(d.via ?? ''), sessionsEnded(d.sessionsEnded)].filter(Boolean).join(', ');
    case 'link-issued':
      return [linkPurpose(d.purpose), validFor(d.validMinutes), d.bulk ? 'in bulk' : ''].filter(Boolean).join(', ');
    case 'link-used':
      return `${linkPurpose(d.purpose)}: password set, signed in`;
    case 'link-revoked':
      return `${linkPurpose(d.purpose)}: ${LINK_ENDS[String(d.why)] ?? String(d.why ?? '')}`;
    case 'blocked':
      return sessionsEnded(d.sessionsEnded);
    case 'mail-discarded':
      return typeof d.held === 'number' ? `every held mail: ${d.held}` : mailNamed(d);
    case 'mail-previewed':
      return mailNamed(d);
    default:
      return Object.entries(details)
        .map(([name, value]) => `${name}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
        .join(', ');
  }
}
