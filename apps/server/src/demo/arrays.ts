import { type SQL, sql } from 'drizzle-orm';

/**
 * Array parameters for `INSERT ... SELECT * FROM unnest($1::uuid[], $2::bigint[], ...)`: one
 * parameter per column, so a batch of any size is one statement with a handful of parameters.
 *
 * Numbers and UUIDs go as a PostgreSQL array literal built here (they contain no characters that
 * need quoting, and this is much faster than per-element serialisation); text goes through the
 * driver, which quotes it.
 */
export function numberArray(values: readonly number[], type: 'smallint' | 'int' | 'bigint'): SQL {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new RangeError(`not an integer: ${v}`);
  return sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function uuidArray(values: readonly (string | null)[]): SQL {
  for (const v of values) if (v !== null && !UUID.test(v)) throw new RangeError(`not a uuid: ${v}`);
  return sql`${`{${values.map((v) => v ?? 'NULL').join(',')}}`}::uuid[]`;
}

export function textArray(values: readonly (string | null)[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

/** Instants as epoch milliseconds; turn them back with `to_timestamp(ms / 1000.0)`. */
export function instantArray(values: readonly Date[]): SQL {
  return numberArray(
    values.map((d) => d.getTime()),
    'bigint',
  );
}
