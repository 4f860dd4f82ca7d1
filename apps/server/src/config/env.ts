import { z } from 'zod';

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
  /** Trust X-Forwarded-For from a proxy (off unless set): "true" for any, or a comma-separated list of proxy addresses. */
  TRUST_PROXY: z.string().optional(),
  /**
   * The live demo (docs/domain.md, "Data from the game platform"): "1" keeps the demo network living through the feed while
   * the server runs, "0" does not. Unset: on for the embedded database, off on DATABASE_URL.
   */
  DEMO_FEED: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
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
  /** Exports (CSV/XLSX downloads) one session may have running at once; more get 429. */
  EXPORTS_PER_SESSION: z.coerce.number().int().min(1, 'must be 1 or more').default(2),
  /** Exports one server process builds at once; more get 429. */
  EXPORTS_PER_SERVER: z.coerce.number().int().min(1, 'must be 1 or more').default(4),
});

export type Env = z.infer<typeof EnvSchema>;

/** Whether this server keeps the demo network living (DEMO_FEED, by default on the embedded database only). */
export function demoFeedOn(env: Env): boolean {
  return env.DEMO_FEED === undefined ? !env.DATABASE_URL : env.DEMO_FEED === '1';
}

export class EnvError extends Error {}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
