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
  /** Seed the small demo network into an empty embedded database at start ("1" by default). */
  SEED_ON_EMPTY: z.enum(['0', '1']).default('1'),
  SEED: z.coerce.number().int().default(42),
});

export type Env = z.infer<typeof EnvSchema>;

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
