CREATE TABLE "device_price_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"robot_id" text NOT NULL,
	"old_price_fen" integer,
	"new_price_fen" integer,
	"group_id" text DEFAULT '' NOT NULL,
	"changed_by" text NOT NULL,
	"changed_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_price_changes_robot_idx" ON "device_price_changes" USING btree ("robot_id","created_at");