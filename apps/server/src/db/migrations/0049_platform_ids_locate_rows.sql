-- The registries of platform ids (play_platform_ids, poker_hand_platform_ids: 0010) keep the key of
-- their row, (row_id, played_at), so that a void finds its row without asking every monthly
-- partition. The look-up by platform id searched each partition's platform id index, and the
-- update that followed joined the rows to every partition: both were planned over all the months
-- kept, a cost that grew with the history (bench/README.md, "Voids found through the registry").
-- Now the registry gives the keys, and the rows are read and updated with their played_at as
-- values, so only their months' partitions are planned. The partitions' platform id indexes,
-- used by nothing else, are dropped: a play inserted maintains one index fewer.
--
-- The ids of a month detached before this (their rows are gone, their ids stay so that the
-- platform cannot send them again) keep a null key: no row is found for them, as before.
LOCK TABLE plays, poker_hands IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DROP INDEX "plays_platform_id_idx";--> statement-breakpoint
DROP INDEX "poker_hands_platform_id_idx";--> statement-breakpoint
ALTER TABLE "play_platform_ids" ADD COLUMN "row_id" bigint;--> statement-breakpoint
ALTER TABLE "play_platform_ids" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "poker_hand_platform_ids" ADD COLUMN "row_id" bigint;--> statement-breakpoint
ALTER TABLE "poker_hand_platform_ids" ADD COLUMN "played_at" timestamp with time zone;--> statement-breakpoint

-- The keys of the rows there are (the writers of plays and poker hands wait for this transaction).
ALTER TABLE play_platform_ids DISABLE TRIGGER play_platform_ids_direct_write;
--> statement-breakpoint
UPDATE play_platform_ids k SET row_id = x.id, played_at = x.played_at FROM plays x WHERE x.platform_id = k.platform_id;
--> statement-breakpoint
ALTER TABLE play_platform_ids ENABLE TRIGGER play_platform_ids_direct_write;
--> statement-breakpoint
ALTER TABLE poker_hand_platform_ids DISABLE TRIGGER poker_hand_platform_ids_direct_write;
--> statement-breakpoint
UPDATE poker_hand_platform_ids k SET row_id = x.id, played_at = x.played_at FROM poker_hands x WHERE x.platform_id = k.platform_id;
--> statement-breakpoint
ALTER TABLE poker_hand_platform_ids ENABLE TRIGGER poker_hand_platform_ids_direct_write;
--> statement-breakpoint

-- Inserts and deletes of rows: their ids with their keys. Static SQL per table, planned once a
-- session (the dynamic SQL before was planned for every statement).
CREATE OR REPLACE FUNCTION register_platform_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'plays' THEN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM play_platform_ids k USING old_rows o WHERE k.platform_id = o.platform_id;
    ELSE
      INSERT INTO play_platform_ids (platform_id, row_id, played_at)
      SELECT platform_id, id, played_at FROM new_rows WHERE platform_id IS NOT NULL;
    END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN
      DELETE FROM poker_hand_platform_ids k USING old_rows o WHERE k.platform_id = o.platform_id;
    ELSE
      INSERT INTO poker_hand_platform_ids (platform_id, row_id, played_at)
      SELECT platform_id, id, played_at FROM new_rows WHERE platform_id IS NOT NULL;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Updates: nothing to do when the statement leaves every row's platform id and key as they were
-- (a void); else the old ids out and the new ones in, with their keys.
CREATE OR REPLACE FUNCTION register_platform_ids_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT platform_id, id, played_at FROM old_rows EXCEPT ALL SELECT platform_id, id, played_at FROM new_rows)
     AND NOT EXISTS (SELECT platform_id, id, played_at FROM new_rows EXCEPT ALL SELECT platform_id, id, played_at FROM old_rows) THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'plays' THEN
    DELETE FROM play_platform_ids k USING old_rows o WHERE k.platform_id = o.platform_id;
    INSERT INTO play_platform_ids (platform_id, row_id, played_at)
    SELECT platform_id, id, played_at FROM new_rows WHERE platform_id IS NOT NULL;
  ELSE
    DELETE FROM poker_hand_platform_ids k USING old_rows o WHERE k.platform_id = o.platform_id;
    INSERT INTO poker_hand_platform_ids (platform_id, row_id, played_at)
    SELECT platform_id, id, played_at FROM new_rows WHERE platform_id IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
