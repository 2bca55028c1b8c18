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
CREATE INDEX "sales_order_history_order_idx" ON "sales_order_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_idx" ON "sales_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_orders_state_idx" ON "sales_orders" USING btree ("state");