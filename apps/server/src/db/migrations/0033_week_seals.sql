-- The closing in two steps (docs/decisions/0016-closing-in-parts.md). A finished week's
-- settlement is first *sealed*: a row here, written in a moment under the settlement lock taken
-- alone. From then on the feed books what still arrives for that week (a play, a poker hand, a
-- void) in the open week, as it does for a closed week, so the week's plays no longer change.
-- The closing then reads and writes the week from one snapshot while the feed runs, and deletes
-- the row in the transaction that marks the week in settled_weeks. A row left by a closing that
-- stopped half-way keeps the week sealed until the next run closes it.
CREATE TABLE "week_seals" (
	"week_start" date NOT NULL,
	"kind" "settlement_kind" NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "week_seals_week_start_kind_pk" PRIMARY KEY("week_start","kind")
);
--> statement-breakpoint

-- Nothing is booked in or taken from a sealed week, as from a closed one (refuse_plays_of_closed_week,
-- 0021): the days whose sums a statement changes, each row's contributions (play_contributions_sql)
-- on one side only. With no week sealed (nearly always) one look at an empty table.
CREATE FUNCTION refuse_plays_of_sealed_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  settlement settlement_kind := CASE TG_TABLE_NAME WHEN 'poker_hands' THEN 'poker'::settlement_kind ELSE 'games'::settlement_kind END;
  sealed_week date;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM week_seals s WHERE s.kind = settlement) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    EXECUTE format($q$
      SELECT s.week_start FROM (%1$s) c
        JOIN week_seals s ON s.kind = $1 AND s.week_start = ist_week_start(c.day)
       LIMIT 1$q$,
      play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows'))
      INTO sealed_week USING settlement;
  ELSE
    EXECUTE format($q$
      SELECT s.week_start
        FROM ((SELECT * FROM (%1$s) n EXCEPT ALL SELECT * FROM (%2$s) o)
              UNION ALL (SELECT * FROM (%2$s) o EXCEPT ALL SELECT * FROM (%1$s) n)) c
        JOIN week_seals s ON s.kind = $1 AND s.week_start = ist_week_start(c.day)
       LIMIT 1$q$,
      play_contributions_sql(TG_TABLE_NAME, 1, 'new_rows', 'id, played_at,'),
      play_contributions_sql(TG_TABLE_NAME, 1, 'old_rows', 'id, played_at,'))
      INTO sealed_week USING settlement;
  END IF;
  IF sealed_week IS NOT NULL THEN
    RAISE EXCEPTION '% rows cannot be booked in or taken from the week of %: it is being closed', TG_TABLE_NAME, sealed_week
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plays_sealed_week_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_sealed_week();
--> statement-breakpoint
CREATE TRIGGER plays_sealed_week_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_sealed_week();
--> statement-breakpoint
CREATE TRIGGER poker_hands_sealed_week_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_sealed_week();
--> statement-breakpoint
CREATE TRIGGER poker_hands_sealed_week_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_sealed_week();
