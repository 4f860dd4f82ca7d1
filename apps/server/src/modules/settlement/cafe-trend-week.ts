import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { IsoDay } from '../../lib/dates.js';

/** Cafes moved per transaction: a feed batch that books a play at one of them waits for at most one slice. */
const SLICE_CAFES = 500;
/** Pause before another pass over the cafes, when a feed batch held some rows the last pass skipped. */
const PASS_PAUSE_MS = 20;
const FIRST_CAFE = '00000000-0000-0000-0000-000000000000';

/**
 * Moves cafe_trend_totals' periods to end with `week` (a Monday), if they do not already: each
 * cafe's row gains the days that enter a period and loses those that leave it, a slice of cafes
 * per short transaction (migration 0045), so that a feed batch never waits for more than one
 * slice; then cafe_trend_week says `week`, from which Cafe Trends reads the kept totals again
 * (while the move runs, `moving_to` says so, and it sums the cafes' days).
 * Rows a feed batch holds are skipped and taken by another pass. Returns whether it moved them.
 */
export async function keepCafeTrendWeek(db: Db, week: IsoDay, sliceCafes = SLICE_CAFES): Promise<boolean> {
  if ((await keptWeek(db)) === week) return false;
  // From here until markMoved, readers take the rows for neither week: some are at each.
  await db.execute(sql`UPDATE cafe_trend_week SET moving_to = ${week}::date`);
  for (;;) {
    let after = FIRST_CAFE;
    for (;;) {
      const [slice] = await queryRows<{ last_cafe: string | null }>(
        db,
        sql`SELECT last_cafe FROM cafe_trend_totals_move_slice(${week}::date, ${after}::uuid, ${sliceCafes})`,
      );
      if (!slice?.last_cafe) break;
      after = slice.last_cafe;
    }
    if (await markMoved(db, week)) return true;
    await new Promise((done) => setTimeout(done, PASS_PAUSE_MS));
  }
}

async function keptWeek(db: Db): Promise<string | undefined> {
  const [kept] = await queryRows<{ week_start: string; moving_to: string | null }>(
    db,
    sql`SELECT week_start::text AS week_start, moving_to::text AS moving_to FROM cafe_trend_week`,
  );
  // A move that stopped half-way (the process ended) is finished by the next one.
  return kept?.moving_to === null ? kept.week_start : undefined;
}

/**
 * Sets cafe_trend_week to `week` once every row is there; false (nothing changed) while a row is
 * not. The row's lock comes first: a new cafe's row, which takes its week from it under a share
 * lock, is either in the check or made after this commits, at `week`.
 */
async function markMoved(db: Db, week: IsoDay): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO cafe_trend_week (single, week_start) VALUES (true, ${week}::date)
            ON CONFLICT (single) DO UPDATE SET week_start = excluded.week_start, moving_to = NULL`,
      );
      const [row] = await queryRows<{ behind: boolean }>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM cafe_trend_totals WHERE week_start <> ${week}::date) AS behind`,
      );
      if (row?.behind) throw new RowsBehind();
    });
    return true;
  } catch (err) {
    if (err instanceof RowsBehind) return false;
    throw err;
  }
}

/** Undoes markMoved's transaction: a row is not at the week yet. */
class RowsBehind extends Error {}
