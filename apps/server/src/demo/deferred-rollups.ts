import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { addDays, type IsoDay, istDayStart } from '../lib/dates.js';

/**
 * The roll-up triggers the seed holds off while it writes its plays and poker hands: the fold into
 * play_daily and the active members. Folding millions of rows batch by batch costs several times
 * writing them; the seed folds them once at the end instead (foldDays), by the SQL those triggers
 * run (the database's own play_contributions_sql and play_daily_change_sql, active_members_apply).
 * The triggers below play_daily (by parent, by manager, by cafe) stay on and fold what foldDays
 * writes. The other triggers of plays (references, closed and sealed weeks, platform ids) stay on.
 */
const HELD_TRIGGERS = [
  ['plays', ['plays_fold_insert', 'plays_members_insert']],
  ['poker_hands', ['poker_hands_fold_insert']],
  // These refuse writes that do not come from a roll-up trigger; foldDays writes as those triggers would.
  ['play_daily', ['play_daily_direct_write']],
  ['active_members_by_manager', ['active_members_by_manager_direct_write']],
] as const;

/** Days folded per statement: a week of the xlarge network is a few million plays. */
const DAYS_PER_FOLD = 7;

/**
 * Runs `write` (which writes plays and poker hands of the days `days`, into an empty database) in one
 * transaction with the triggers above switched off, folds those days into the roll-ups, and
 * switches the triggers back on before it commits: the roll-ups are then what the triggers would
 * have made (seed.test.ts compares both ways), and a failure half way rolls back everything,
 * triggers included.
 */
export async function withRollupsFoldedAfter(db: Db, days: readonly IsoDay[], write: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await switchTriggers(tx, 'DISABLE');
    await write(tx);
    for (let i = 0; i < days.length; i += DAYS_PER_FOLD) {
      const first = days[i]!;
      const last = days[Math.min(i + DAYS_PER_FOLD, days.length) - 1]!;
      await foldDays(tx, first, last);
    }
    await switchTriggers(tx, 'ENABLE');
  });
}

async function switchTriggers(tx: Db, action: 'DISABLE' | 'ENABLE'): Promise<void> {
  for (const [table, triggers] of HELD_TRIGGERS) {
    await tx.execute(sql.raw(`ALTER TABLE ${table} ${triggers.map((t) => `${action} TRIGGER ${t}`).join(', ')}`));
  }
}

/** Folds the plays and poker hands of the IST days first to last (no others written) as their insert triggers do. */
async function foldDays(tx: Db, first: IsoDay, last: IsoDay): Promise<void> {
  const from = istDayStart(first).toISOString();
  const to = istDayStart(addDays(last, 1)).toISOString();
  for (const table of ['plays', 'poker_hands']) {
    const rows = `(SELECT * FROM ${table} WHERE played_at >= '${from}' AND played_at < '${to}') AS r`;
    const [fold] = await queryRows<{ statement: string }>(
      tx,
      sql`SELECT play_daily_change_sql(play_contributions_sql(${table}, 1, ${rows})) AS statement`,
    );
    await tx.execute(sql.raw(fold!.statement));
  }
  // Each member-day with draw plays is one active member for every manager above: active_members_apply
  // counts a member-day whose draw plays in play_daily went from none to some.
  await tx.execute(sql`
    SELECT active_members_apply(array_agg(member_id), array_agg(day), array_agg(plays))
      FROM (SELECT member_id, day, sum(plays)::int AS plays
              FROM play_daily
             WHERE day BETWEEN ${first}::date AND ${last}::date AND game_id IN (SELECT id FROM games WHERE kind = 'draw')
             GROUP BY member_id, day
            HAVING sum(plays) > 0) m
  `);
}
