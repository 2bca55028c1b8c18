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
CREATE TABLE "sales_branches" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_id" text NOT NULL,
	"regions" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_branches_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "sales_lead_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"follow_state" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_leads" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'other' NOT NULL,
	"priority" text DEFAULT 'ordinary' NOT NULL,
	"follow_state" text DEFAULT 'notFollowed' NOT NULL,
	"owner_id" text NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"next_follow_at" timestamp with time zone,
	"reminded_for" timestamp with time zone,
	"customer_id" text,
	"last_note_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_leads_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "sales_order_history" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text DEFAULT '' NOT NULL,
	"to_state" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"name" text NOT NULL,
	"customer_id" text NOT NULL,
	"customer_owner_id" text,
	"playlist_id" text NOT NULL,
	"playlist_name" text NOT NULL,
	"state" text DEFAULT 'reviewing' NOT NULL,
	"weeks" integer NOT NULL,
	"begin_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"materials" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_fen" integer NOT NULL,
	"quoted_amount_fen" integer NOT NULL,
	"override_reason" text DEFAULT '' NOT NULL,
	"actual_device_count" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone,
	"credit_fen" integer DEFAULT 0 NOT NULL,
	"review_reason" text DEFAULT '' NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "sales_exports" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"file_path" text,
	"file_name" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb NOT NULL,
	"user" jsonb NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_price_changes_robot_idx" ON "device_price_changes" USING btree ("robot_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_lead_notes_lead_idx" ON "sales_lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_leads_owner_idx" ON "sales_leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_leads_next_idx" ON "sales_leads" USING btree ("next_follow_at");--> statement-breakpoint
CREATE INDEX "sales_order_history_order_idx" ON "sales_order_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_idx" ON "sales_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_orders_state_idx" ON "sales_orders" USING btree ("state");