import { isIP } from 'node:net';
import { ROLES } from '@playrep/contracts';
import { z } from 'zod';

/**
 * Whose X-Forwarded-For and X-Forwarded-Proto the server believes (TRUST_PROXY): nobody's, the
 * proxies at these addresses and ranges, or the nearest `hops` addresses of the chain (the
 * socket's peer first). Never anybody's: then every client could choose its address.
 */
export type TrustProxy = false | { proxies: string[] } | { hops: number };

const TRUST_PROXY_FORMS =
  'give the addresses or CIDR ranges of your proxies (TRUST_PROXY=10.0.0.5,10.1.0.0/16) or the number of proxies in front of the server (TRUST_PROXY=1)';

/** An IPv4 or IPv6 address, or a CIDR range of them (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TrustProxySchema = z
  .string()
  .optional()
  .transform((text, ctx): TrustProxy => {
    const value = text?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: `"true" would let any client choose its address: ${TRUST_PROXY_FORMS}` });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return { hops: Number(value) };
    const proxies = value.split(',').map((entry) => entry.trim());
    const wrong = proxies.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      const named = wrong.map((entry) => `"${entry}"`).join(', ');
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR range: ${named}; ${TRUST_PROXY_FORMS}` });
      return z.NEVER;
    }
    return { proxies };
  });

/** The one reader of process.env for the server. Validated once, with a clear message. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  HOUSE_USERNAME: z.string().trim().min(1).default('HOUSE'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated list of allowed Origins for state-changing calls, besides the server's own. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** The proxies whose X-Forwarded-* headers are believed: addresses and CIDR ranges, or a hop count (off unless set). */
  TRUST_PROXY: TrustProxySchema,
  /** "1": the session and device cookies are always Secure; otherwise only when the request came over https. */
  COOKIE_SECURE: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
  /**
   * The live demo (docs/domain.md, "Data from the game platform"): "1" keeps the demo network living through the feed while
   * the server runs, "0" does not. Unset: on for the embedded database, off on DATABASE_URL.
   */
  DEMO_FEED: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
  /** Folder of the embedded database's backups; unset: DATA_DIR/backups (db/backups.ts). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** "1": the server backs the embedded database up daily (at start when the newest backup is a day old); "0": only on `npm run backup`. */
  BACKUP_DAILY: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('1'),
  /** Seed the small demo network into an empty embedded database at start ("1" by default). */
  SEED_ON_EMPTY: z.enum(['0', '1']).default('1'),
  SEED: z.coerce.number().int().default(42),
  /** Server processes on the port (node:cluster); more than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1, 'must be 1 or more').max(64, 'must be at most 64').default(1),
  /** Comma-separated PostgreSQL read replicas for report reads (with DATABASE_URL). */
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, 'each must start with postgres:// or postgresql://')))
    .default([]),
  /** Bearer token of GET /metrics (Prometheus); unset: no metrics route. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A replica whose data is older than this many seconds is skipped until it catches up. */
  REPLICA_MAX_LAG_S: z.coerce.number().positive('must be more than 0').default(5),
  /** Exports (CSV/XLSX downloads) one account may have running at once, all its sessions together; more get 429. */
  EXPORTS_PER_ACCOUNT: z.coerce.number().int().min(1, 'must be 1 or more').default(2),
  /** Exports one server process builds at once; more get 429. */
  EXPORTS_PER_SERVER: z.coerce.number().int().min(1, 'must be 1 or more').default(4),
  /** Report calls (exports included) one account may have in flight on one server process; more get 429. */
  REPORTS_PER_ACCOUNT: z.coerce.number().int().min(1, 'must be 1 or more').default(4),
  /** A report statement running (PostgreSQL) or waiting (embedded database) longer than this is given up: 503. */
  REPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1, 'must be 1 or more').default(15_000),
  /**
   * The mail server the outbox is delivered through (docs/domain.md, "Mail and statements"):
   * smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465. Unset: mail is held.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]+/, 'must be smtp://[user:password@]host[:port] or smtps://...')
    .optional(),
  /** The sender of every mail: an address, or `Name <address>`. Needed with SMTP_URL. */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
      'must be an address (reports@example.com) or Name <address>',
    )
    .optional(),
  /**
   * Days a mail may wait, held or pending, before it expires unsent (docs/domain.md, "Mail and
   * statements"): switching a mail server on after a month sends this week's mail, not a month of it.
   */
  MAIL_MAX_AGE_DAYS: z.coerce
    .number()
    .int({ error: 'must be a whole number of days' })
    .min(1, 'must be 1 or more')
    .max(365, 'must be at most 365')
    .default(7),
  /**
   * Days the outbox keeps a mail once it is sent, cancelled or expired (docs/domain.md, "The owner's
   * week"); the outbox retention, hourly, removes older ones. Failed and waiting mail is never removed.
   */
  MAIL_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, 'must be 1 or more')
    .max(36_500, 'must be at most 36500')
    .default(90),
  /**
   * The address people open the back office at (https://backoffice.example.com), for the links in
   * mails; unset: http://localhost:PORT.
   */
  /** How long a sign-in link a manager issues stays valid (docs/domain.md, "Access"). */
  SIGN_IN_LINK_TTL_HOURS: z.coerce.number().int().min(1, 'must be 1 or more').max(720, 'must be at most 720').default(72),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be the origin people open, like https://backoffice.example.com')
    .optional(),
  /** Days the access activity keeps its entries (docs/domain.md, "Access"); the retention job removes older ones. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30, 'must be 30 or more').max(36_500).default(400),
  /**
   * The key two-step secrets are encrypted with (AES-256-GCM): 32 bytes as 64 hex digits or base64.
   * Unset on the embedded database: a key file made in DATA_DIR at first start; on PostgreSQL two-step
   * cannot be turned on without it (modules/identity/gate/secret-key.ts).
   */
  SECRET_KEY: z
    .string()
    .trim()
    .refine((text) => secretKeyBytes(text) !== null, 'must be 32 bytes: 64 hex digits, or base64 (openssl rand -base64 32)')
    .optional(),
  /** Roles that must set two-step sign-in up at their next sign-in, comma-separated (default none). */
  REQUIRE_TWO_STEP: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROLES, { error: `each must be one of ${ROLES.join(', ')}` })))
    .default([]),
});

