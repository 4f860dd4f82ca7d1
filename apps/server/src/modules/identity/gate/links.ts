import { createHash } from 'node:crypto';
import { ACCESS_PAGES } from '@playrep/contracts';

/**
 * Sign-in links (docs/domain.md, "Access"): 256 random bits, only their SHA-256 stored, one live
 * link per account (a new one replaces the old), used once. The secret travels after `#` in
 * `/auth/welcome#...`, so it reaches no server log or referrer. Issuing a link leaves the current
 * password working until the link is used. They are issued and ended by commands.ts; the link
 * doors (doors/commands.ts) use them.
 */
export type LinkPurpose = 'invite' | 'reset';
/** Why a link ended unused. */
export type LinkEnd = 'replaced' | 'revoked' | 'blocked' | 'inactive' | 'password_changed';

/** A reset link (forgot password) is valid 30 minutes. */
export const RESET_LINK_TTL_MS = 30 * 60_000;

export const LINK_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function linkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCESS_PAGES.welcome}#${token}`;
}

export interface NewLink {
  /** The link's row: a mail carrying the link names it (outbox.sign_in_link_id). */
  id: number;
  accountId: string;
  token: string;
  expiresAt: Date;
}
