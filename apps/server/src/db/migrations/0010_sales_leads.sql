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
CREATE INDEX "sales_lead_notes_lead_idx" ON "sales_lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_leads_owner_idx" ON "sales_leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_leads_next_idx" ON "sales_leads" USING btree ("next_follow_at");