-- plays and poker_hands partitioned by month (docs/deploy.md, "Old months"): one partition per IST
-- calendar month of played_at, and a DEFAULT partition for any time no month partition covers yet,
-- so no row is ever refused. The server creates the coming months ahead of time
-- (ensure_play_month_partitions, called at start and hourly). Reports read the roll-ups and the
-- closed weeks' settlement rows, never these tables, so an old month can be detached and archived.
--
-- A unique index on a partitioned table must include the partition key, so the platform's ids
-- (playId, handId: unique for ever) are kept in two small registries, play_platform_ids and
-- poker_hand_platform_ids, written by triggers on plays and poker_hands in the same statement.
--
-- The existing rows move in this migration's transaction: the old tables are renamed, the
-- partitioned ones created with a partition for every month that has rows, the rows copied, the
-- old tables dropped. The roll-up triggers are created after the copy, so play_daily and
-- play_daily_by_parent, which already sum these rows, do not change.

ALTER TABLE plays RENAME TO plays_unpartitioned;
--> statement-breakpoint
ALTER TABLE poker_hands RENAME TO poker_hands_unpartitioned;
--> statement-breakpoint

CREATE TABLE plays (
	id bigint DEFAULT nextval('plays_id_seq'::regclass) NOT NULL,
	member_id uuid NOT NULL,
	cafe_id uuid NOT NULL,
	game_id smallint NOT NULL,
	draw_id bigint,
	play_points_cents bigint NOT NULL,
	win_points_cents bigint DEFAULT 0 NOT NULL,
	played_at timestamp with time zone NOT NULL,
	booked_day date,
	platform_id text,
	CONSTRAINT plays_points_nonnegative CHECK (play_points_cents > 0 AND win_points_cents >= 0)
) PARTITION BY RANGE (played_at);
--> statement-breakpoint
ALTER SEQUENCE plays_id_seq OWNED BY plays.id;
--> statement-breakpoint

CREATE TABLE poker_hands (
	id bigint DEFAULT nextval('poker_hands_id_seq'::regclass) NOT NULL,
	member_id uuid NOT NULL,
	cafe_id uuid NOT NULL,
	pot_cents bigint NOT NULL,
	rake_cents bigint NOT NULL,
	played_at timestamp with time zone NOT NULL,
	booked_day date,
	platform_id text,
	CONSTRAINT poker_hands_rake_range CHECK (rake_cents >= 0 AND rake_cents <= pot_cents)
) PARTITION BY RANGE (played_at);
--> statement-breakpoint
ALTER SEQUENCE poker_hands_id_seq OWNED BY poker_hands.id;
--> statement-breakpoint

-- ---------------------------------------------------------------- partitions

