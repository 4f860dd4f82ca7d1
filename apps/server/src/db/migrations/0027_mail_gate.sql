-- The mail gate (docs/domain.md, "Mail and statements"): a mail the sender takes may still be
-- closed instead of sent. `cancelled`: its reason no longer holds (statements turned off, the
-- address changed, the account blocked or inactive, its link no longer valid, discarded on the
-- Mail screen), `last_answer` says which; `expired`: held or pending longer than MAIL_MAX_AGE_DAYS.
-- A link mail (a password reset) names the sign-in link it carries, so that it goes only while the
-- link can be used. The reset mails queued before this migration get the link forgot-password
-- issued with them: the same account, purpose `reset`, the same instant.
-- The new states are not used here: a value added to an enum cannot be used in the transaction
-- that adds it.
ALTER TYPE "public"."mail_state" ADD VALUE 'cancelled';
--> statement-breakpoint
ALTER TYPE "public"."mail_state" ADD VALUE 'expired';
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sign_in_link_id" bigint;
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_sign_in_link_id_sign_in_links_id_fk" FOREIGN KEY ("sign_in_link_id") REFERENCES "public"."sign_in_links"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
UPDATE "outbox" o SET "sign_in_link_id" = l."id"
  FROM "sign_in_links" l
 WHERE o."kind" = 'password-reset' AND l."account_id" = o."account_id" AND l."purpose" = 'reset'
   AND l."created_at" = o."created_at";
--> statement-breakpoint
CREATE INDEX "outbox_waiting_created_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."state" IN ('pending', 'held');
