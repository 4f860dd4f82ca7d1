-- The entries an account made about another account or about none, by actor and time, with their
-- subject (docs/domain.md, "Access"). The Activity screen of a subtree counts its entries (and a
-- small subtree reads its page) member by member: those about a member through
-- activity_subject_at_idx, and those a member made about an account outside the subtree or about
-- none through this one, its subject read from the index instead of the table.
CREATE INDEX "activity_actor_other_at_idx" ON "activity" USING btree ("actor_id","at","id","subject_id") WHERE "activity"."actor_id" IS NOT NULL AND "activity"."actor_id" IS DISTINCT FROM "activity"."subject_id";