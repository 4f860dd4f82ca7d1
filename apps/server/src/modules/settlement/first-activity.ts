import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../db/client.js';
import { type IsoDay, weekStartOf } from '../../lib/dates.js';

/** Monday of the first week with any play, poker hand or loan; null on an empty database. */
export async function firstActivityWeek(db: Queryable): Promise<IsoDay | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`SELECT least((SELECT min(day) FROM play_daily), (SELECT min(ist_day(issued_at)) FROM loans))::text AS day`,
  );
  return row?.day ? weekStartOf(row.day) : null;
}
