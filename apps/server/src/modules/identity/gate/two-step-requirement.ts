import { type Role, TWO_STEP_MESSAGES } from '@playrep/contracts';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../../db/client.js';
import { forbidden } from '../../../lib/http-error.js';
import type { SecondStep } from '../doors/password.js';
import { secretKeyOf } from './secret-key.js';
import { passSecondStep, twoStepOn } from './two-step.js';

/** What sign-in asks of two-step sign-in: the second step, and whether the role must still set it up. */
export function twoStepForSignIn(app: FastifyInstance) {
  return {
    secondStep: (tx: Tx, accountId: string, code: string | undefined): Promise<SecondStep> =>
      passSecondStep(tx, secretKeyOf(app.env), accountId, code, app.clock.now()),
    /** `{ twoStepSetupRequired: true }` for a role of REQUIRE_TWO_STEP without it on, else nothing. */
    async setupRequired(user: { _id: string; role: Role }): Promise<{ twoStepSetupRequired?: true }> {
      return (await mustSetUp(app, user.role, user._id)) ? { twoStepSetupRequired: true } : {};
    },
  };
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
