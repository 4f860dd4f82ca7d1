import type { HttpError } from './http-error.js';

/**
 * A refused report call or download (429, README "Report limits" and "Export limits") is answered
 * after this long, the same for both: a client that asks again at once, whatever Retry-After says,
 * then asks about once a second on each connection instead of turning its refusals into a busy
 * loop (README, "Export limits"). The wait holds no database connection, nor a
 * place of the limit that refused: the refusal was decided before it (and a download the export
 * limits refuse is refused before the report limits count it).
 */
export const REFUSAL_DELAY_MS = 1_000;

/** Throws `refusal` after REFUSAL_DELAY_MS. */
export async function refuseAfterDelay(refusal: HttpError): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
  throw refusal;
}
