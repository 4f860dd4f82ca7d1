import { z } from 'zod';
import { reportPath, TWO_STEP_CALLS } from '../call-paths.js';
import { type EndpointDef, webCalls } from '../endpoint-def.js';
import { ErrorBody, queryObject } from './common.js';

/** Two-step sign-in (docs/domain.md, "Access"): the account page's section, and a manager's clearing. */
export const TwoStepStateResponse = z.object({
  /** Two-step sign-in is on: every sign-in asks for a code. */
  on: z.boolean(),
  /** A set-up was begun and waits for its first code. */
  settingUp: z.boolean(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number(),
  /** The account's role must have it (REQUIRE_TWO_STEP): reports stay closed until it is on. */
  required: z.boolean(),
  /** False when the server has no SECRET_KEY: it cannot be turned on. */
  available: z.boolean(),
});
export type TwoStepStateResponse = z.infer<typeof TwoStepStateResponse>;

/** A set-up begun: the key for the authenticator app, as text, as a URI and as a QR code (SVG). */
export const TwoStepSetupResponse = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type TwoStepSetupResponse = z.infer<typeof TwoStepSetupResponse>;

/** A six-digit code from the app, or (to turn it off) a recovery code. */
export const TwoStepCodeBody = z.strictObject({
  code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(20, 'is too long'),
});
export type TwoStepCodeBody = z.input<typeof TwoStepCodeBody>;

export const TwoStepConfirmResponse = z.object({
  message: z.string(),
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type TwoStepConfirmResponse = z.infer<typeof TwoStepConfirmResponse>;

export const TwoStepMessageResponse = z.object({ message: z.string() });
export type TwoStepMessageResponse = z.infer<typeof TwoStepMessageResponse>;

/** A manager clears the two-step of an account it manages (a lost phone). */
export const TwoStepClearQuery = queryObject({ accountId: z.string({ error: 'is required' }).trim().min(1, 'is required') });
export type TwoStepClearQuery = z.infer<typeof TwoStepClearQuery>;

/** The caller's own two-step calls: any signed-in account, about itself. */
const ownTwoStep = webCalls(TWO_STEP_CALLS, 'session');

/** Entries of the endpoint table (endpoints.ts): Two-step sign-in: the caller’s own, and a manager clearing it (docs/domain.md, "Access"). */
export const TWO_STEP_ENDPOINTS = {
  twoStepState: {
    ...ownTwoStep(
      'twoStepState',
      'Whether the caller’s two-step sign-in is on, its recovery codes left, whether its role must have it',
    ),
    response: TwoStepStateResponse,
  },
  twoStepSetup: {
    ...ownTwoStep('twoStepSetup', 'Begin setting two-step sign-in up: a new key, as text and as a QR code'),
    response: TwoStepSetupResponse,
    otherResponses: { 409: ErrorBody, 503: ErrorBody },
  },
  twoStepConfirm: {
    ...ownTwoStep('twoStepConfirm', 'Turn two-step sign-in on with a first code; answers the recovery codes, once'),
    body: TwoStepCodeBody,
    response: TwoStepConfirmResponse,
    otherResponses: { 409: ErrorBody, 429: ErrorBody },
  },
  twoStepOff: {
    ...ownTwoStep('twoStepOff', 'Turn the caller’s two-step sign-in off with a current code or a recovery code'),
    body: TwoStepCodeBody,
    response: TwoStepMessageResponse,
    otherResponses: { 409: ErrorBody, 429: ErrorBody },
  },
  twoStepRecoveryCodes: {
    ...ownTwoStep(
      'twoStepRecoveryCodes',
      'Ten new recovery codes in place of the old ones, with a current code or a recovery code; answered once',
    ),
    body: TwoStepCodeBody,
    response: TwoStepConfirmResponse,
    otherResponses: { 409: ErrorBody, 429: ErrorBody },
  },
  twoStepClear: {
    method: 'POST',
    path: reportPath('twoStepClear'),
    access: 'report',
    summary: 'Clear the two-step sign-in of an account the caller manages (a lost phone)',
    query: TwoStepClearQuery,
    response: TwoStepMessageResponse,
  },
} as const satisfies Record<string, EndpointDef>;
