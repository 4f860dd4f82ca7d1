import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { SQLSTATE } from './errors.js';

/**
 * Report reads on the embedded database. PGlite runs one statement at a time, on the server's own
 * thread (nothing else runs meanwhile), and cannot stop one once it has started: there is no
 * statement_timeout. So report statements take turns here, one at a time, and before each one the
 * event loop takes the requests that arrived meanwhile. At most one report statement is ever in
 * PGlite's own queue, so sign-in, sessions, writes and /api/health wait behind that one at most,
 * never behind a burst of reports. A report statement that waited longer than the timeout for its
 * turn is not started: it fails as a PostgreSQL statement timeout does (SQLSTATE 57014), and the
 * caller gets the same 503.
 */
export class ReportLane {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pglite: PGlite,
    private readonly timeoutMs: number | undefined,
  ) {}

  /** The part of a PGlite client that Drizzle uses for plain statements (reports run no transactions). */
  readonly client = {
    query: <T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
      this.inTurn(() => this.pglite.query<T>(query, params, options)),
  } as unknown as PGlite;

  private inTurn<T>(statement: () => Promise<T>): Promise<T> {
    const askedAt = performance.now();
    const turn = this.tail.then(async () => {
      // Statements chained in promises alone would run back to back without letting in any request.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.timeoutMs !== undefined && performance.now() - askedAt > this.timeoutMs) {
        throw Object.assign(new Error('canceling statement due to statement timeout'), { code: SQLSTATE.queryCanceled });
      }
      return statement();
    });
    this.tail = turn.catch(() => {});
    return turn;
  }
}
