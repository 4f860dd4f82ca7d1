-- Completes the protection of closed weeks. 0001 refused UPDATE and DELETE of the three closing
-- tables and TRUNCATE of two of them; a closed week could still gain rows, and settled_weeks could
-- be emptied (the weeks then showed as open and the next closing run failed on its own rows).
-- A week recorded in settled_weeks is final: nothing is added to it afterwards. The closing job
-- writes a week's settled_weeks rows last in its transaction, so its own inserts pass.

CREATE FUNCTION refuse_settlements_of_closed_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed_week date;
BEGIN
  SELECT n.week_start INTO closed_week
    FROM new_rows n JOIN settled_weeks s ON s.week_start = n.week_start AND s.kind = n.kind
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'weekly_settlements rows cannot be added to the week of %: it is closed', closed_week
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER weekly_settlements_closed_week AFTER INSERT ON weekly_settlements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_settlements_of_closed_week();
--> statement-breakpoint

-- Loan deductions are taken by the draw-games settlement, but a week is closed as a whole: any
-- closing mark of the week refuses them.
CREATE FUNCTION refuse_deductions_of_closed_week() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed_week date;
BEGIN
  SELECT n.week_start INTO closed_week
    FROM new_rows n JOIN settled_weeks s ON s.week_start = n.week_start
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'loan_deductions rows cannot be added to the week of %: it is closed', closed_week
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loan_deductions_closed_week AFTER INSERT ON loan_deductions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_deductions_of_closed_week();
--> statement-breakpoint

CREATE TRIGGER settled_weeks_no_truncate BEFORE TRUNCATE ON settled_weeks FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_closed_week();
