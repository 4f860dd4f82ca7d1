-- What the plays of a closed week were, fixed when the week closed: per account (its whole
-- subtree, its own plays included), its parent at that time, and game. Reports about a closed
-- week (the member lists of the mail reports and the week popup, points by game, late profit,
-- Daily Status over whole weeks) read these rows instead of summing the daily roll-ups, so a
-- closed week costs the same at any size of network. Open weeks keep reading the roll-ups.
-- `other_*`: the plays made at a cafe whose master is not the member's parent; `late_*`: late
-- plays and hands booked into the week (DOMAIN.md section 10), already inside the other sums.

CREATE TABLE "weekly_play_totals" (
	"week_start" date NOT NULL,
	"kind" "settlement_kind" NOT NULL,
	"account_id" uuid NOT NULL,
	"parent_id" uuid,
	"game_id" smallint NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"rake_cents" bigint NOT NULL,
	"other_play_points_cents" bigint NOT NULL,
	"other_win_points_cents" bigint NOT NULL,
	"late_play_points_cents" bigint NOT NULL,
	"late_win_points_cents" bigint NOT NULL,
	"late_rake_cents" bigint NOT NULL,
	CONSTRAINT "weekly_play_totals_account_id_week_start_game_id_pk" PRIMARY KEY("account_id","week_start","game_id")
);
--> statement-breakpoint
ALTER TABLE "weekly_play_totals" ADD CONSTRAINT "weekly_play_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_play_totals" ADD CONSTRAINT "weekly_play_totals_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_play_totals" ADD CONSTRAINT "weekly_play_totals_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weekly_play_totals_parent_week_idx" ON "weekly_play_totals" USING btree ("parent_id","week_start");--> statement-breakpoint

-- Writes one settlement's totals of one week from the roll-ups as they stand. The closing job
-- calls it inside the week's closing transaction (settlement/close-weeks.ts), before it marks
-- the week closed. The plays below an account are the roll-up-by-parent rows of every account in
-- its subtree (the closure counts each row for its parent and every account above); its own
-- plays come from play_daily; late rows from plays and poker_hands by their booking day.
CREATE FUNCTION settle_week_play_totals(week date, settlement settlement_kind) RETURNS void LANGUAGE sql AS $$
  INSERT INTO weekly_play_totals (week_start, kind, account_id, parent_id, game_id, play_points_cents, win_points_cents,
                                  rake_cents, other_play_points_cents, other_win_points_cents, late_play_points_cents,
                                  late_win_points_cents, late_rake_cents)
  SELECT week, settlement, x.account_id, a.parent_id, x.game_id, sum(x.play), sum(x.win), sum(x.rake), sum(x.other_play),
         sum(x.other_win), sum(x.late_play), sum(x.late_win), sum(x.late_rake)
    FROM (SELECT c.ancestor_id AS account_id, p.game_id, p.play_points_cents AS play, p.win_points_cents AS win,
                 p.rake_cents AS rake, p.other_play_points_cents AS other_play, p.other_win_points_cents AS other_win,
                 0::bigint AS late_play, 0::bigint AS late_win, 0::bigint AS late_rake
            FROM play_daily_by_parent p
            JOIN account_closure c ON c.descendant_id = p.parent_id
           WHERE p.day >= week AND p.day <= week + 6
          UNION ALL
          SELECT d.member_id, d.game_id, d.play_points_cents, d.win_points_cents, d.rake_cents,
                 CASE WHEN cf.master_id IS DISTINCT FROM m.parent_id THEN d.play_points_cents ELSE 0 END,
                 CASE WHEN cf.master_id IS DISTINCT FROM m.parent_id THEN d.win_points_cents ELSE 0 END, 0, 0, 0
            FROM play_daily d
            JOIN accounts m ON m.id = d.member_id
            LEFT JOIN cafes cf ON cf.id = d.cafe_id
           WHERE d.day >= week AND d.day <= week + 6
          UNION ALL
          SELECT c.ancestor_id, l.game_id, 0, 0, 0, 0, 0, l.play_points_cents, l.win_points_cents, 0
            FROM plays l
            JOIN account_closure c ON c.descendant_id = l.member_id
           WHERE l.booked_day >= week AND l.booked_day <= week + 6
          UNION ALL
          SELECT c.ancestor_id, (SELECT g.id FROM games g WHERE g.kind = 'poker'), 0, 0, 0, 0, 0, 0, 0, h.rake_cents
            FROM poker_hands h
            JOIN account_closure c ON c.descendant_id = h.member_id
           WHERE h.booked_day >= week AND h.booked_day <= week + 6) x
    JOIN accounts a ON a.id = x.account_id
    JOIN games g ON g.id = x.game_id
   WHERE g.kind = (CASE settlement WHEN 'games' THEN 'draw' ELSE 'poker' END)::game_kind
   GROUP BY x.account_id, a.parent_id, x.game_id
$$;
--> statement-breakpoint

-- The weeks closed before this migration, from the roll-ups as they stand now (an account moved
-- since such a week closed is counted under its new parent; weeks closed from now on keep the
-- tree of their closing).
SELECT settle_week_play_totals(week_start, kind) FROM settled_weeks ORDER BY week_start, kind;
--> statement-breakpoint

-- Final as the settlement rows are: never changed, and nothing added to a week already closed.
CREATE FUNCTION refuse_rows_of_closed_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed_week date;
BEGIN
  SELECT n.week_start INTO closed_week
    FROM new_rows n JOIN settled_weeks s ON s.week_start = n.week_start AND s.kind = n.kind
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '% rows cannot be added to the week of %: it is closed', TG_TABLE_NAME, closed_week
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER weekly_play_totals_closed_week AFTER INSERT ON weekly_play_totals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_rows_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER weekly_play_totals_final BEFORE UPDATE OR DELETE ON weekly_play_totals FOR EACH ROW EXECUTE FUNCTION refuse_change_to_closed_week();
--> statement-breakpoint
CREATE TRIGGER weekly_play_totals_no_truncate BEFORE TRUNCATE ON weekly_play_totals FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_closed_week();
