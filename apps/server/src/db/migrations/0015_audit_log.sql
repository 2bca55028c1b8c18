CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"actor_kind" text NOT NULL,
	"user_id" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 200 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_source_at" ON "audit_log" USING btree ("source","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("source","actor_kind","actor","at");