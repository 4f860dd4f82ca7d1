/**
 * Method and path of the calls the web app makes, in a module without zod: the browser takes its
 * calls from here, so the schemas of the endpoint table (endpoints.ts, built on these) never reach
 * a phone. The server checks every answer against its schema before sending it.
 */

/** The sign-in, session and sign-out calls. */
export const AUTH_CALLS = {
  login: { method: 'POST', path: '/auth/login' },
  session: { method: 'GET', path: '/auth/session' },
  logout: { method: 'POST', path: '/auth/logout' },
  /** The spec's GET sign-out. */
  logoutlink: { method: 'GET', path: '/auth/logout' },
} as const;

/** Every /api/playrep report call is at its own name. */
export function reportPath<N extends string>(name: N): `/playrep/${N}` {
  return `/playrep/${name}`;
}
