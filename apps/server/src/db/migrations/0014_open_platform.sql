CREATE TABLE "open_api_users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_id" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_secret_until" timestamp with time zone,
	"interfaces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_limit" integer NOT NULL,
	"daily_quota" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_blacklist" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_interfaces" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"api_user_id" text NOT NULL,
	"ip" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"calls" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "open_usage" (
	"api_user_id" text NOT NULL,
	"day" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "open_usage_api_user_id_day_pk" PRIMARY KEY("api_user_id","day")
);
--> statement-breakpoint
CREATE TABLE "open_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"webhook_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "open_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"api_user_id" text NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"signing_secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "open_api_users_client_id" ON "open_api_users" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "open_api_users_name" ON "open_api_users" USING btree ("name");--> statement-breakpoint
CREATE INDEX "open_audit_log_at" ON "open_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "open_audit_log_actor" ON "open_audit_log" USING btree ("actor_kind","actor","at");--> statement-breakpoint
CREATE INDEX "open_blacklist_kind" ON "open_blacklist" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "open_sessions_user" ON "open_sessions" USING btree ("api_user_id","issued_at");--> statement-breakpoint
CREATE INDEX "open_sessions_expires" ON "open_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "open_webhook_deliveries_hook" ON "open_webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "open_webhooks_event" ON "open_webhooks" USING btree ("event","api_user_id");