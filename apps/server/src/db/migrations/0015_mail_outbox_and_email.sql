-- Mail (docs/domain.md, "Mail and statements"): an account's email address, whether it is
-- verified and whether it wants its weekly statement; the confirmation pending for an address the
-- person set; and the outbox, one row per mail, written in the transaction of the fact that
-- causes it under a unique key, then delivered by one sender.
ALTER TABLE "accounts" ADD COLUMN "email" text;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "statement_emails" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_email_shape" CHECK ("accounts"."email" IS NULL OR (length("accounts"."email") <= 254 AND "accounts"."email" LIKE '_%@_%'));
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_email_verified_has_email" CHECK (NOT "accounts"."email_verified" OR "accounts"."email" IS NOT NULL);
--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TYPE "public"."mail_state" AS ENUM('pending', 'held', 'sent', 'failed');
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"account_id" uuid,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text,
	"body_html" text,
	"content" jsonb,
	"week_start" date,
	"state" "mail_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_answer" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_key_unique" UNIQUE("key"),
	CONSTRAINT "outbox_has_body" CHECK ("outbox"."body_text" IS NOT NULL OR "outbox"."content" IS NOT NULL),
	CONSTRAINT "outbox_sent_at" CHECK (("outbox"."state" = 'sent') = ("outbox"."sent_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."state" IN ('pending', 'held');
--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "outbox_account_idx" ON "outbox" USING btree ("account_id");
