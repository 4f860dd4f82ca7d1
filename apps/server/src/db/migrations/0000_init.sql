CREATE TYPE "public"."transfer_channel" AS ENUM('single', 'multiplayer');--> statement-breakpoint
CREATE TYPE "public"."game_kind" AS ENUM('draw', 'poker');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('house', 'superadmin', 'admin', 'superareamanager', 'areamanager', 'master', 'player');--> statement-breakpoint
CREATE TYPE "public"."settlement_kind" AS ENUM('games', 'poker');--> statement-breakpoint
CREATE TYPE "public"."transfer_status" AS ENUM('pending', 'accepted', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TABLE "account_closure" (
	"ancestor_id" uuid NOT NULL,
	"descendant_id" uuid NOT NULL,
	"depth" smallint NOT NULL,
	CONSTRAINT "account_closure_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"role" "role" NOT NULL,
	"parent_id" uuid,
	"commission" numeric(5, 2) DEFAULT '0' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"user_status" boolean DEFAULT true NOT NULL,
	"wallet_balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_balance_nonnegative" CHECK ("accounts"."wallet_balance_cents" >= 0 OR "accounts"."role" = 'house'),
	CONSTRAINT "accounts_commission_range" CHECK ("accounts"."commission" >= 0 AND "accounts"."commission" <= 100),
	CONSTRAINT "accounts_username_trimmed" CHECK ("accounts"."username" = btrim("accounts"."username") AND "accounts"."username" <> '')
);
--> statement-breakpoint
CREATE TABLE "cafes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"master_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" smallint NOT NULL,
	"draw_time" timestamp with time zone NOT NULL,
	"drawno" text,
	"color" text,
	CONSTRAINT "draws_color_code" CHECK ("draws"."color" IS NULL OR "draws"."color" IN ('c', 'k', 'l', 'f'))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" "game_kind" NOT NULL,
	CONSTRAINT "games_code_unique" UNIQUE("code"),
	CONSTRAINT "games_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "loan_deductions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_deductions_positive" CHECK ("loan_deductions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"principal_cents" bigint NOT NULL,
	"processing_fee_cents" bigint DEFAULT 0 NOT NULL,
	"deduction_percentage" numeric(5, 2) DEFAULT '50' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_amounts" CHECK ("loans"."principal_cents" > 0 AND "loans"."processing_fee_cents" >= 0),
	CONSTRAINT "loans_rate" CHECK ("loans"."deduction_percentage" > 0 AND "loans"."deduction_percentage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "play_daily" (
	"day" date NOT NULL,
	"member_id" uuid NOT NULL,
	"cafe_id" uuid NOT NULL,
	"game_id" smallint NOT NULL,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"rake_cents" bigint NOT NULL,
	CONSTRAINT "play_daily_member_id_day_cafe_id_game_id_pk" PRIMARY KEY("member_id","day","cafe_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"cafe_id" uuid NOT NULL,
	"game_id" smallint NOT NULL,
	"draw_id" bigint,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint DEFAULT 0 NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plays_points_nonnegative" CHECK ("plays"."play_points_cents" > 0 AND "plays"."win_points_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "poker_hands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"cafe_id" uuid NOT NULL,
	"pot_cents" bigint NOT NULL,
	"rake_cents" bigint NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "poker_hands_rake_range" CHECK ("poker_hands"."rake_cents" >= 0 AND "poker_hands"."rake_cents" <= "poker_hands"."pot_cents")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "settled_weeks" (
	"week_start" date NOT NULL,
	"kind" "settlement_kind" NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settled_weeks_week_start_kind_pk" PRIMARY KEY("week_start","kind")
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"account_id" uuid,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"channel" "transfer_channel" NOT NULL,
	"status" "transfer_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount_cents" > 0),
	CONSTRAINT "transfers_not_self" CHECK ("transfers"."from_id" <> "transfers"."to_id"),
	CONSTRAINT "transfers_resolved_consistent" CHECK (("transfers"."status" = 'pending') = ("transfers"."resolved_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "weekly_settlements" (
	"account_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"kind" "settlement_kind" NOT NULL,
	"profit_cents" bigint NOT NULL,
	"carry_in_cents" bigint NOT NULL,
	"commission" numeric(5, 2) NOT NULL,
	"actual_revenue_cents" bigint NOT NULL,
	"deduction_percentage" numeric(5, 2) NOT NULL,
	"revenue_deduction_cents" bigint NOT NULL,
	"rev_after_loan_cents" bigint NOT NULL,
	"carry_out_cents" bigint NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_settlements_account_id_kind_week_start_pk" PRIMARY KEY("account_id","kind","week_start"),
	CONSTRAINT "weekly_settlements_carry" CHECK ("weekly_settlements"."carry_in_cents" <= 0 AND "weekly_settlements"."carry_out_cents" <= 0)
);
--> statement-breakpoint
ALTER TABLE "account_closure" ADD CONSTRAINT "account_closure_ancestor_id_accounts_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_closure" ADD CONSTRAINT "account_closure_descendant_id_accounts_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cafes" ADD CONSTRAINT "cafes_master_id_accounts_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_deductions" ADD CONSTRAINT "loan_deductions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_agent_id_accounts_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_member_id_accounts_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_cafe_id_cafes_id_fk" FOREIGN KEY ("cafe_id") REFERENCES "public"."cafes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plays" ADD CONSTRAINT "plays_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poker_hands" ADD CONSTRAINT "poker_hands_member_id_accounts_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poker_hands" ADD CONSTRAINT "poker_hands_cafe_id_cafes_id_fk" FOREIGN KEY ("cafe_id") REFERENCES "public"."cafes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD CONSTRAINT "sign_in_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_id_accounts_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_id_accounts_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_settlements" ADD CONSTRAINT "weekly_settlements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_closure_descendant_idx" ON "account_closure" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_lower_key" ON "accounts" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "accounts_role_idx" ON "accounts" USING btree ("role");--> statement-breakpoint
CREATE INDEX "cafes_master_idx" ON "cafes" USING btree ("master_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_game_time_key" ON "draws" USING btree ("game_id","draw_time");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_deductions_loan_week_key" ON "loan_deductions" USING btree ("loan_id","week_start");--> statement-breakpoint
CREATE INDEX "loans_agent_idx" ON "loans" USING btree ("agent_id","issued_at");--> statement-breakpoint
CREATE INDEX "play_daily_day_idx" ON "play_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "play_daily_cafe_day_idx" ON "play_daily" USING btree ("cafe_id","day");--> statement-breakpoint
CREATE INDEX "plays_member_played_idx" ON "plays" USING btree ("member_id","played_at");--> statement-breakpoint
CREATE INDEX "plays_cafe_played_idx" ON "plays" USING btree ("cafe_id","played_at");--> statement-breakpoint
CREATE INDEX "poker_hands_member_played_idx" ON "poker_hands" USING btree ("member_id","played_at");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_account_at_idx" ON "sign_in_attempts" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_address_at_idx" ON "sign_in_attempts" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "transfers_from_created_idx" ON "transfers" USING btree ("from_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_to_created_idx" ON "transfers" USING btree ("to_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_pending_idx" ON "transfers" USING btree ("status") WHERE "transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "weekly_settlements_week_idx" ON "weekly_settlements" USING btree ("week_start","kind");