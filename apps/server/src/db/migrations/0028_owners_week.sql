-- The owner's week (docs/domain.md, "The owner's week"): the daily digest and big-win alert switches
-- of an account, the digest hour (IST), the last "send me the digest now", the last alert made; the
-- big wins as they arrive (big_win_news) and those waiting for a person's next alert.
CREATE TABLE "big_win_alert_wins" (
	"account_id" uuid NOT NULL,
	"news_id" bigint NOT NULL,
	CONSTRAINT "big_win_alert_wins_account_id_news_id_pk" PRIMARY KEY("account_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "big_win_news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"play_id" bigint NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	"member_id" uuid NOT NULL,
	"cafe_id" uuid NOT NULL,
	"game_id" smallint NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "digest_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "digest_hour" smallint DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "digest_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "big_win_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "big_win_alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "big_win_alert_wins" ADD CONSTRAINT "big_win_alert_wins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "big_win_alert_wins" ADD CONSTRAINT "big_win_alert_wins_news_id_big_win_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."big_win_news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "big_win_news" ADD CONSTRAINT "big_win_news_member_id_accounts_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "big_win_news" ADD CONSTRAINT "big_win_news_cafe_id_cafes_id_fk" FOREIGN KEY ("cafe_id") REFERENCES "public"."cafes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "big_win_news_waiting_idx" ON "big_win_news" USING btree ("id") WHERE "big_win_news"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "big_win_news_arrived_idx" ON "big_win_news" USING btree ("arrived_at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_digest_hour_range" CHECK ("accounts"."digest_hour" >= 0 AND "accounts"."digest_hour" <= 23);