CREATE TABLE "customer_audits" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"applicant_id" text NOT NULL,
	"applicant_name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reviewer_id" text,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_enterprises" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"enterprise_name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"credit_code" text NOT NULL,
	"legal_person_id_number" text NOT NULL,
	"licence_media_id" text NOT NULL,
	"licence_valid_until" timestamp with time zone,
	"qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agent" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "audit_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "province" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "district" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_audits_customer_idx" ON "customer_audits" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_audits_applicant_idx" ON "customer_audits" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "customer_audits_state_idx" ON "customer_audits" USING btree ("state");--> statement-breakpoint
CREATE INDEX "customers_audit_status_idx" ON "customers" USING btree ("audit_status");