-- Today's "same weekday last week, up to the same time" (docs/domain.md, "Insight") over a closed
-- week, fixed when the week closed: play_hours sums its draw-games plays per IST day, hour and the
-- member's parent, and member_first_plays keeps each member's first play of each day. Today adds
-- the hours before the time asked, the plays of its hour so far and the members whose first play
-- came by then, instead of reading every play of the day up to that time. The plays counted are
-- those play_daily counts at the closing: booked on their own day (not late), not voided while the
-- week was open; parents are those of the closing, as the other closed-week figures keep them (for
-- the week closed before this migration, those of the migration).

CREATE TABLE "member_first_plays" (
	"day" date NOT NULL,
	"member_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_first_plays_day_member_id_pk" PRIMARY KEY("day","member_id")
);
--> statement-breakpoint
CREATE TABLE "play_hours" (
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"parent_id" uuid NOT NULL,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	CONSTRAINT "play_hours_day_hour_parent_id_pk" PRIMARY KEY("day","hour","parent_id")
);
--> statement-breakpoint
ALTER TABLE "member_first_plays" ADD CONSTRAINT "member_first_plays_member_id_accounts_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_first_plays" ADD CONSTRAINT "member_first_plays_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_hours" ADD CONSTRAINT "play_hours_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_first_plays_day_first_idx" ON "member_first_plays" USING btree ("day","first_at");
--> statement-breakpoint

-- Written by the closing job (settlement/close-weeks.ts) in the week's closing transaction, and
-- below for the last week closed before this migration (Today reads the week before the current
-- one only). Two passes over the week's plays (437,000 on the large demo network: about a second
-- each), with the memory to group them without spilling to disk.
CREATE FUNCTION settle_week_play_hours(week date) RETURNS void LANGUAGE sql SET work_mem = '64MB' AS $$
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
$$;
--> statement-breakpoint
SELECT settle_week_play_hours(max(s.week_start)) FROM settled_weeks s WHERE s.kind = 'games' HAVING count(*) > 0;
--> statement-breakpoint

-- Final as the settlement rows are: never changed, and nothing added to a day whose week's
-- draw-games settlement is closed. The closing writes its rows before it marks the week closed.
CREATE FUNCTION refuse_day_rows_of_closed_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed_day date;
BEGIN
  SELECT n.day INTO closed_day
    FROM new_rows n JOIN settled_weeks s ON s.week_start = ist_week_start(n.day) AND s.kind = 'games'
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% rows cannot be added to %: its week is closed', TG_TABLE_NAME, closed_day
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER play_hours_closed_week AFTER INSERT ON play_hours REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_day_rows_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER play_hours_final BEFORE UPDATE OR DELETE ON play_hours FOR EACH ROW EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER play_hours_no_truncate BEFORE TRUNCATE ON play_hours FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER member_first_plays_closed_week AFTER INSERT ON member_first_plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_day_rows_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER member_first_plays_final BEFORE UPDATE OR DELETE ON member_first_plays FOR EACH ROW EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER member_first_plays_no_truncate BEFORE TRUNCATE ON member_first_plays FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_closed_week();
