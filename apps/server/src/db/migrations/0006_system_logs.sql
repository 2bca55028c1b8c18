CREATE TABLE "frontend_errors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"username" text,
	"url" text NOT NULL,
	"time" integer NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "frontend_errors_created_idx" ON "frontend_errors" USING btree ("created_at");