/**
 * The words of the app without a network, in one place (the notice above a report kept on the
 * device, and what the calls that need the server say instead of trying). No imports: the sign-in
 * page takes `needsConnection` from here.
 */
export const OFFLINE_TEXT = {
  /** A call that needs the server (downloads, forms, access actions, sign-in) while the device is offline. */
  needsConnection: 'This needs a connection.',
  /** A kept report the device has no answer for (never opened on it, older than 7 days, another account's). */
  nothingKept: 'You are offline, and this report has not been kept on this device. This needs a connection.',
  /** Above a report shown from the device; `asOf` is when its answer was fetched: '28-Nov-2026, 6:32 pm'. */
  figuresAsOf: (asOf: string) => `You are offline: figures as of ${asOf}`,
} as const;
