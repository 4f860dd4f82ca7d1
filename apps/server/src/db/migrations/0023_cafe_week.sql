-- Cafe Profit of a closed week, fixed when the week closed: one row per cafe with draw-games plays
-- that week, with the figures the report shows (plays, stake, wins, the profit of the owner's own
-- members and of other agents' members, the members who played). The closing job writes them in
-- the week's closing transaction (settlement/close-weeks.ts) with the rule the live report sums
-- with (play-sums' cafeSums and playsAtCafe); Cafe Profit over exactly a closed week reads them
-- instead of summing a week of play_daily. Own and other follow the member's parent at closing.

CREATE TABLE "cafe_week" (
	"week_start" date NOT NULL,
	"cafe_id" uuid NOT NULL,
	"plays" bigint NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"own_profit_cents" bigint NOT NULL,
	"other_profit_cents" bigint NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "cafe_week_week_start_cafe_id_pk" PRIMARY KEY("week_start","cafe_id")
);
--> statement-breakpoint
ALTER TABLE "cafe_week" ADD CONSTRAINT "cafe_week_cafe_id_cafes_id_fk" FOREIGN KEY ("cafe_id") REFERENCES "public"."cafes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint

-- The draw-games weeks closed before this migration, from the roll-ups as they stand now (a member
-- moved since such a week closed counts for its new parent; weeks closed from now on keep the
-- parents of their closing). The rule of cafeSums and playsAtCafe at this migration, written out.
INSERT INTO cafe_week (week_start, cafe_id, plays, play_points_cents, win_points_cents, own_profit_cents,
                       other_profit_cents, members)
SELECT s.week_start, cf.id,
       coalesce(sum(d.plays), 0)::bigint,
       coalesce(sum(d.play_points_cents), 0)::bigint,
       coalesce(sum(d.win_points_cents), 0)::bigint,
       coalesce(sum(d.play_points_cents - d.win_points_cents) FILTER (WHERE m.parent_id = cf.master_id)::bigint, 0),
       coalesce(sum(d.play_points_cents - d.win_points_cents) FILTER (WHERE m.parent_id IS DISTINCT FROM cf.master_id)::bigint, 0),
       count(DISTINCT d.member_id) FILTER (WHERE d.plays > 0)
  FROM settled_weeks s
  JOIN play_daily d
    ON d.day >= s.week_start AND d.day <= s.week_start + 6
   AND d.game_id IN (SELECT g.id FROM games g WHERE g.kind = 'draw')
  JOIN cafes cf ON cf.id = d.cafe_id
  LEFT JOIN accounts m ON m.id = d.member_id
 WHERE s.kind = 'games'
 GROUP BY s.week_start, cf.id;
--> statement-breakpoint

-- Final as the settlement rows are: never changed, and nothing added to a week whose draw-games
-- settlement is closed. The closing writes its rows before it marks the week closed.
CREATE FUNCTION refuse_cafe_rows_of_closed_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed_week date;
BEGIN
  SELECT n.week_start INTO closed_week
    FROM new_rows n JOIN settled_weeks s ON s.week_start = n.week_start AND s.kind = 'games'
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'cafe_week rows cannot be added to the week of %: it is closed', closed_week
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cafe_week_closed_week AFTER INSERT ON cafe_week REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_cafe_rows_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER cafe_week_final BEFORE UPDATE OR DELETE ON cafe_week FOR EACH ROW EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER cafe_week_no_truncate BEFORE TRUNCATE ON cafe_week FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_closed_week();
