-- network_play_minutes: play_hours and member_first_plays of the whole network per IST day and
-- minute of the day (schema comment). Today's "same time last week" of the superadmin read the
-- plays of the hour so far over the whole network (every play of that hour: 31 ms at 09:41 on the
-- xlarge network, 4.8 on the large one); it now reads that hour's minutes so far from here (at
-- most 59 rows) and the plays of the current minute only. Written by the closing with play_hours,
-- from the same plays (settle_week_play_hours calls settle_week_network_minutes last); the weeks
-- closed before are filled here from their plays. Never changed afterwards.

CREATE TABLE "network_play_minutes" (
	"day" date NOT NULL,
	"minute" smallint NOT NULL,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"first_members" integer NOT NULL,
	CONSTRAINT "network_play_minutes_day_minute_pk" PRIMARY KEY("day","minute")
);
--> statement-breakpoint
-- The minute of the IST day (0-1439) of an instant.
CREATE FUNCTION ist_minute_of_day(at timestamptz) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (extract(hour FROM (at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes') * 60
          + extract(minute FROM (at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes'))::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION settle_week_network_minutes(week date) RETURNS void LANGUAGE sql SET work_mem = '64MB' AS $$
  INSERT INTO network_play_minutes (day, minute, plays, play_points_cents, win_points_cents, first_members)
  SELECT s.day, s.minute, sum(s.plays)::int, sum(s.play_points_cents)::bigint, sum(s.win_points_cents)::bigint,
         sum(s.first_members)::int
    FROM (SELECT ist_day(x.played_at) AS day, ist_minute_of_day(x.played_at) AS minute, count(*) AS plays,
                 sum(x.play_points_cents) AS play_points_cents, sum(x.win_points_cents) AS win_points_cents, 0 AS first_members
            FROM plays x
            JOIN accounts m ON m.id = x.member_id AND m.parent_id IS NOT NULL
           WHERE x.played_at >= ((week::timestamp - interval '5 hours 30 minutes') AT TIME ZONE 'UTC')
             AND x.played_at < ((week::timestamp + interval '7 days' - interval '5 hours 30 minutes') AT TIME ZONE 'UTC')
             AND x.booked_day IS NULL AND (x.voided_at IS NULL OR x.void_booked_day IS NOT NULL)
             AND x.game_id IN (SELECT g.id FROM games g WHERE g.kind = 'draw')
           GROUP BY 1, 2
          UNION ALL
          SELECT f.day, ist_minute_of_day(f.first_at), 0, 0, 0, count(*)
            FROM member_first_plays f
           WHERE f.day >= week AND f.day < week + 7
           GROUP BY 1, 2) s
   GROUP BY s.day, s.minute;
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
  SELECT settle_week_network_minutes(week);
$$;
--> statement-breakpoint
-- The weeks closed already: those with hours.
SELECT settle_week_network_minutes(w.week)
  FROM (SELECT DISTINCT ist_week_start(day) AS week FROM play_hours) w
 ORDER BY w.week;
--> statement-breakpoint
CREATE TRIGGER network_play_minutes_final BEFORE DELETE OR UPDATE ON network_play_minutes FOR EACH ROW EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER network_play_minutes_no_truncate BEFORE TRUNCATE ON network_play_minutes FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_closed_week();
