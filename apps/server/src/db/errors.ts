/**
 * What a database error says, on either driver. PostgreSQL's errors (node-postgres and PGlite
 * alike) carry the SQLSTATE in `code` and the constraint's name in `constraint`; Drizzle wraps
 * them, with the statement, in `cause`; a server that cannot be reached gives Node's socket codes.
 */

/** The SQLSTATEs the code acts on. */
export const SQLSTATE = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  /** A statement cancelled by statement_timeout (only report reads carry one: db/client.ts). */
  queryCanceled: '57014',
} as const;

/** The error, then what it wraps in `cause`, and so on (at most four deep). */
function errorChain(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let current = error;
  while (typeof current === 'object' && current !== null && chain.length < 4) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function firstText(error: unknown, field: 'code' | 'constraint'): string | undefined {
  for (const link of errorChain(error)) if (typeof link[field] === 'string') return link[field];
  return undefined;
}

/** The error's SQLSTATE (or socket code), wrapped or not; undefined when it has none. */
export const pgErrorCode = (error: unknown): string | undefined => firstText(error, 'code');

/** The name of the constraint the error is about, wrapped or not. */
export const pgConstraint = (error: unknown): string | undefined => firstText(error, 'constraint');

export const isUniqueViolation = (error: unknown): boolean => pgErrorCode(error) === SQLSTATE.uniqueViolation;

export const isStatementTimeout = (error: unknown): boolean => pgErrorCode(error) === SQLSTATE.queryCanceled;

/** SQLSTATEs of a server shutting down, crashed or starting up; class 08 is every connection exception. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a server that cannot be reached. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's errors for a connection lost or never made: they carry no code. */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|timeout expired)/;

/** The database cannot be reached or went away mid-statement (down, restarting, failing over). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(({ code, message }) => {
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNREACHABLE.has(code))) return true;
    return typeof message === 'string' && LOST_CONNECTION.test(message);
  });
}