export type Env = z.infer<typeof EnvSchema>;

/** The 32 bytes of a SECRET_KEY (64 hex digits, or base64), or null when it is not one. */
export function secretKeyBytes(text: string): Buffer | null {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return bytes.length === 32 && (/^[0-9a-fA-F]{64}$/.test(text) || /^[A-Za-z0-9+/_-]{43}=?$/.test(text)) ? bytes : null;
}

/** Whether this server keeps the demo network living (DEMO_FEED, by default on the embedded database only). */
export function demoFeedOn(env: Env): boolean {
  return env.DEMO_FEED === undefined ? !env.DATABASE_URL : env.DEMO_FEED === '1';
}

/** The origin the links in mails point at (PUBLIC_URL, else this server on localhost), without a trailing slash. */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

export class EnvError extends Error {}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // The former name of EXPORTS_PER_ACCOUNT (deprecated), read when the new one is not set.
  if (cleaned.EXPORTS_PER_ACCOUNT === undefined && cleaned.EXPORTS_PER_SESSION !== undefined) {
    cleaned.EXPORTS_PER_ACCOUNT = cleaned.EXPORTS_PER_SESSION;
  }
  const parsed = EnvSchema.refine((env) => !env.SMTP_URL || env.MAIL_FROM, {
    message: 'is needed with SMTP_URL: the address mail is sent from (reports@example.com or Name <address>)',
    path: ['MAIL_FROM'],
  }).safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
