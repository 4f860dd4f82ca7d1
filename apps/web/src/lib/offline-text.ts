import { signInMessage } from './i18n/text';

/**
 * The words of the app without a network, in one place (the notice above a report kept on the
 * device, and what the calls that need the server say instead of trying), in the current language.
 * Plain texts of the sign-in catalogue (messages-sign-in.ts): the sign-in page takes
 * `needsConnection` from here without the app's message formatter.
 */
export const OFFLINE_TEXT = {
  /** A call that needs the server (downloads, forms, access actions, sign-in) while the device is offline. */
  get needsConnection(): string {
    return signInMessage('offline.needsConnection');
  },
  /** A kept report the device has no answer for (never opened on it, older than 7 days, another account's). */
  get nothingKept(): string {
    return signInMessage('offline.nothingKept');
  },
  /** Above a report shown from the device; `asOf` is when its answer was fetched: '28-Nov-2026, 6:32 pm'. */
  figuresAsOf: (asOf: string): string => signInMessage('offline.figuresAsOf').replace('{asOf}', asOf),
};
