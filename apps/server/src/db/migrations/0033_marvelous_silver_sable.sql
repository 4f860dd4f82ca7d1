DROP INDEX "accounts_username_trgm_idx";--> statement-breakpoint
DROP INDEX "accounts_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "accounts_username_trgm_idx" ON "accounts" USING gin ("role",lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin ("role",lower("first_name" || ' ' || "last_name") gin_trgm_ops);