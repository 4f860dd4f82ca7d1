/**
 * The one reader of `import.meta.env` in the web app: everything else imports `env` (except
 * lib/report-call.ts, whose development-only check must be dropped by the build).
 * Only `VITE_*` variables reach the browser, and none of them is a secret.
 */
const raw = import.meta.env;

function apiBaseUrl(value: string | undefined): string {
  const base = value?.trim() || '/api';
  return base.endsWith('/') ? base.slice(0, -1) : base;
}

export const env = {
  /** Base of every server call; the dev server proxies `/api` to the Fastify server. */
  apiBaseUrl: apiBaseUrl(raw.VITE_API_BASE_URL),
  isDev: raw.DEV,
  mode: raw.MODE,
} as const;