-- The partitions are written through their parent only: the parent's statement triggers keep the
-- roll-ups and refuse closed weeks, and a statement naming a partition would fire none of them.
-- Moving rows out of the DEFAULT partition (below) is the one direct write; it sets
-- playrep.partition_maintenance for its transaction.
CREATE FUNCTION refuse_direct_partition_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR current_setting('playrep.partition_maintenance', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION '% is a month partition: write to plays or poker_hands (their triggers keep the roll-ups)', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The partition of `parent` (plays or poker_hands) for the IST calendar month holding `any_day`:
-- played_at from the month's first day 00:00 IST to the next month's. Rows already in the DEFAULT
-- partition for that month move into it. Returns false when it exists already.
CREATE FUNCTION create_play_month_partition(parent text, any_day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day date := date_trunc('month', any_day::timestamp)::date;
  part text := parent || '_' || to_char(first_day, 'YYYY_MM');
  lower_bound text := to_char(first_day, 'YYYY-MM-DD') || ' 00:00:00+05:30';
  upper_bound text := to_char(first_day + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+05:30';
  fallback text := parent || '_default';
BEGIN
  IF parent NOT IN ('plays', 'poker_hands') THEN
    RAISE EXCEPTION 'only plays and poker_hands are partitioned by month, not %', parent;
  END IF;
  IF to_regclass('public.' || quote_ident(part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, parent);
  IF to_regclass('public.' || quote_ident(fallback)) IS NOT NULL THEN
    PERFORM set_config('playrep.partition_maintenance', 'on', true);
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE played_at >= %L AND played_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
                   fallback, lower_bound, upper_bound, part);
    PERFORM set_config('playrep.partition_maintenance', 'off', true);
  END IF;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, lower_bound, upper_bound);
  EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_partition_write()',
                 part || '_direct_write', part);
  RETURN true;
END $$;
--> statement-breakpoint

-- Both tables' partitions for `months` consecutive months from the one holding `first_month`, and
-- for every month that has rows in a DEFAULT partition (they move in); returns the names of the
-- partitions it created. The server calls it at start and hourly for the current IST month and
-- the next three (db/partitions.ts).
CREATE FUNCTION ensure_play_month_partitions(first_month date, months integer) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  month_start date;
  parent text;
BEGIN
  FOR month_start IN
    SELECT generate_series(date_trunc('month', first_month::timestamp), date_trunc('month', first_month::timestamp) + (months - 1) * interval '1 month', interval '1 month')::date
    UNION
    SELECT date_trunc('month', ist_day(played_at)::timestamp)::date FROM plays_default
    UNION
    SELECT date_trunc('month', ist_day(played_at)::timestamp)::date FROM poker_hands_default
    ORDER BY 1
  LOOP
    FOREACH parent IN ARRAY ARRAY['plays', 'poker_hands'] LOOP
      IF create_play_month_partition(parent, month_start) THEN
        RETURN NEXT parent || '_' || to_char(month_start, 'YYYY_MM');
      END IF;
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint

CREATE TABLE plays_default PARTITION OF plays DEFAULT;
--> statement-breakpoint
CREATE TRIGGER plays_default_direct_write BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON plays_default FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_partition_write();
--> statement-breakpoint
CREATE TABLE poker_hands_default PARTITION OF poker_hands DEFAULT;
--> statement-breakpoint
CREATE TRIGGER poker_hands_default_direct_write BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON poker_hands_default FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_partition_write();
--> statement-breakpoint

-- Every month that has rows, and the current one (the server makes the next ones at start).
SELECT count(*) FROM (
  SELECT create_play_month_partition('plays', m) FROM (SELECT DISTINCT date_trunc('month', ist_day(played_at)::timestamp)::date AS m FROM plays_unpartitioned) x
  UNION ALL
  SELECT create_play_month_partition('poker_hands', m) FROM (SELECT DISTINCT date_trunc('month', ist_day(played_at)::timestamp)::date AS m FROM poker_hands_unpartitioned) x
  UNION ALL
  SELECT count(*) > 0 FROM ensure_play_month_partitions(ist_day(now()), 1)
) created;
--> statement-breakpoint

-- ---------------------------------------------------------------- the rows move

INSERT INTO plays (id, member_id, cafe_id, game_id, draw_id, play_points_cents, win_points_cents, played_at, booked_day, platform_id)
  SELECT id, member_id, cafe_id, game_id, draw_id, play_points_cents, win_points_cents, played_at, booked_day, platform_id
    FROM plays_unpartitioned;
--> statement-breakpoint
INSERT INTO poker_hands (id, member_id, cafe_id, pot_cents, rake_cents, played_at, booked_day, platform_id)
  SELECT id, member_id, cafe_id, pot_cents, rake_cents, played_at, booked_day, platform_id
    FROM poker_hands_unpartitioned;
--> statement-breakpoint

-- The platform ids, before the old tables (and their unique indexes) go.
CREATE TABLE play_platform_ids (platform_id text PRIMARY KEY);
--> statement-breakpoint
CREATE TABLE poker_hand_platform_ids (platform_id text PRIMARY KEY);
--> statement-breakpoint
INSERT INTO play_platform_ids (platform_id) SELECT platform_id FROM plays_unpartitioned WHERE platform_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO poker_hand_platform_ids (platform_id) SELECT platform_id FROM poker_hands_unpartitioned WHERE platform_id IS NOT NULL;
--> statement-breakpoint

DROP TABLE plays_unpartitioned;
--> statement-breakpoint
DROP TABLE poker_hands_unpartitioned;
--> statement-breakpoint

-- ---------------------------------------------------------------- keys and indexes (each partition gets its own)

ALTER TABLE plays ADD CONSTRAINT plays_id_played_at_pk PRIMARY KEY (id, played_at);
--> statement-breakpoint
ALTER TABLE poker_hands ADD CONSTRAINT poker_hands_id_played_at_pk PRIMARY KEY (id, played_at);
--> statement-breakpoint
ALTER TABLE plays ADD CONSTRAINT plays_member_id_accounts_id_fk FOREIGN KEY (member_id) REFERENCES public.accounts(id) ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE plays ADD CONSTRAINT plays_cafe_id_cafes_id_fk FOREIGN KEY (cafe_id) REFERENCES public.cafes(id) ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE plays ADD CONSTRAINT plays_game_id_games_id_fk FOREIGN KEY (game_id) REFERENCES public.games(id) ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE plays ADD CONSTRAINT plays_draw_id_draws_id_fk FOREIGN KEY (draw_id) REFERENCES public.draws(id) ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE poker_hands ADD CONSTRAINT poker_hands_member_id_accounts_id_fk FOREIGN KEY (member_id) REFERENCES public.accounts(id) ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE poker_hands ADD CONSTRAINT poker_hands_cafe_id_cafes_id_fk FOREIGN KEY (cafe_id) REFERENCES public.cafes(id) ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX plays_member_played_idx ON plays USING btree (member_id, played_at);
--> statement-breakpoint
CREATE INDEX plays_cafe_played_idx ON plays USING btree (cafe_id, played_at);
--> statement-breakpoint
CREATE INDEX plays_late_idx ON plays USING btree (booked_day) WHERE booked_day IS NOT NULL;
--> statement-breakpoint
CREATE INDEX poker_hands_member_played_idx ON poker_hands USING btree (member_id, played_at);
--> statement-breakpoint
CREATE INDEX poker_hands_late_idx ON poker_hands USING btree (booked_day) WHERE booked_day IS NOT NULL;
--> statement-breakpoint

-- ---------------------------------------------------------------- triggers (functions of 0001-0009)

CREATE TRIGGER plays_fold_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_fold();
--> statement-breakpoint
CREATE TRIGGER plays_fold_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_fold();
--> statement-breakpoint
CREATE TRIGGER plays_fold_delete AFTER DELETE ON plays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plays_fold();
--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION poker_hands_fold();
--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION poker_hands_fold();
--> statement-breakpoint
CREATE TRIGGER poker_hands_fold_delete AFTER DELETE ON poker_hands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION poker_hands_fold();
--> statement-breakpoint
CREATE TRIGGER plays_closed_week_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER plays_closed_week_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER plays_closed_week_delete AFTER DELETE ON plays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER poker_hands_closed_week_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER poker_hands_closed_week_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER poker_hands_closed_week_delete AFTER DELETE ON poker_hands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_plays_of_closed_week();
--> statement-breakpoint
CREATE TRIGGER plays_no_truncate BEFORE TRUNCATE ON plays FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_rolled_up();
--> statement-breakpoint
CREATE TRIGGER poker_hands_no_truncate BEFORE TRUNCATE ON poker_hands FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_rolled_up();
--> statement-breakpoint

-- ---------------------------------------------------------------- the platform ids

-- A row's platform id enters its registry with the row (a second row with that id fails on the
-- registry's primary key, as it did on the unique index before) and leaves it when the row is
-- deleted or given another id. Detaching a month fires no trigger: its ids stay registered, so
-- the platform cannot send an archived play again.
CREATE FUNCTION register_platform_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE registry text := CASE TG_TABLE_NAME WHEN 'plays' THEN 'play_platform_ids' ELSE 'poker_hand_platform_ids' END;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('DELETE FROM %I k USING old_rows o WHERE k.platform_id = o.platform_id', registry);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('INSERT INTO %I (platform_id) SELECT platform_id FROM new_rows WHERE platform_id IS NOT NULL', registry);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plays_platform_ids_insert AFTER INSERT ON plays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION register_platform_ids();
--> statement-breakpoint
CREATE TRIGGER plays_platform_ids_update AFTER UPDATE ON plays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION register_platform_ids();
--> statement-breakpoint
CREATE TRIGGER plays_platform_ids_delete AFTER DELETE ON plays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION register_platform_ids();
--> statement-breakpoint
CREATE TRIGGER poker_hands_platform_ids_insert AFTER INSERT ON poker_hands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION register_platform_ids();
--> statement-breakpoint
CREATE TRIGGER poker_hands_platform_ids_update AFTER UPDATE ON poker_hands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION register_platform_ids();
--> statement-breakpoint
CREATE TRIGGER poker_hands_platform_ids_delete AFTER DELETE ON poker_hands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION register_platform_ids();
--> statement-breakpoint

-- Only those triggers write the registries (they run nested, depth 2 or more).
CREATE FUNCTION refuse_direct_registry_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION '% is kept by the triggers of plays and poker_hands and cannot be written directly', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER play_platform_ids_direct_write BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON play_platform_ids FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_registry_write();
--> statement-breakpoint
CREATE TRIGGER poker_hand_platform_ids_direct_write BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON poker_hand_platform_ids FOR EACH STATEMENT EXECUTE FUNCTION refuse_direct_registry_write();
