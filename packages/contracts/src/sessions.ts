/**
 * Session facts both sides rely on, in a module without zod so that the sign-in page can take
 * them (docs/domain.md, "Sessions and sign-in").
 */

/** Sessions end this long after sign-in, whatever happens in between (absolute expiry). */
export const SESSION_TTL_SECONDS = 30 * 60;

/** Name of the httpOnly cookie that carries the session token. */
export const SESSION_COOKIE = 'session-token';
