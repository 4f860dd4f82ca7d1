import { DEFAULT_ADMIN_URL } from './throwaway-database.js';

/** The seeded bench databases by size of network (bench/README.md, "Running it"). */
export const SIZE_DATABASES = { medium: 'playrep_bench_medium', large: 'playrep_bench', xlarge: 'playrep_bench_xlarge' } as const;
export type Size = keyof typeof SIZE_DATABASES;

/** The sizes of a `--sizes` list ("medium,large"); an unknown one is refused by name. */
export function sizesOf(list: string): Size[] {
  const sizes = list.split(',').map((s) => s.trim());
  for (const size of sizes) if (!(size in SIZE_DATABASES)) throw new Error(`unknown size ${size}: medium, large or xlarge`);
  return sizes as Size[];
}

/** The server the bench databases are on: BENCH_ADMIN_URL, or the local PostgreSQL. */
export const adminUrl = process.env.BENCH_ADMIN_URL || DEFAULT_ADMIN_URL;

/** The URL of `database` on that server. */
export const urlOf = (database: string) => Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
