CREATE TABLE "play_hours_by_manager" (
	"manager_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"first_members" integer NOT NULL,
	CONSTRAINT "play_hours_by_manager_manager_id_day_hour_pk" PRIMARY KEY("manager_id","day","hour")
);
--> statement-breakpoint

-- play_hours_by_manager: for each manager and IST day and hour, the play_hours and the first plays
-- (member_first_plays) whose parent is the manager or below it, as Today reads them for "the same
-- time last week" of a closed week (schema comment). Managers are the roles above master
-- (role < 'master'). Written with play_hours at the closing, from the rows just written.
CREATE FUNCTION settle_week_play_hours_by_manager(week date) RETURNS void LANGUAGE sql AS $$
  INSERT INTO play_hours_by_manager (manager_id, day, hour, plays, play_points_cents, win_points_cents, first_members)
  SELECT s.manager_id, s.day, s.hour, sum(s.plays)::int, sum(s.play_points_cents)::bigint, sum(s.win_points_cents)::bigint,
         sum(s.first_members)::int
    FROM (SELECT up.ancestor_id AS manager_id, h.day, h.hour, h.plays, h.play_points_cents, h.win_points_cents, 0 AS first_members
            FROM play_hours h
            JOIN account_closure up ON up.descendant_id = h.parent_id
            JOIN accounts k ON k.id = up.ancestor_id AND k.role < 'master'
           WHERE h.day >= week AND h.day < week + 7
          UNION ALL
          SELECT up.ancestor_id, f.day,
                 extract(hour FROM (f.first_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::smallint, 0, 0, 0, 1
            FROM member_first_plays f
            JOIN account_closure up ON up.descendant_id = f.parent_id
            JOIN accounts k ON k.id = up.ancestor_id AND k.role < 'master'
           WHERE f.day >= week AND f.day < week + 7) s
   GROUP BY s.manager_id, s.day, s.hour;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION settle_week_play_hours(week date) RETURNS void LANGUAGE sql SET work_mem = '64MB' AS $$
  INSERT INTO play_hours (day, hour, parent_id, plays, play_points_cents, win_points_cents)
  SELECT ist_day(x.played_at), extract(hour FROM (x.played_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::smallint,
         m.parent_id, count(*)::int, sum(x.play_points_cents)::bigint, sum(x.win_points_cents)::bigint
    FROM plays x
    JOIN accounts m ON m.id = x.member_id AND m.parent_id IS NOT NULL
   WHERE x.played_at >= ((week::timestamp - interval '5 hours 30 minutes') AT TIME ZONE 'UTC')
     AND x.played_at < ((week::timestamp + interval '7 days' - interval '5 hours 30 minutes') AT TIME ZONE 'UTC')
     AND x.booked_day IS NULL AND (x.voided_at IS NULL OR x.void_booked_day IS NOT NULL)
     AND x.game_id IN (SELECT g.id FROM games g WHERE g.kind = 'draw')
   GROUP BY 1, 2, 3;
  INSERT INTO member_first_plays (day, member_id, parent_id, first_at)
  SELECT ist_day(x.played_at), x.member_id, m.parent_id, min(x.played_at)
    FROM plays x
    JOIN accounts m ON m.id = x.member_id AND m.parent_id IS NOT NULL
   WHERE x.played_at >= ((week::timestamp - interval '5 hours 30 minutes') AT TIME ZONE 'UTC')
     AND x.played_at < ((week::timestamp + interval '7 days' - interval '5 hours 30 minutes') AT TIME ZONE 'UTC')
     AND x.booked_day IS NULL AND (x.voided_at IS NULL OR x.void_booked_day IS NOT NULL)
     AND x.game_id IN (SELECT g.id FROM games g WHERE g.kind = 'draw')
   GROUP BY 1, 2, 3;
  SELECT settle_week_play_hours_by_manager(week);
$$;
--> statement-breakpoint

-- A master or a manager that moves takes what is below it to its new parent's managers: a manager
-- its own rows (everything at or below it), a master the hours and first plays of its members.
-- Managers above both the old and the new parent gain and lose the same sums, which the grouping
-- cancels. A player's move changes nothing here: its rows keep the parent its week closed with.
CREATE FUNCTION accounts_after_move_manager_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO play_hours_by_manager AS b (manager_id, day, hour, plays, play_points_cents, win_points_cents, first_members)
  SELECT up.ancestor_id, s.day, s.hour, sum(m.sign * s.plays)::int, sum(m.sign * s.play_points_cents)::bigint,
         sum(m.sign * s.win_points_cents)::bigint, sum(m.sign * s.first_members)::int
    FROM (SELECT day, hour, plays, play_points_cents, win_points_cents, first_members
            FROM play_hours_by_manager WHERE manager_id = NEW.id
          UNION ALL
          SELECT day, hour, plays, play_points_cents, win_points_cents, 0
            FROM play_hours WHERE parent_id = NEW.id AND NEW.role = 'master'
          UNION ALL
          SELECT day, extract(hour FROM (first_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::smallint, 0, 0, 0, 1
            FROM member_first_plays WHERE parent_id = NEW.id AND NEW.role = 'master') s
   CROSS JOIN (VALUES (-1, OLD.parent_id), (1, NEW.parent_id)) AS m(sign, parent_id)
    JOIN account_closure up ON up.descendant_id = m.parent_id
    JOIN accounts k ON k.id = up.ancestor_id AND k.role < 'master'
   GROUP BY up.ancestor_id, s.day, s.hour
  HAVING sum(m.sign * s.plays) <> 0 OR sum(m.sign * s.play_points_cents) <> 0 OR sum(m.sign * s.win_points_cents) <> 0
      OR sum(m.sign * s.first_members) <> 0
  ON CONFLICT (manager_id, day, hour) DO UPDATE SET
    plays = b.plays + excluded.plays,
    play_points_cents = b.play_points_cents + excluded.play_points_cents,
    win_points_cents = b.win_points_cents + excluded.win_points_cents,
    first_members = b.first_members + excluded.first_members;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_after_move_manager_hours AFTER UPDATE OF parent_id ON accounts FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id AND NEW.role <> 'player') EXECUTE FUNCTION accounts_after_move_manager_hours();
--> statement-breakpoint

-- The weeks already closed, from their hours as they stand.
SELECT settle_week_play_hours_by_manager(d.week)
  FROM (SELECT DISTINCT ist_week_start(day) AS week FROM play_hours) d;
