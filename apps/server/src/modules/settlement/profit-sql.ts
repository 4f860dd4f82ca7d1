import { type SQL, sql } from 'drizzle-orm';
import type { SettlementKind } from './weeks.js';

/**
 * Profit of play_daily rows aliased `d` (DOMAIN.md section 3): Σ(play − win) for draw games,
 * Σ rake for poker. Cast back to bigint: sums of int8 are numeric in SQL.
 */
export function profitSum(kind: SettlementKind): SQL {
  return kind === 'games' ? sql`sum(d.play_points_cents - d.win_points_cents)::bigint` : sql`sum(d.rake_cents)::bigint`;
}

/** Keeps the play_daily rows (`d`) of the kind's games. */
export function kindFilter(kind: SettlementKind): SQL {
  const gameKind = kind === 'games' ? 'draw' : 'poker';
  return sql`d.game_id IN (SELECT g.id FROM games g WHERE g.kind = ${gameKind})`;
}

/** Roles that earn a commission and are settled every week (everyone but players and the house). */
export const COMMISSIONED_ROLES = sql`('superadmin', 'admin', 'superareamanager', 'areamanager', 'master')`;
