-- The Activity screen of a subtree counts its entries (and a small subtree reads its page) member
-- by member (docs/domain.md, "Access"): those about a member through activity_subject_at_idx, and
-- those a member made about an account outside the subtree or about none through
-- activity_actor_other_at_idx, which holds only the entries an account made about another account
-- or about none, and their subject. Both hold the kind, so that a count filtered by kind reads the
-- indexes alone, not the table. activity_subject_at_idx keeps its order (subject, time, entry).
DROP INDEX "activity_subject_at_idx";--> statement-breakpoint
CREATE INDEX "activity_actor_other_at_idx" ON "activity" USING btree ("actor_id","at","id","subject_id","kind") WHERE "activity"."actor_id" IS NOT NULL AND "activity"."actor_id" IS DISTINCT FROM "activity"."subject_id";--> statement-breakpoint
CREATE INDEX "activity_subject_at_idx" ON "activity" USING btree ("subject_id","at","id","kind") WHERE "activity"."subject_id" IS NOT NULL;