-- Device cookies (README, "Sign-in limits"): the key that signs them, made once by the first
-- sign-in and shared by every server process, and the device cookie a sign-in attempt was
-- trusted for, whose failures are counted against it.
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "device" text;
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_device_at_idx" ON "sign_in_attempts" USING btree ("device","at") WHERE "device" IS NOT NULL;
