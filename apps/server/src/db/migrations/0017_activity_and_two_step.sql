-- Access (docs/domain.md, "Access"): the activity, the record of every access fact, kept
-- append-only by the database; and two-step sign-in, its secret encrypted by the server (the key
-- is never in the database) and its recovery codes hashed.
CREATE TYPE "public"."activity_actor" AS ENUM('account', 'feed', 'cli', 'anonymous');
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"actor_type" "activity_actor" NOT NULL,
	"actor_id" uuid,
	"feed_key_id" integer,
	"subject_id" uuid,
	"address" text,
	"device" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "activity_actor_account" CHECK (("activity"."actor_type" = 'account') = ("activity"."actor_id" IS NOT NULL)),
	CONSTRAINT "activity_actor_feed" CHECK (("activity"."actor_type" = 'feed') = ("activity"."feed_key_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_feed_key_id_feed_keys_id_fk" FOREIGN KEY ("feed_key_id") REFERENCES "public"."feed_keys"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_subject_id_accounts_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at","id");
--> statement-breakpoint
CREATE INDEX "activity_kind_at_idx" ON "activity" USING btree ("kind","at","id");
--> statement-breakpoint
CREATE INDEX "activity_actor_at_idx" ON "activity" USING btree ("actor_id","at","id") WHERE "activity"."actor_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "activity_subject_at_idx" ON "activity" USING btree ("subject_id","at","id") WHERE "activity"."subject_id" IS NOT NULL;
--> statement-breakpoint

-- Append-only: no UPDATE, no TRUNCATE, and no DELETE but the retention's. prune_activity(days)
-- says so with a setting local to its transaction, and the trigger still refuses any row younger
-- than that many days, and any retention under 30 days: a plain DELETE, or one under a setting
-- made by hand to a few days, fails. (A guard against the application's mistakes: the owner of
-- the database can drop a trigger.)
CREATE FUNCTION refuse_activity_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  retention_days integer := nullif(current_setting('playrep.activity_retention_days', true), '')::integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF retention_days >= 30 AND OLD.at < now() - make_interval(days => retention_days) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'activity is append-only: its entries cannot be changed or deleted (only the retention removes entries older than AUDIT_RETENTION_DAYS)'
    USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_append_only BEFORE UPDATE OR DELETE ON activity FOR EACH ROW EXECUTE FUNCTION refuse_activity_change();
--> statement-breakpoint
CREATE TRIGGER activity_no_truncate BEFORE TRUNCATE ON activity FOR EACH STATEMENT EXECUTE FUNCTION refuse_activity_change();
--> statement-breakpoint
CREATE FUNCTION prune_activity(retention_days integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  removed bigint;
BEGIN
  IF retention_days IS NULL OR retention_days < 30 THEN
    RAISE EXCEPTION 'the activity is kept at least 30 days (asked: %)', retention_days USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM set_config('playrep.activity_retention_days', retention_days::text, true);
  DELETE FROM activity WHERE at < now() - make_interval(days => retention_days);
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('playrep.activity_retention_days', '', true);
  RETURN removed;
END $$;
--> statement-breakpoint

CREATE TABLE "two_step" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"secret_encrypted" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_step" ADD CONSTRAINT "two_step_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "two_step_recovery_codes" (
	"account_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "two_step_recovery_codes_account_id_code_hash_pk" PRIMARY KEY("account_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "two_step_recovery_codes" ADD CONSTRAINT "two_step_recovery_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
