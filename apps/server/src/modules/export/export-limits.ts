import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';

/**
 * How many exports may be built at once (a year of draws is ~351k rows): per account, all its
 * sessions together, so that one caller cannot take every slot, and for the whole server process.
 * Beyond either bound the export is refused at once with 429 and Retry-After, before any query
 * runs; a slot is freed when its download ends, completed or not.
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

/**
 * Counts the exports of the report calls registered in `reports` (a request with `format`), after
 * the scope guard has passed them. Register it after the guard.
 */
export function registerExportLimits(reports: FastifyInstance, limits: ExportLimits): void {
  const byAccount = new Map<string, number>();
  let running = 0;

  reports.addHook('preHandler', async (request, reply) => {
    if ((request.query as { format?: unknown } | undefined)?.format === undefined) return;
    const account = request.auth!.accountId;
    const mine = byAccount.get(account) ?? 0;
    if (mine >= limits.perAccount) throw tooMany(accountExportsMessage(limits.perAccount));
    if (running >= limits.perServer) throw tooMany(SERVER_EXPORTS_MESSAGE);
    byAccount.set(account, mine + 1);
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
