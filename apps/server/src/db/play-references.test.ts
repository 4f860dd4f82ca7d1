import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../test/fixtures/network.js';
import { createTestDatabase, databaseError, TEST_DB_KINDS, type TestDatabase } from '../../test/test-db.js';
import { queryRows } from './client.js';

/**
 * Plays, poker hands and feed events check what they name once per statement (migration 0012),
 * not once per row as a foreign key would: a statement naming a missing account, cafe, game,
 * draw or feed key is refused whole, and the rows they may name are never deleted nor given
 * another id. The closed-week rule looks at a statement's range of days first; a statement whose
 * range spans a closed week without a row in it still goes through.
 */
const NO_SUCH = '00000000-0000-4000-8000-000000000000';
const CLOSED_MONDAY = '2025-03-03';
const OPEN_DAY = '2025-03-12T10:00:00+05:30';

describe.each(TEST_DB_KINDS)('references of plays, hands and feed events on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  let drawId = 0;
  let keyId = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    Object.assign(
      ids,
      await createAccounts(database.db, [
        ['superadmin', 'superadmin', null],
        ['master1', 'master', 'superadmin'],
        ['player1', 'player', 'master1'],
      ]),
    );
    const [cafe] = await queryRows<{ id: string }>(
      db(),
      sql`INSERT INTO cafes (master_id, name) VALUES (${ids.master1!}, 'cafe1') RETURNING id`,
    );
    ids.cafe1 = cafe!.id;
    const [draw] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO draws (game_id, draw_time) VALUES (1, ${OPEN_DAY}::timestamptz) RETURNING id`,
    );
    drawId = Number(draw!.id);
    const [key] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO feed_keys (name, key_hash, created_at) VALUES ('platform', 'hash', now()) RETURNING id`,
    );
    keyId = Number(key!.id);
    await db().execute(
      sql`INSERT INTO settled_weeks (week_start, kind) VALUES (${CLOSED_MONDAY}, 'games'), (${CLOSED_MONDAY}, 'poker')`,
    );
  });
  afterAll(async () => database?.destroy());

  /** Inserts plays in one statement: [member, cafe, game, draw, played at]. */
  function insertPlays(rows: [string, string, number, number | null, string][]) {
    const json = JSON.stringify(rows.map(([m, c, g, d, t]) => ({ m, c, g, d, t })));
    return db().execute(sql`
      INSERT INTO plays (member_id, cafe_id, game_id, draw_id, play_points_cents, win_points_cents, played_at)
      SELECT r.m, r.c, r.g, r.d, 100, 0, r.t FROM json_to_recordset(${json}::json) AS r(m uuid, c uuid, g smallint, d bigint, t timestamptz)`);
  }

  const counts = async () =>
    (
      await queryRows<{ plays: number; daily: number }>(
        db(),
        sql`SELECT (SELECT count(*) FROM plays)::int AS plays, (SELECT coalesce(sum(plays), 0) FROM play_daily)::int AS daily`,
      )
    )[0]!;

  it('refuses a statement that names a missing account, cafe, game or draw, whole', async () => {
    const good: [string, string, number, number | null, string] = [ids.player1!, ids.cafe1!, 1, drawId, OPEN_DAY];
    await insertPlays([good]);
    const before = await counts();
    expect(before).toEqual({ plays: 1, daily: 1 });
    const cases: [[string, string, number, number | null, string], string][] = [
      [[NO_SUCH, ids.cafe1!, 1, drawId, OPEN_DAY], 'plays.member_id names a row that does not exist'],
      [[ids.player1!, NO_SUCH, 1, drawId, OPEN_DAY], 'plays.cafe_id names a row that does not exist'],
      [[ids.player1!, ids.cafe1!, 99, null, OPEN_DAY], 'plays.game_id names a row that does not exist'],
      [[ids.player1!, ids.cafe1!, 1, drawId + 1000, OPEN_DAY], 'plays.draw_id names a row that does not exist'],
    ];
    for (const [bad, message] of cases) {
      // The bad row among good ones: nothing of the statement is written.
      expect(await databaseError(insertPlays([good, bad, good]))).toBe(message);
    }
    expect(await counts()).toEqual(before);
    expect(await databaseError(db().execute(sql`UPDATE plays SET member_id = ${NO_SUCH}`)), 'an update is checked too').toBe(
      'plays.member_id names a row that does not exist',
    );
  });

  it('refuses a poker hand at a missing cafe and a feed event of a missing key', async () => {
    expect(
      await databaseError(
        db().execute(sql`INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at)
                         VALUES (${ids.player1!}, ${NO_SUCH}, 10, 1, ${OPEN_DAY}::timestamptz)`),
      ),
    ).toBe('poker_hands.cafe_id names a row that does not exist');
    expect(
      await databaseError(
        db().execute(sql`INSERT INTO feed_events (id, key_id, type, body_hash, applied_at)
                         VALUES ('e1', ${keyId}, 'play', 'h', now()), ('e2', ${keyId + 1}, 'play', 'h', now())`),
      ),
    ).toBe('feed_events.key_id names a row that does not exist');
    const [left] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM feed_events`);
    expect(left!.n).toBe(0);
  });

  it('never deletes nor renumbers the rows they name', async () => {
    const attempts = [
      [
        sql`DELETE FROM accounts WHERE id = ${ids.player1!}`,
        'accounts rows are never deleted: plays, poker hands and feed events name them',
      ],
      [sql`DELETE FROM cafes`, 'cafes rows are never deleted: plays, poker hands and feed events name them'],
      [sql`DELETE FROM draws WHERE id = ${drawId}`, 'draws rows are never deleted: plays, poker hands and feed events name them'],
      [sql`DELETE FROM games WHERE id = 4`, 'games rows are never deleted: plays, poker hands and feed events name them'],
      [sql`DELETE FROM feed_keys`, 'feed_keys rows are never deleted: plays, poker hands and feed events name them'],
      [
        sql`UPDATE draws SET id = id + 1000 WHERE id = ${drawId}`,
        'the id of draws rows never changes: plays, poker hands and feed events name them',
      ],
      [sql`UPDATE cafes SET id = ${NO_SUCH}`, 'the id of cafes rows never changes: plays, poker hands and feed events name them'],
    ] as const;
    for (const [statement, message] of attempts) expect(await databaseError(db().execute(statement))).toBe(message);
    // Other changes to them go on as before.
    await db().execute(sql`UPDATE draws SET drawno = '7' WHERE id = ${drawId}`);
    await db().execute(sql`UPDATE feed_keys SET revoked_at = now() WHERE id = ${keyId}`);
  });

  it('checks the closed week of each row only where the range of the statement meets one', async () => {
    const before = await counts();
    // 2025-02-25 and 2025-03-11 lie either side of the closed week: the range spans it, no row is in it.
    await insertPlays([
      [ids.player1!, ids.cafe1!, 2, null, '2025-02-25T10:00:00+05:30'],
      [ids.player1!, ids.cafe1!, 2, null, '2025-03-11T10:00:00+05:30'],
    ]);
    expect(await counts()).toEqual({ plays: before.plays + 2, daily: before.daily + 2 });
    // One row in the closed week (its Sunday, 23:59 IST) among open ones: refused whole.
    expect(
      await databaseError(
        insertPlays([
          [ids.player1!, ids.cafe1!, 2, null, '2025-03-11T10:00:00+05:30'],
          [ids.player1!, ids.cafe1!, 2, null, '2025-03-09T23:59:00+05:30'],
        ]),
      ),
    ).toBe(`plays rows cannot be booked in or taken from the week of ${CLOSED_MONDAY}: it is closed`);
    // Played in the closed week but booked on an open day (a late play): accepted.
    await db().execute(sql`
      INSERT INTO plays (member_id, cafe_id, game_id, play_points_cents, win_points_cents, played_at, booked_day)
      VALUES (${ids.player1!}, ${ids.cafe1!}, 2, 100, 0, '2025-03-05T10:00:00+05:30', '2025-03-12')`);
    // Booked into the closed week: refused.
    expect(
      await databaseError(
        db().execute(sql`
          INSERT INTO poker_hands (member_id, cafe_id, pot_cents, rake_cents, played_at, booked_day)
          VALUES (${ids.player1!}, ${ids.cafe1!}, 10, 1, '2025-03-12T10:00:00+05:30', '2025-03-04')`),
      ),
    ).toBe(`poker_hands rows cannot be booked in or taken from the week of ${CLOSED_MONDAY}: it is closed`);
    expect(await counts()).toEqual({ plays: before.plays + 3, daily: before.daily + 3 });
  });
});
