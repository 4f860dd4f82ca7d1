import { z } from 'zod';
import { ACCESS_CALLS, reportPath } from '../call-paths.js';
import { formatCount } from '../display-format.js';
import { type EndpointDef, oneSheet, report, webCalls } from '../endpoint-def.js';
import { LANGUAGES } from '../languages.js';
import { ROLES } from '../roles.js';
import { EXPORT_FORMATS } from '../tables/columns.js';
import {
  ACCESS_STATES,
  ACCOUNT_COLUMNS,
  ACCOUNT_PAGE_SIZES,
  ACCOUNT_SORTS,
  ISSUED_LINK_COLUMNS,
} from '../tables/identity-access.js';
import { ActivityRow } from './activity.js';
import { ErrorBody, exportLanguageParam, queryObject } from './common.js';
import { LoginResponse } from './identity.js';

/**
 * Access (docs/domain.md, "Access"): sign-in links, passwords, forgot password, blocking and the
 * Accounts screen. Shared by the server (validation, serialisation) and the web app.
 */

/** A link's secret: what follows `#` in `/auth/welcome#...` (256 bits, base64url). */
const LinkToken = z.string({ error: 'must be text' }).max(100, 'is too long');
/** A new password as typed (its strength is judged by passwordProblem, on the server too). */
const TypedPassword = z.string({ error: 'is required' }).min(1, 'is required').max(256, 'is too long');

export const LinkTokenBody = z.strictObject({ token: LinkToken });
export type LinkTokenBody = z.input<typeof LinkTokenBody>;

/** What the welcome page shows before the password is set. */
export const LinkInfoResponse = z.object({
  username: z.string(),
  /** Who issued the link ("am1 (Asha Menon)"), null for the command line or forgot password. */
  invitedBy: z.string().nullable(),
  purpose: z.enum(['invite', 'reset']),
  expiresAt: z.string(),
});
export type LinkInfoResponse = z.infer<typeof LinkInfoResponse>;

export const UseLinkBody = z.strictObject({ token: LinkToken, password: TypedPassword });
export type UseLinkBody = z.input<typeof UseLinkBody>;
export const UseLinkResponse = LoginResponse;

export const ChangePasswordBody = z.strictObject({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(256, 'is too long'),
  newPassword: TypedPassword,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

export const MessageResponse = z.object({ message: z.string() });

/** The account page's language choice (docs/decisions/0021-languages.md). */
export const SetLanguageBody = z.strictObject({
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }),
});
export type SetLanguageBody = z.input<typeof SetLanguageBody>;
export type MessageResponse = z.infer<typeof MessageResponse>;

export const ForgotPasswordBody = z.strictObject({
  username: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'is too long'),
});
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;

/** How many of the caller's own activity entries the account page shows. */
export const RECENT_ACTIVITY_SIZE = 10;

/** The account page: who the caller is, its last sign-in and its recent activity. */
export const MyAccountResponse = z.object({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  /** The parent's username; null for the superadmin. */
  parent: z.string().nullable(),
  hasPassword: z.boolean(),
  /**
   * The sign-in before the current one (time, client address, and the device its activity entry
   * names: "Chrome 131 on Android"; null when there is none, as for a sign-in link), null for a
   * first sign-in.
   */
  lastSignIn: z.object({ at: z.string(), address: z.string(), device: z.string().nullable() }).nullable(),
  /** Wrong passwords typed at this account since that sign-in. */
  failedSince: z.number(),
  /** Wrong two-step codes typed for this account since that sign-in (at sign-in or on this page). */
  wrongCodesSince: z.number(),
  /** The caller's own latest activity entries (it acted or it is about it), newest first, at most RECENT_ACTIVITY_SIZE. */
  recentActivity: z.array(ActivityRow),
});
export type MyAccountResponse = z.infer<typeof MyAccountResponse>;

// ---------------------------------------------------------------- the Accounts screen

/** The Two-step column: whether the account's two-step sign-in is on. */
export const TWO_STEP_LABELS = { on: 'On', off: 'Off' } as const;

