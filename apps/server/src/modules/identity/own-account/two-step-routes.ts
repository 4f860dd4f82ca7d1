import { TWO_STEP_MESSAGES } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../../lib/http-error.js';
import type { EndpointHandlers } from '../../../plugins/endpoints.js';
import type { ActivityOrigin } from '../../activity/record.js';
import { secretKeyOf } from '../gate/secret-key.js';
import { beginSetup, clearTwoStep, confirmSetup, turnOff, twoStepState } from '../gate/two-step.js';

const originOf = (request: FastifyRequest): ActivityOrigin => ({ address: request.ip, userAgent: request.headers['user-agent'] });

/** The caller's own two-step sign-in: the account page's section (docs/screens.md, Account: Two-step sign-in). */
export function twoStepHandlers(
  app: FastifyInstance,
): EndpointHandlers<'twoStepState' | 'twoStepSetup' | 'twoStepConfirm' | 'twoStepOff'> {
  const key = () => secretKeyOf(app.env);
  return {
    twoStepState: async (request) => {
      const auth = request.auth!;
      return twoStepState(app.db, auth.accountId, app.env.REQUIRE_TWO_STEP.includes(auth.role), key() !== null);
    },
    twoStepSetup: async (request) => {
      const auth = request.auth!;
      return beginSetup(app.db, key(), { accountId: auth.accountId, username: auth.username }, app.clock.now());
    },
    twoStepConfirm: async (request) => {
      const auth = request.auth!;
      const account = { accountId: auth.accountId, username: auth.username };
      const recoveryCodes = await confirmSetup(app.db, key(), account, request.body.code, app.clock.now(), originOf(request));
      return { message: TWO_STEP_MESSAGES.on, recoveryCodes };
    },
    twoStepOff: async (request) => {
      await turnOff(app.db, key(), request.auth!.accountId, request.body.code, app.clock.now(), originOf(request));
      return { message: TWO_STEP_MESSAGES.off };
    },
  };
}

/**
 * A manager clears the two-step of an account it manages (a lost phone): the scope guard has
 * checked `accountId` is in the caller's subtree; its own is turned off with a code instead.
 */
export function twoStepClearHandlers(app: FastifyInstance): EndpointHandlers<'twoStepClear'> {
  return {
    twoStepClear: async (request) => {
      const account = request.scoped.accountId!;
      const manager = request.auth!;
      if (account.id === manager.accountId) throw badRequest(TWO_STEP_MESSAGES.notOwn);
      const cleared = await clearTwoStep(app.database.db, manager.accountId, account.id, app.clock.now(), originOf(request));
      return {
        message: cleared ? TWO_STEP_MESSAGES.cleared(account.username) : TWO_STEP_MESSAGES.nothingToClear(account.username),
      };
    },
  };
}
