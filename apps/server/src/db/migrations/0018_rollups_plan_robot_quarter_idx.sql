DROP INDEX "play_rollups_plan_robot_idx";--> statement-breakpoint
CREATE INDEX "play_rollups_plan_robot_idx" ON "play_rollups" USING btree ("playlist_id","robot_ref","hour");