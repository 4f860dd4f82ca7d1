import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { refuseAfterDelay } from '../../lib/refusal-delay.js';
import { reportCaller } from '../../lib/report-caller.js';

/**
 * How many exports may be built at once (a year of draws is ~351k rows): per account, all its
 * sessions together, so that one caller cannot take every slot, and for the whole server process.
 * Beyond either bound the export is refused with 429 and Retry-After before any query runs,
 * answered after the same short delay as a refused report call (lib/refusal-delay.ts); a slot is
 * freed when its download ends, completed or not.
 */
export interface ExportLimits {
  perAccount: number;
  perServer: number;
}

/** Seconds a refused caller is asked to wait: about what a large export takes. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

export function accountExportsMessage(limit: number): string {
  return `You already have ${limit === 1 ? 'a download' : `${limit} downloads`} being prepared. Please wait for ${limit === 1 ? 'it' : 'one'} to finish, then try again.`;
}

export const SERVER_EXPORTS_MESSAGE = 'The server is preparing as many downloads as it can. Please try again in a few seconds.';

const tooMany = (message: string) => new HttpError(429, message, { 'Retry-After': String(EXPORT_RETRY_AFTER_SECONDS) });

const asksForFile = (request: FastifyRequest) => (request.query as { format?: unknown } | undefined)?.format !== undefined;

/**
 * Counts the exports of the report calls registered in `reports` (a request with `format`).
 * Register it after the session reader, the scope guard and the two-step requirement, and before
 * the report limits: a download that would be refused is refused before the report limits count
 * it and before the scope guard looks any account up, so that its wait holds nothing. Its slot is
 * taken once the scope guard has passed it.
 */
export function registerExportLimits(reports: FastifyInstance, limits: ExportLimits): void {
  const byAccount = new Map<string, number>();
  let running = 0;
  const refusalFor = (account: string): HttpError | null => {
    if ((byAccount.get(account) ?? 0) >= limits.perAccount) return tooMany(accountExportsMessage(limits.perAccount));
    if (running >= limits.perServer) return tooMany(SERVER_EXPORTS_MESSAGE);
    return null;
  };

  reports.addHook('onRequest', async (request) => {
    if (!asksForFile(request)) return;
    const refusal = refusalFor(reportCaller(request).accountId);
    if (refusal) return refuseAfterDelay(refusal);
  });

  reports.addHook('preHandler', async (request, reply) => {
    if (!asksForFile(request)) return;
    const account = reportCaller(request).accountId;
    // Another download may have taken the last slot since the check above.
    const refusal = refusalFor(account);
    if (refusal) return refuseAfterDelay(refusal);
    byAccount.set(account, (byAccount.get(account) ?? 0) + 1);
    running += 1;

    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      running -= 1;
      const left = (byAccount.get(account) ?? 1) - 1;
      if (left > 0) byAccount.set(account, left);
      else byAccount.delete(account);
    };
    // The response's end, whether the download completed, failed or was cut off by the caller.
    reply.raw.once('close', release);
  });
}
