import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.js';

/** One master with one player and one cafe; plays on the given instants (ISO), 10.00 points each, no win. */
export async function insertTinyNetwork(db: Db, playedAt: readonly string[]): Promise<{ masterId: string }> {
  const [sa] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO accounts (username, role) VALUES ('top', 'superadmin') RETURNING id`,
  );
  const [master] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO accounts (username, role, parent_id, commission) VALUES ('tinymaster', 'master', ${sa!.id}, 20) RETURNING id`,
  );
  const [player] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO accounts (username, role, parent_id) VALUES ('tinyplayer', 'player', ${master!.id}) RETURNING id`,
  );
  const [cafe] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO cafes (master_id, name) VALUES (${master!.id}, 'tiny') RETURNING id`,
  );
  for (const at of playedAt) {
    await db.execute(
      sql`INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at)
          VALUES (${player!.id}, ${cafe!.id}, 1, 1000, 0, ${at}::timestamptz)`,
    );
  }
  return { masterId: master!.id };
}
