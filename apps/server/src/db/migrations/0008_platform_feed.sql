CREATE TABLE "feed_events" (
	"id" text PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"type" text NOT NULL,
	"body_hash" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_key_counts" (
	"key_id" integer NOT NULL,
	"type" text NOT NULL,
	"events" bigint NOT NULL,
	CONSTRAINT "feed_key_counts_key_id_type_pk" PRIMARY KEY("key_id","type")
);
--> statement-breakpoint
CREATE TABLE "feed_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"events_applied" bigint DEFAULT 0 NOT NULL,
	"last_event_id" text,
	"last_event_type" text,
	"last_event_at" timestamp with time zone,
	CONSTRAINT "feed_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "cafes" ADD COLUMN "platform_id" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "platform_id" text;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "booked_day" date;--> statement-breakpoint
ALTER TABLE "plays" ADD COLUMN "platform_id" text;--> statement-breakpoint
ALTER TABLE "poker_hands" ADD COLUMN "booked_day" date;--> statement-breakpoint
ALTER TABLE "poker_hands" ADD COLUMN "platform_id" text;--> statement-breakpoint
ALTER TABLE "transfers" ADD COLUMN "platform_id" text;--> statement-breakpoint
ALTER TABLE "feed_events" ADD CONSTRAINT "feed_events_key_id_feed_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."feed_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_key_counts" ADD CONSTRAINT "feed_key_counts_key_id_feed_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."feed_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_keys_live_name_key" ON "feed_keys" USING btree (lower("name")) WHERE "feed_keys"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cafes_platform_id_key" ON "cafes" USING btree ("platform_id") WHERE "cafes"."platform_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "loans_platform_id_key" ON "loans" USING btree ("platform_id") WHERE "loans"."platform_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "plays_platform_id_key" ON "plays" USING btree ("platform_id") WHERE "plays"."platform_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "plays_late_idx" ON "plays" USING btree ("booked_day") WHERE "plays"."booked_day" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "poker_hands_platform_id_key" ON "poker_hands" USING btree ("platform_id") WHERE "poker_hands"."platform_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "poker_hands_late_idx" ON "poker_hands" USING btree ("booked_day") WHERE "poker_hands"."booked_day" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_platform_id_key" ON "transfers" USING btree ("platform_id") WHERE "transfers"."platform_id" IS NOT NULL;