import type { FastifyInstance } from 'fastify';
import { doorHandlers } from './doors/routes.js';
import { accountHandlers } from './manage/routes.js';
import { ownAccountHandlers } from './own-account/routes.js';

/**
 * Identity (docs/access.md): who gets a session and how. Four parts, each depending on the gate
 * and on no other part (a test of the import rules holds it):
 * - gate/: the one function that makes a session (session-gate.ts) and what it checks with:
 *   sessions, passwords and their strength rule, sign-in links, two-step secrets and the one code
 *   check (codes.ts), the sign-in throttles (attempts.ts); what it reads is in queries.ts, what it
 *   writes in commands.ts, with the one write of a password (setPassword);
 * - doors/: the ways in (gate/session-gate.ts DOORS lists them): the password, a sign-in link, a reset link; the
 *   current session, signing out, forgot password;
 * - own-account/: the caller's account page: its facts, password and two-step sign-in;
 * - manage/: what a manager does about the accounts below it, signup and the `accounts` command.
 * Each of doors/, own-account/ and manage/ is shaped like a report family: routes.ts parses, calls
 * and presents; queries.ts reads; commands.ts writes, each change with its Activity entry in its
 * transaction; present.ts shapes the answers. SQL is written as the report families write it.
 */
export { registerTwoStepRequirement } from './gate/two-step-requirement.js';
export { managerHandlers } from './manage/routes.js';

/** The /api/auth calls (public and session): the doors, the account page, signup and userauth. */
export function identityHandlers(app: FastifyInstance) {
  return { ...doorHandlers(app), ...ownAccountHandlers(app), ...accountHandlers(app) };
}
