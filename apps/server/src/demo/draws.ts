import { DRAW_GAMES } from '@playrep/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import type { Period } from './period.js';
import type { Random } from './random.js';
import type { DrawGameSlug } from './summary.js';

/** Game ids of the draw games (migration 0001), in DRAW_GAMES order. */
export const DRAW_GAME_IDS: Record<DrawGameSlug, number> = { funtarget: 1, funroullet: 2, triplefun: 3, funab: 4 };

/**
 * Where each draw's id is: draw n of a game (at start + n × interval) has id firstId + n. Plays
 * find their draw by arithmetic instead of a lookup; `writeDraws` checks that this holds.
 */
export interface DrawLayout {
  startMs: number;
  intervalMs: number;
  perGame: number;
  firstId: Record<number, number>;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_COLORS = ['c', 'k', 'l', 'f'];

/** The result of a draw from its hash `h` (docs/domain.md, "Games, draws and plays"). */
const RESULT_SQL: Record<DrawGameSlug, { drawno: string; color: string }> = {
  funtarget: { drawno: '(h % 10)::text', color: 'NULL' },
  funroullet: { drawno: '(h % 37)::text', color: 'NULL' },
  triplefun: { drawno: "concat_ws('-', h % 10, (h / 10) % 10, (h / 100) % 10)", color: 'NULL' },
  funab: {
    drawno: `(ARRAY[${RANKS.map((r) => `'${r}'`).join(',')}])[1 + h % 13]`,
    // About one past Fun AB draw in 300 lacks its colour, so screens show 'Not Open'.
    color: `CASE WHEN (h / 52) % 300 = 0 THEN NULL ELSE (ARRAY[${SUIT_COLORS.map((c) => `'${c}'`).join(',')}])[1 + (h / 13) % 4] END`,
  },
};

/**
 * One draw per game every `intervalSeconds`, all day, for the whole period: one INSERT ... SELECT
 * over generate_series per game. Results come from an integer hash of the draw number and a
 * per-game value drawn from the seed, computed in SQL with plain bigint arithmetic, so they are
 * the same on every PostgreSQL version. Draws after the cutoff are written without a result (not
 * open yet).
 */
export async function writeDraws(
  db: Db,
  period: Period,
  intervalSeconds: number,
  random: Random,
  progress: (message: string) => void,
): Promise<DrawLayout> {
  const rng = random.fork('draws');
  const intervalMs = intervalSeconds * 1000;
  const perGame = Math.floor((period.end.getTime() - period.start.getTime()) / intervalMs);
  const layout: DrawLayout = { startMs: period.start.getTime(), intervalMs, perGame, firstId: {} };
  for (const game of DRAW_GAMES) {
    const gameId = DRAW_GAME_IDS[game.slug];
    const salt = rng.uint32();
    const result = RESULT_SQL[game.slug];
    const open = (expression: string): SQL =>
      sql`CASE WHEN draw_time > ${period.cutoff.toISOString()}::timestamptz THEN NULL ELSE ${sql.raw(expression)} END`;
    await insertWithoutForeignKeyChecks(
      db,
      sql`
      INSERT INTO draws (game_id, draw_time, drawno, color)
      SELECT ${gameId}::smallint, draw_time, ${open(result.drawno)}, ${open(result.color)}
        FROM generate_series(0::bigint, ${perGame - 1}::bigint) AS n
        CROSS JOIN LATERAL (SELECT ${period.start.toISOString()}::timestamptz + n * ${`${intervalSeconds} seconds`}::interval AS draw_time) t
        CROSS JOIN LATERAL (SELECT (n * 2654435761 + ${salt}::bigint) % 4294967296 AS x0) a
        CROSS JOIN LATERAL (SELECT ((x0 # (x0 >> 16)) * 73244475) % 4294967296 AS x1) b
        CROSS JOIN LATERAL (SELECT ((x1 # (x1 >> 16)) * 73244475) % 4294967296 AS x2) c
        CROSS JOIN LATERAL (SELECT x2 # (x2 >> 16) AS h) d
       ORDER BY n
    `,
    );
    const [row] = await queryRows<{ first: number; misplaced: number }>(
      db,
      sql`WITH g AS (SELECT min(id) AS first FROM draws WHERE game_id = ${gameId})
          SELECT g.first::bigint AS first,
                 (SELECT count(*) FROM draws d WHERE d.game_id = ${gameId}
                     AND d.id - g.first <> round(extract(epoch FROM d.draw_time - ${period.start.toISOString()}::timestamptz) / ${intervalSeconds}))::int AS misplaced
            FROM g`,
    );
    if (!row || Number(row.misplaced) !== 0) throw new Error(`draw ids of ${game.slug} are not in time order`);
    layout.firstId[gameId] = Number(row.first);
    progress(`draws: ${game.name} ${perGame.toLocaleString('en-IN')}`);
  }
  return layout;
}

/**
 * Runs a bulk insert into draws without the per-row foreign-key check of draws.game_id (about
 * half of the insert's cost on PGlite); the ids written are the four draw games of migration
 * 0001. This uses session_replication_role, which skips every ordinary trigger, so it is taken
 * only when the role may set it and draws has no trigger of its own; otherwise the insert runs
 * with its checks as usual.
 */
async function insertWithoutForeignKeyChecks(db: Db, insert: SQL): Promise<void> {
  const [probe] = await queryRows<{ allowed: boolean }>(
    db,
    sql`SELECT current_setting('is_superuser') = 'on'
               AND NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = 'draws'::regclass AND NOT tgisinternal) AS allowed`,
  );
  await db.transaction(async (tx) => {
    if (probe?.allowed) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(insert);
  });
}

/** The id of the first draw at or after `atMs` (the draw a slip placed then plays in). */
export function drawIdFor(layout: DrawLayout, gameId: number, atMs: number): number {
  const firstId = layout.firstId[gameId];
  if (firstId === undefined) throw new Error(`no draws laid out for game ${gameId}`);
  return firstId + Math.ceil((atMs - layout.startMs) / layout.intervalMs);
}
