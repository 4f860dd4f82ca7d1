-- The language each person reads the back office in (docs/decisions/0021-languages.md): English by
-- default, Hindi when chosen on the account page or on the sign-in page before signing in. The
-- sign-in answers carry it so that it follows the account to every device, and the API's messages
-- to a signed-in account come in it.
ALTER TABLE "accounts" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_language_known" CHECK ("accounts"."language" IN ('en', 'hi'));