-- Each master's draw-games profit in a closed week, and whether any of its members played at
-- another agent's cafe that week: weekly_play_totals' rows of the masters summed over their games.
-- Daily Status and Find Status over whole closed weeks read every master of the network as one
-- range of this key (one row a master and week) instead of a look-up per master in
-- weekly_play_totals (five rows a master and week, keyed by account first): on the xlarge network
-- the 5,999 look-ups of a week cost about 27 ms, half the statement.
--
-- weekly_play_totals rows are inserted once, by the closing of their week, and never changed
-- (refuse_change_to_closed_week): a statement-level trigger on their inserts keeps this table, as
-- cafe_week_totals is kept (0043). A master's role never changes, so the rows of the masters of the
-- closing are those of the masters now. Never written directly.

CREATE TABLE "weekly_master_profit" (
	"week_start" date NOT NULL,
	"master_id" uuid NOT NULL,
	"profit_cents" bigint NOT NULL,
	"played_elsewhere" boolean NOT NULL,
	CONSTRAINT "weekly_master_profit_week_start_master_id_pk" PRIMARY KEY("week_start","master_id")
);
--> statement-breakpoint
ALTER TABLE "weekly_master_profit" ADD CONSTRAINT "weekly_master_profit_master_id_accounts_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION weekly_master_profit_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO weekly_master_profit AS w (week_start, master_id, profit_cents, played_elsewhere)
  SELECT n.week_start, n.account_id, sum(n.play_points_cents - n.win_points_cents)::bigint,
         bool_or(n.other_play_points_cents > 0)
    FROM new_rows n
    JOIN accounts a ON a.id = n.account_id AND a.role = 'master'
    JOIN games g ON g.id = n.game_id AND g.kind = 'draw'
   WHERE n.kind = 'games'
   GROUP BY n.week_start, n.account_id
   ORDER BY n.week_start, n.account_id
  ON CONFLICT (week_start, master_id) DO UPDATE SET
    profit_cents = w.profit_cents + excluded.profit_cents,
    played_elsewhere = w.played_elsewhere OR excluded.played_elsewhere;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER weekly_play_totals_master_profit AFTER INSERT ON weekly_play_totals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION weekly_master_profit_fold();
--> statement-breakpoint
-- The weeks closed before this migration, from what their closings fixed.
INSERT INTO weekly_master_profit (week_start, master_id, profit_cents, played_elsewhere)
SELECT t.week_start, t.account_id, sum(t.play_points_cents - t.win_points_cents)::bigint,
       bool_or(t.other_play_points_cents > 0)
  FROM weekly_play_totals t
  JOIN accounts a ON a.id = t.account_id AND a.role = 'master'
  JOIN games g ON g.id = t.game_id AND g.kind = 'draw'
 WHERE t.kind = 'games'
 GROUP BY t.week_start, t.account_id
 ORDER BY t.week_start, t.account_id;
--> statement-breakpoint
CREATE TRIGGER weekly_master_profit_direct_write BEFORE INSERT OR UPDATE OR DELETE ON weekly_master_profit FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
--> statement-breakpoint
CREATE TRIGGER weekly_master_profit_no_truncate BEFORE TRUNCATE ON weekly_master_profit FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_kept_write();
