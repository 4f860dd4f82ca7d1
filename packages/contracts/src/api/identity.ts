import { z } from 'zod';
import { AUTH_CALLS } from '../call-paths.js';
import { type EndpointDef, webCalls } from '../endpoint-def.js';
import { LANGUAGES } from '../languages.js';
import { ROLES } from '../roles.js';
import { ErrorBody } from './common.js';

/**
 * /api/auth/* shapes (docs/screens.md, Sign-in; docs/domain.md, "Sessions and sign-in"), shared by the server (validation,
 * serialisation) and the web client (types, form checks).
 */

/** `z.string()` whose "missing" message reads "is required" rather than zod's type error. */
const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be text') });

export const RoleSchema = z.enum(ROLES);

/** Same answer for an unknown username and a wrong password (no account enumeration). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';
export const INACTIVE_ACCOUNT_MESSAGE = 'This account is inactive. Please contact your manager.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired or you are not signed in. Please sign in again.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many sign-in attempts. Please wait and try again.';
export const SIGNED_OUT_MESSAGE = 'Signed out.';

/** Login: the username is trimmed, the password is taken as typed (docs/screens.md, Sign-in). */
export const LoginBody = z.object({
  username: requiredString().trim().min(1, 'is required').max(100, 'is too long'),
  password: requiredString().min(1, 'is required').max(256, 'is too long'),
  /** The two-step code (or a recovery code), sent again with the password once the server asked for it. */
  code: z.string({ error: 'must be text' }).trim().max(20, 'is too long').optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The signed-in user as the screens use it: `roles` is `[role]` (a list, as the original app's user had). */
export const AuthUser = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  roles: z.array(RoleSchema),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const LoginResponse = z.object({
  token: z.string(),
  user: AuthUser,
  roles: z.array(RoleSchema),
  /** ISO instant at which the session ends (30 minutes after sign-in). */
  expiresAt: z.string(),
  /** The role must use two-step sign-in (REQUIRE_TWO_STEP) and it is not on yet: only its set-up opens. */
  twoStepSetupRequired: z.boolean().optional(),
  /** The account's language (docs/decisions/0021-languages.md): the app switches to it at sign-in. */
  language: z.enum(LANGUAGES),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The current session: the login answer without the token, which only the login hands out (the cookie is httpOnly). */
export const SessionResponse = LoginResponse.omit({ token: true });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const LogoutResponse = z.object({ message: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

export const UserAuthParams = z.object({ id: requiredString().trim() });
export const UserAuthResponse = z.object({ data: AuthUser });
export type UserAuthResponse = z.infer<typeof UserAuthResponse>;

/**
 * Account rules (signup and the operators' `accounts` command):
 * - username: 3-32 characters, letters, digits, `.`, `_` or `-`; trimmed; unique ignoring case;
 * - password: 8-128 characters with at least one letter and one digit (taken as typed);
 * - commission: 0-100 with at most 2 decimals, only for masters and above (players have none);
 * - firstName / lastName: 1-50 characters, trimmed; address: up to 200 characters.
 */
export const PASSWORD_RULE = '8 to 128 characters, with at least one letter and one digit';

export const NewUsername = requiredString()
  .trim()
  .min(3, 'must be 3 to 32 characters')
  .max(32, 'must be 3 to 32 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "_" and "-"');

export const NewPassword = requiredString()
  .min(8, `must be ${PASSWORD_RULE}`)
  .max(128, `must be ${PASSWORD_RULE}`)
  .regex(/\p{L}/u, `must be ${PASSWORD_RULE}`)
  .regex(/\p{Nd}/u, `must be ${PASSWORD_RULE}`);

const personName = requiredString().trim().min(1, 'is required').max(50, 'must be at most 50 characters');

export const Commission = z
  .number({ error: 'must be a number from 0 to 100' })
  .min(0, 'must be a number from 0 to 100')
  .max(100, 'must be a number from 0 to 100')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'may have at most 2 decimals');

const optionalName = z.string({ error: 'must be text' }).trim().max(50, 'must be at most 50 characters').default('');

const AccountFields = z.object({
  username: NewUsername,
  password: NewPassword,
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }),
  firstName: optionalName,
  lastName: optionalName,
  commission: Commission.optional(),
  address: z.string({ error: 'must be text' }).trim().max(200, 'must be at most 200 characters').default(''),
});

function commissionRule(body: { role: string; commission?: number | undefined }, ctx: z.RefinementCtx): void {
  if (body.role === 'player' && body.commission !== undefined && body.commission !== 0) {
    ctx.addIssue({ code: 'custom', path: ['commission'], message: 'players have no commission' });
  }
}

/** A new account as the operators' command takes it (names may be left empty). */
export const NewAccount = AccountFields.extend({
  // Left out: no password yet; the account gets in by a sign-in link (`accounts -- link`).
  password: NewPassword.optional(),
}).superRefine(commissionRule);
export type NewAccount = z.output<typeof NewAccount>;

/** `POST /api/auth/signup`: an account under the caller, of a lower role; names required. */
export const SignupBody = AccountFields.extend({ firstName: personName, lastName: personName }).superRefine(commissionRule);
export type SignupBody = z.input<typeof SignupBody>;

/** An account as created: the user shape plus its account fields. */
export const CreatedAccount = AuthUser.extend({
  parentId: z.string().nullable(),
  commission: z.number(),
  address: z.string(),
  userStatus: z.boolean(),
  createdAt: z.string(),
});
export type CreatedAccount = z.infer<typeof CreatedAccount>;

export const SignupResponse = z.object({ message: z.string(), user: CreatedAccount });
export type SignupResponse = z.infer<typeof SignupResponse>;

/** Signing in and out, and the session: open without a session (the session call answers 401 when it has ended). */
const authCall = webCalls(AUTH_CALLS, 'public');

/** Entries of the endpoint table (endpoints.ts): Sign-in, sessions and accounts made by the caller. */
export const AUTH_ENDPOINTS = {
  login: {
    ...authCall(
      'login',
      'The password door: sign in (with the two-step code once asked); sets the session cookie and returns the token once',
    ),
    body: LoginBody,
    response: LoginResponse,
    otherResponses: { 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
  },
  session: {
    ...authCall('session', 'The current session (401 when it has ended)'),
    response: SessionResponse,
  },
  logout: {
    ...authCall('logout', 'Sign out: revokes the session on the server'),
    response: LogoutResponse,
  },
  logoutLink: {
    ...authCall('logoutLink', "Sign out by the spec's GET call"),
    response: LogoutResponse,
    changesState: true,
  },
  userAuth: {
    method: 'GET',
    path: '/auth/userauth/:id',
    access: 'session',
    summary: 'An account of the caller’s subtree as the signed-in user shape',
    params: UserAuthParams,
    response: UserAuthResponse,
  },
  signup: {
    method: 'POST',
    path: '/auth/signup',
    access: 'session',
    summary: 'Create an account under the caller',
    body: SignupBody,
    response: SignupResponse,
    status: 201,
  },
} as const satisfies Record<string, EndpointDef>;
