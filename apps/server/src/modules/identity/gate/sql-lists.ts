import { sql } from 'drizzle-orm';

/** `a, b, c` as bound text values, for `IN (...)`. */
export const textList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
