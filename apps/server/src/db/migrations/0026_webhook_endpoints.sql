DROP INDEX "open_webhooks_event";--> statement-breakpoint
ALTER TABLE "open_webhooks" ADD COLUMN "events" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "open_webhooks" ADD COLUMN "retiring_secrets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-written (before the unique index and the drop of "event"): the subscriptions of one application and URL
-- become one endpoint, the oldest row, kept with its secret. Its events: those of the enabled rows (all of
-- them when every row was off); enabled when one was. The other rows' secrets still sign (retiring secrets)
-- for 30 days, so a receiver verifying with any of them keeps working while it moves to the kept one.
-- Their deliveries move to the kept endpoint; the other rows go.
WITH ranked AS (
	SELECT "id", "event", "enabled",
		first_value("id") OVER (PARTITION BY "api_user_id", "url" ORDER BY "created_at", "id") AS "keep_id"
	FROM "open_webhooks"
), merged AS (
	SELECT "keep_id", bool_or("enabled") AS "any_enabled",
		COALESCE(jsonb_agg(DISTINCT "event") FILTER (WHERE "enabled"), '[]'::jsonb) AS "enabled_events",
		jsonb_agg(DISTINCT "event") AS "all_events"
	FROM ranked GROUP BY "keep_id"
)
UPDATE "open_webhooks" AS w SET
	"events" = CASE WHEN m."any_enabled" THEN m."enabled_events" ELSE m."all_events" END,
	"enabled" = m."any_enabled"
FROM merged AS m WHERE w."id" = m."keep_id";--> statement-breakpoint
WITH ranked AS (
	SELECT "id", "signing_secret",
		first_value("id") OVER (PARTITION BY "api_user_id", "url" ORDER BY "created_at", "id") AS "keep_id"
	FROM "open_webhooks"
)
UPDATE "open_webhooks" AS w SET "retiring_secrets" = s."secrets"
FROM (
	SELECT r."keep_id", jsonb_agg(DISTINCT jsonb_build_object(
		'secret', r."signing_secret",
		'until', floor(extract(epoch FROM now()))::bigint + 30 * 86400
	)) AS "secrets"
	FROM ranked AS r JOIN "open_webhooks" AS k ON k."id" = r."keep_id"
	WHERE r."id" <> r."keep_id" AND r."signing_secret" <> k."signing_secret"
	GROUP BY r."keep_id"
) AS s WHERE w."id" = s."keep_id";--> statement-breakpoint
WITH ranked AS (
	SELECT "id", first_value("id") OVER (PARTITION BY "api_user_id", "url" ORDER BY "created_at", "id") AS "keep_id"
	FROM "open_webhooks"
)
UPDATE "open_webhook_deliveries" AS d SET "webhook_id" = r."keep_id"
FROM ranked AS r WHERE d."webhook_id" = r."id" AND r."id" <> r."keep_id";--> statement-breakpoint
WITH ranked AS (
	SELECT "id", first_value("id") OVER (PARTITION BY "api_user_id", "url" ORDER BY "created_at", "id") AS "keep_id"
	FROM "open_webhooks"
)
DELETE FROM "open_webhooks" AS w USING ranked AS r WHERE w."id" = r."id" AND r."id" <> r."keep_id";--> statement-breakpoint
CREATE UNIQUE INDEX "open_webhooks_endpoint" ON "open_webhooks" USING btree ("api_user_id","url");--> statement-breakpoint
ALTER TABLE "open_webhooks" DROP COLUMN "event";
