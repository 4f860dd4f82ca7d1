-- Access (docs/domain.md, "Access"): a manager may block an account's sign-in (the back office's own
-- state, apart from the platform's user_status) and says who did; an account may have no password
-- yet (password_hash was already nullable) and gets in through a sign-in link. The last successful
-- sign-in is kept on the account so the Accounts screen can sort by it.
ALTER TABLE "accounts" ADD COLUMN "blocked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "blocked_by" uuid;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_sign_in_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_blocked_by_accounts_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_blocked_by_when_blocked" CHECK ("accounts"."blocked_by" IS NULL OR "accounts"."blocked_at" IS NOT NULL);
--> statement-breakpoint
CREATE INDEX "accounts_last_sign_in_idx" ON "accounts" USING btree ("last_sign_in_at");
--> statement-breakpoint
-- Sign-in links: only the SHA-256 of the link's secret is kept. `purpose` is 'invite' (issued by a
-- manager or the command line, 72 hours) or 'reset' (forgot password, 30 minutes). A link is used
-- once (used_at) or ends unused (revoked_at with why: 'replaced' by a newer link, 'revoked',
-- 'blocked', 'inactive', 'password_changed'). At most one live link per account.
CREATE TABLE "sign_in_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"issued_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "sign_in_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sign_in_links_purpose" CHECK ("sign_in_links"."purpose" IN ('invite', 'reset')),
	CONSTRAINT "sign_in_links_ends_once" CHECK ("sign_in_links"."used_at" IS NULL OR "sign_in_links"."revoked_at" IS NULL),
	CONSTRAINT "sign_in_links_revoked_reason" CHECK (("sign_in_links"."revoked_at" IS NULL) = ("sign_in_links"."revoked_reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_issued_by_accounts_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_links_live_key" ON "sign_in_links" USING btree ("account_id") WHERE "sign_in_links"."used_at" IS NULL AND "sign_in_links"."revoked_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "sign_in_links_account_idx" ON "sign_in_links" USING btree ("account_id","created_at");
