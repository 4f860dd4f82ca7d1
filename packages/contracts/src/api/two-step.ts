import { z } from 'zod';
import { queryObject } from './common.js';

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
