import { ACCESS_MESSAGES, LANGUAGE_SET_MESSAGES, TWO_STEP_MESSAGES } from '@playrep/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointHandlers } from '../../../plugins/endpoints.js';
import { twoStepState } from '../gate/queries.js';
import { sessionOf } from '../gate/request-session.js';
import { secretKeyOf } from '../gate/secret-key.js';
import {
  beginSetup,
  changeOwnPassword,
  confirmSetup,
  type OwnTwoStep,
  replaceRecoveryCodes,
  setOwnLanguage,
  turnOff,
} from './commands.js';
import { accountPage, twoStepSetup } from './present.js';
import { recentActivityOf, requireAccountPageRow, signInsOf } from './queries.js';

type OwnAccountCall =
  | 'myAccount'
  | 'setLanguage'
  | 'changePassword'
  | 'twoStepState'
  | 'twoStepSetup'
  | 'twoStepConfirm'
  | 'twoStepOff'
  | 'twoStepRecoveryCodes';

/** The caller's own account page (docs/screens.md, Account): its facts, its password, its two-step sign-in. */
export function ownAccountHandlers(app: FastifyInstance): EndpointHandlers<OwnAccountCall> {
  const key = () => secretKeyOf(app.env);
  const own = (request: FastifyRequest): OwnTwoStep => {
    const auth = sessionOf(request);
    return {
      accountId: auth.accountId,
      username: auth.username,
      now: app.clock.now(),
      origin: { address: request.ip, userAgent: request.headers['user-agent'] },
    };
  };
  return {
    myAccount: async (request) => {
      const { accountId } = sessionOf(request);
      const row = await requireAccountPageRow(app.db, accountId);
      return accountPage(row, await signInsOf(app.db, accountId), await recentActivityOf(app.db, accountId));
    },

    setLanguage: async (request) => {
      const { language } = request.body;
      await setOwnLanguage(app.db, sessionOf(request).accountId, language);
      return { message: LANGUAGE_SET_MESSAGES[language] };
    },

    changePassword: async (request) => {
      const auth = sessionOf(request);
      await changeOwnPassword(app.db, {
        accountId: auth.accountId,
        username: auth.username,
        sessionId: auth.sessionId,
        ...request.body,
        now: app.clock.now(),
        userAgent: request.headers['user-agent'],
        address: request.ip,
      });
      return { message: ACCESS_MESSAGES.passwordChanged };
    },

    twoStepState: async (request) => {
      const auth = sessionOf(request);
      return twoStepState(app.db, auth.accountId, app.env.REQUIRE_TWO_STEP.includes(auth.role), key() !== null);
    },
    twoStepSetup: async (request) => {
      const caller = own(request);
      return twoStepSetup(await beginSetup(app.db, key(), caller), caller.username);
    },
    twoStepConfirm: async (request) => {
      const recoveryCodes = await confirmSetup(app.db, key(), own(request), request.body.code);
      return { message: TWO_STEP_MESSAGES.on, recoveryCodes };
    },
    twoStepOff: async (request) => {
      await turnOff(app.db, key(), own(request), request.body.code);
      return { message: TWO_STEP_MESSAGES.off };
    },
    twoStepRecoveryCodes: async (request) => {
      const recoveryCodes = await replaceRecoveryCodes(app.db, key(), own(request), request.body.code);
      return { message: TWO_STEP_MESSAGES.newRecoveryCodes, recoveryCodes };
    },
  };
}
