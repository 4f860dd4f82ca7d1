CREATE TABLE "play_daily_by_parent" (
	"day" date NOT NULL,
	"parent_id" uuid NOT NULL,
	"game_id" smallint NOT NULL,
	"plays" integer NOT NULL,
	"play_points_cents" bigint NOT NULL,
	"win_points_cents" bigint NOT NULL,
	"rake_cents" bigint NOT NULL,
	"other_play_points_cents" bigint NOT NULL,
	"other_win_points_cents" bigint NOT NULL,
	CONSTRAINT "play_daily_by_parent_parent_id_day_game_id_pk" PRIMARY KEY("parent_id","day","game_id")
);
--> statement-breakpoint
CREATE INDEX "play_daily_by_parent_day_idx" ON "play_daily_by_parent" USING btree ("day");