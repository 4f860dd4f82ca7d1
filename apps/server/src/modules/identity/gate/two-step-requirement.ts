import { type Role, TWO_STEP_MESSAGES } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../../lib/http-error.js';
import { twoStepOn } from './queries.js';
import { secretKeyOf } from './secret-key.js';
import { type SessionGate, sessionGate } from './session-gate.js';

/** The session gate of this server: REQUIRE_TWO_STEP and SECRET_KEY as configured. */
export function sessionGateOf(app: FastifyInstance): SessionGate {
  return sessionGate({ requireTwoStep: app.env.REQUIRE_TWO_STEP, secretKey: secretKeyOf(app.env) });
}

/** `{ twoStepSetupRequired: true }` for a session of a REQUIRE_TWO_STEP role without two-step on, else nothing. */
export async function setupRequired(
  app: FastifyInstance,
  user: { _id: string; role: Role },
): Promise<{ twoStepSetupRequired?: true }> {
  return (await mustSetUp(app, user.role, user._id)) ? { twoStepSetupRequired: true } : {};
}

async function mustSetUp(app: FastifyInstance, role: Role, accountId: string): Promise<boolean> {
  return app.env.REQUIRE_TWO_STEP.includes(role) && !(await twoStepOn(app.db, accountId));
}

/**
 * REQUIRE_TWO_STEP: an account of those roles opens no report before its two-step sign-in is on
 * (403 saying so); its own session and account calls stay open, so that it can set it up.
 */
export function registerTwoStepRequirement(reports: FastifyInstance): void {
  reports.addHook('onRequest', async (request) => {
    const auth = request.auth;
    if (auth && (await mustSetUp(reports, auth.role, auth.accountId))) throw forbidden(TWO_STEP_MESSAGES.setupRequired);
  });
}
