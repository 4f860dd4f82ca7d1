import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { refuseAfterDelay } from '../lib/refusal-delay.js';
import { reportCaller } from '../lib/report-caller.js';

/**
 * How many report calls one account may have in flight on this server process (REPORTS_PER_ACCOUNT),
 * all its sessions together, exports included (they also count against the export limits). One
 * more is refused with 429 and Retry-After, before any query of the call runs, so that one account
 * cannot fill the database with reports while everyone else waits.
 *
 * A call's place is freed once its answer has ended (sent, or broken off by the caller) and its
 * handler has returned: a caller who gives up on a report does not get its place back while the
 * report's queries still run (the report statement timeout bounds them).
 */

/** Seconds a refused caller is asked to wait: about what a long report takes. */
export const REPORT_RETRY_AFTER_SECONDS = 2;

export function accountReportsMessage(limit: number): string {
  return `You already have ${limit === 1 ? 'a report' : `${limit} reports`} being prepared. Please wait for ${limit === 1 ? 'it' : 'one'} to finish, then try again.`;
}

interface InFlight {
  /** The handler is running. */
  handling: boolean;
  /** Frees the place when the answer has ended and the handler is not running. */
  settle(): void;
}

/**
 * Counts the report calls of `reports`. Register it after the session reader and the scope guard
 * (a call without a session, or of a role that may not make it, is refused before it counts) and
 * before the routes (their handlers are followed to their end).
 */
export function registerReportLimits(reports: FastifyInstance, perAccount: number): void {
  const byAccount = new Map<string, number>();
  const calls = new WeakMap<FastifyRequest, InFlight>();

  reports.addHook('onRequest', async (request, reply) => {
    const account = reportCaller(request).accountId;
    const mine = byAccount.get(account) ?? 0;
    if (mine >= perAccount) {
      // Answered after a second (lib/refusal-delay.ts), like a refused download.
      return refuseAfterDelay(
        new HttpError(429, accountReportsMessage(perAccount), { 'Retry-After': String(REPORT_RETRY_AFTER_SECONDS) }),
      );
    }
    byAccount.set(account, mine + 1);

    let answered = false;
    let released = false;
    const call: InFlight = {
      handling: false,
      settle() {
        if (released || !answered || call.handling) return;
        released = true;
        const left = (byAccount.get(account) ?? 1) - 1;
        if (left > 0) byAccount.set(account, left);
        else byAccount.delete(account);
      },
    };
    calls.set(request, call);
    // The response's end, whether it completed, failed or was cut off by the caller.
    reply.raw.once('close', () => {
      answered = true;
      call.settle();
    });
  });

  reports.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, request, reply) {
      const call = calls.get(request);
      if (call) call.handling = true;
      try {
        return await handler.call(this, request, reply);
      } finally {
        if (call) {
          call.handling = false;
          call.settle();
        }
      }
    };
  });
}
