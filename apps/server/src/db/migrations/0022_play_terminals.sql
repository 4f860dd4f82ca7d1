-- The machine in the cafe a play or poker hand was made on (docs/feed.md, terminalId): optional in
-- the feed, so nullable; Cafe Profit's terminals read it from the plays themselves (no roll-up).
ALTER TABLE "plays" ADD COLUMN "terminal_id" text;--> statement-breakpoint
ALTER TABLE "poker_hands" ADD COLUMN "terminal_id" text;
