-- The batch that applied each feed event (DOMAIN.md section 10): GET /api/feed/v1/events/{id}
-- tells a platform whether an event id of its key was applied, when and in which batch. Events
-- applied before this migration have no batch (null). A nullable column without a default: no
-- rewrite of the table.

ALTER TABLE "feed_events" ADD COLUMN "batch_id" uuid;