export const AccountsQuery = queryObject({
  /** The manager whose accounts are listed (default: the caller); the accounts strictly below it. */
  id: z.string().trim().optional(),
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).optional(),
  state: z.enum(ACCESS_STATES, { error: `must be one of ${ACCESS_STATES.join(', ')}` }).optional(),
  /** Part of the username or the name, ignoring case. */
  q: z.string().trim().max(100, 'is too long').optional(),
  page: z.coerce.number().int().min(1, 'must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'must be at most 100').default(ACCOUNT_PAGE_SIZES[0]),
  sort: z.enum(ACCOUNT_SORTS, { error: `must be one of ${ACCOUNT_SORTS.join(', ')}` }).default('username'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
  format: z.enum(EXPORT_FORMATS).optional(),
  lang: exportLanguageParam(),
});
export type AccountsQuery = z.infer<typeof AccountsQuery>;

export const AccountRow = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  parent: z.string().nullable(),
  state: z.enum(ACCESS_STATES),
  stateLabel: z.string(),
  /** When the live sign-in link ends (state linkSent). */
  linkExpiresAt: z.string().nullable(),
  /** Whether its two-step sign-in is on (set up and confirmed; a set-up still waiting for its code is off). */
  twoStep: z.boolean(),
  twoStepLabel: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AccountRow = z.infer<typeof AccountRow>;

export const AccountsResponse = z.object({
  data: z.array(AccountRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AccountsResponse = z.infer<typeof AccountsResponse>;

/** One account a manager acts on, by username. */
export const ManagedAccountQuery = queryObject({
  username: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100),
});
export type ManagedAccountQuery = z.infer<typeof ManagedAccountQuery>;

export const IssuedLink = z.object({
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  parent: z.string().nullable(),
  link: z.string(),
  expiresAt: z.string(),
});
export type IssuedLink = z.infer<typeof IssuedLink>;

export const IssueLinkResponse = z.object({ message: z.string(), link: IssuedLink });
export type IssueLinkResponse = z.infer<typeof IssueLinkResponse>;

/** The most links one request issues. */
export const MAX_LINKS_AT_ONCE = 5_000;

/**
 * Bulk links as a CSV: for the `usernames` selected, or (without any) for every account without a
 * password below the caller, optionally of one role.
 */
export const IssueLinksQuery = queryObject({
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).optional(),
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export type IssueLinksQuery = z.infer<typeof IssueLinksQuery>;
export const IssueLinksBody = z.preprocess(
  // No body at all: every account without a password.
  (body) => body ?? {},
  z.strictObject({
    usernames: z
      .array(z.string().trim().min(1).max(100), { error: 'must be a list of usernames' })
      .min(1, 'must name at least one account')
      .max(MAX_LINKS_AT_ONCE, `must name at most ${MAX_LINKS_AT_ONCE} accounts`)
      .optional(),
  }),
);
export type IssueLinksBody = z.input<typeof IssueLinksBody>;

export const BlockResponse = z.object({ message: z.string(), state: z.enum(ACCESS_STATES) });
export type BlockResponse = z.infer<typeof BlockResponse>;

/** Answers of the access calls, word for word (docs/screens.md, Accounts, Welcome, Forgot password). */
export const ACCESS_MESSAGES = {
  linkNotValid: 'This sign-in link is not valid. Ask your manager for a new one.',
  linkUsed: 'This sign-in link has been used already. Sign in with your password, or ask your manager for a new link.',
  linkReplaced: 'A newer sign-in link replaced this one. Use the newest link, or ask your manager for a new one.',
  linkRevoked: 'This sign-in link was withdrawn. Ask your manager for a new one.',
  linkExpired: 'This sign-in link has expired. Ask your manager for a new one.',
  accountBlocked: 'This account is blocked. Please contact your manager.',
  noLinkInactive: (username: string) => `${username} is inactive on the platform: no sign-in link can be issued for it.`,
  noLinkBlocked: (username: string) => `${username} is blocked: unblock it before issuing a sign-in link.`,
  linkIssued: (username: string, hours: number) =>
    `A sign-in link for ${username} is ready. It works once, for ${formatCount(hours, 'hour')}; any earlier link for ${username} no longer works.`,
  noAccountsForLinks: 'No account matches: every account selected already has a password, or there is none.',
  passwordSet: 'Your password is set and you are signed in.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  wrongCurrentPassword: 'The current password is not correct.',
  forgotAnswer:
    'If this account has a confirmed email address, a link to choose a new password has been sent to it. It works once, for 30 minutes. Otherwise ask your manager for a sign-in link.',
  blocked: (username: string) => `${username} is blocked: it cannot sign in, and its sessions have ended.`,
  unblocked: (username: string) => `${username} is unblocked: it can sign in again.`,
  unblockedInactive: (username: string) =>
    `${username} is unblocked, but it is inactive on the platform: it cannot sign in until the platform makes it active.`,
} as const;

/** The caller's own password, account page and language; the sign-in links and forgot password open without signing in. */
const ownAccess = webCalls(ACCESS_CALLS, 'session');
const openAccess = webCalls(ACCESS_CALLS, 'public');

/** Entries of the endpoint table (endpoints.ts): Sign-in links, forgotten and changed passwords, the account page (docs/domain.md, "Access"). */
export const ACCESS_ENDPOINTS = {
  linkInfo: {
    ...openAccess('linkInfo', 'What a sign-in link is for: the account and who issued it (the link is not used)'),
    body: LinkTokenBody,
    response: LinkInfoResponse,
  },
  useLink: {
    ...openAccess(
      'useLink',
      'The link doors: use a sign-in or reset link to set the password and end the account’s sessions; then signed in, or 401 asking for the two-step code (sent with the new password to login)',
    ),
    body: UseLinkBody,
    response: UseLinkResponse,
    otherResponses: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 410: ErrorBody },
  },
  forgotPassword: {
    ...openAccess('forgotPassword', 'Mail a reset link where the account has a confirmed address; the same answer always'),
    body: ForgotPasswordBody,
    response: MessageResponse,
    otherResponses: { 429: ErrorBody },
  },
  changePassword: {
    ...ownAccess('changePassword', 'Change the caller’s password (current password required); ends its other sessions'),
    body: ChangePasswordBody,
    response: MessageResponse,
  },
  myAccount: {
    ...ownAccess(
      'myAccount',
      'The caller’s account page: name, role, parent, last sign-in (time, address, device), failed attempts since, its own last 10 activity entries',
    ),
    response: MyAccountResponse,
  },
  setLanguage: {
    ...ownAccess('setLanguage', 'Set the caller’s language (en or hi): the sign-in answers carry it, and API errors come in it'),
    body: SetLanguageBody,
    response: MessageResponse,
  },
} as const satisfies Record<string, EndpointDef>;

/** Entries of the endpoint table (endpoints.ts): the Accounts screen (docs/domain.md, "Access"). */
export const ACCOUNTS_SCREEN_ENDPOINTS = {
  accounts: {
    ...report('accounts', 'One page of the accounts below the subject, with their access state'),
    query: AccountsQuery,
    response: AccountsResponse,
    exports: oneSheet('accounts', 'accounts', 'Accounts', ACCOUNT_COLUMNS),
  },
  issueLink: {
    method: 'POST',
    path: reportPath('issueLink'),
    access: 'report',
    summary: 'Issue a sign-in link for one account below the caller (a new one revokes the old)',
    query: ManagedAccountQuery,
    response: IssueLinkResponse,
    otherResponses: { 409: ErrorBody },
  },
  issueLinks: {
    method: 'POST',
    path: reportPath('issueLinks'),
    access: 'report',
    summary: 'Sign-in links in bulk (a selection, or every account without a password below the caller) as CSV',
    query: IssueLinksQuery,
    body: IssueLinksBody,
    response: MessageResponse,
    otherResponses: { 404: ErrorBody },
    exports: oneSheet('sign-in-links', 'links', 'Sign-in links', ISSUED_LINK_COLUMNS),
  },
  blockAccount: {
    method: 'POST',
    path: reportPath('blockAccount'),
    access: 'report',
    summary: 'Block the sign-in of an account below the caller: its sessions and links end at once',
    query: ManagedAccountQuery,
    response: BlockResponse,
  },
  unblockAccount: {
    method: 'POST',
    path: reportPath('unblockAccount'),
    access: 'report',
    summary: 'Unblock the sign-in of an account below the caller',
    query: ManagedAccountQuery,
    response: BlockResponse,
  },
} as const satisfies Record<string, EndpointDef>;
