-- 1. Event ids are unique per feed key (DOMAIN.md section 10): two platforms may use the same id
--    without meeting, and none can claim another's ids ahead of it. The key comes first in the
--    primary key: a batch looks its ids up within its own key.
-- 2. Two draws of one game are at least the game's minimum interval apart: a second result a
--    moment beside a draw is refused by the feed instead of becoming a second draw.

ALTER TABLE "feed_events" DROP CONSTRAINT "feed_events_pkey";
--> statement-breakpoint
ALTER TABLE "feed_events" ADD CONSTRAINT "feed_events_key_id_id_pk" PRIMARY KEY ("key_id", "id");
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "min_draw_interval_seconds" integer DEFAULT 60 NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_min_draw_interval_positive" CHECK ("games"."min_draw_interval_seconds" > 0);
