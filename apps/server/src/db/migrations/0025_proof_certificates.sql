CREATE TABLE "proof_certificates" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text NOT NULL,
	"order_id" text,
	"issued_by" text,
	"issued_at" timestamp with time zone NOT NULL,
	"payload" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"public_key" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "proof_certificates_key_idx" ON "proof_certificates" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "proof_certificates_plan_idx" ON "proof_certificates" USING btree ("plan_id");