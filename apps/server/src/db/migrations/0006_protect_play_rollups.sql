-- play_daily and play_daily_by_parent are pure functions of plays and poker_hands, kept by the fold
-- triggers (0001, 0003, 0004). A direct write to a roll-up, or a TRUNCATE of a source (which fires
-- no DELETE trigger), would let the totals drift from the rows they sum: both are refused.

-- The folds write the roll-ups from inside a trigger on their source, so this statement trigger
-- runs nested (depth 2 or more); a statement issued directly runs it at depth 1. No fold truncates.
CREATE FUNCTION refuse_direct_rollup_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION '% is kept by the roll-up triggers from plays and poker_hands and cannot be written directly', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER play_daily_direct_write BEFORE INSERT OR UPDATE OR DELETE ON play_daily FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER play_daily_no_truncate BEFORE TRUNCATE ON play_daily FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_parent_direct_write BEFORE INSERT OR UPDATE OR DELETE ON play_daily_by_parent FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint
CREATE TRIGGER play_daily_by_parent_no_truncate BEFORE TRUNCATE ON play_daily_by_parent FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_rollup_write();
--> statement-breakpoint

CREATE FUNCTION refuse_truncate_of_rolled_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% cannot be truncated: the play roll-ups sum its rows (delete them instead)', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER plays_no_truncate BEFORE TRUNCATE ON plays FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_rolled_up();
--> statement-breakpoint
CREATE TRIGGER poker_hands_no_truncate BEFORE TRUNCATE ON poker_hands FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_rolled_up();
