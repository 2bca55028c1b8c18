CREATE TABLE "open_partner_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"data" jsonb NOT NULL,
	"account_ids" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "open_webhook_deliveries" ADD COLUMN "event_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "open_partner_events_pending" ON "open_partner_events" USING btree ("dispatched_at","created_at");--> statement-breakpoint
CREATE INDEX "open_webhook_deliveries_event" ON "open_webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
-- Hand-written backfill: a delivery made before the outbox is its own event (its id was its webhook-id).
UPDATE "open_webhook_deliveries" SET "event_id" = "id" WHERE "event_id" = '';
