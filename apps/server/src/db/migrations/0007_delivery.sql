CREATE TABLE "playlist_ads" (
	"playlist_id" text NOT NULL,
	"position" integer NOT NULL,
	"ad_id" text NOT NULL,
	CONSTRAINT "playlist_ads_playlist_id_position_pk" PRIMARY KEY("playlist_id","position")
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_order" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 5 NOT NULL,
	"cycle" jsonb NOT NULL,
	"times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"begin_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"playing_mode" text DEFAULT 'order' NOT NULL,
	"count_limit" integer,
	"time_limit" integer,
	"materials" integer DEFAULT 0 NOT NULL,
	"advertising_type" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audit_state" text DEFAULT 'none' NOT NULL,
	"audit_note" text DEFAULT '' NOT NULL,
	"pauses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "publish_records" (
	"id" text PRIMARY KEY NOT NULL,
	"playlist_id" text NOT NULL,
	"robot_ref" text NOT NULL,
	"state" text NOT NULL,
	"slots" integer DEFAULT 0 NOT NULL,
	"materials" integer DEFAULT 0 NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"fail_code" text,
	"application_id" text,
	"published_by" text NOT NULL,
	"pub_at" timestamp with time zone,
	"pull_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_audit_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"audit_id" text NOT NULL,
	"reviewer_id" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"kind" text NOT NULL,
	"project_id" text,
	"decision" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_audit_robots" (
	"audit_id" text NOT NULL,
	"robot_ref" text NOT NULL,
	"project_id" text,
	CONSTRAINT "ad_audit_robots_audit_id_robot_ref_pk" PRIMARY KEY("audit_id","robot_ref")
);
--> statement-breakpoint
CREATE TABLE "ad_audits" (
	"id" text PRIMARY KEY NOT NULL,
	"playlist_id" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"applicant_id" text NOT NULL,
	"applicant_name" text NOT NULL,
	"client_id" text NOT NULL,
	"delivery_mode" text NOT NULL,
	"robot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ad_group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"pause_begin_at" timestamp with time zone,
	"pause_end_at" timestamp with time zone,
	"steps" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"audit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlist_ads" ADD CONSTRAINT "playlist_ads_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_records" ADD CONSTRAINT "publish_records_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_records" ADD CONSTRAINT "publish_records_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audit_reviews" ADD CONSTRAINT "ad_audit_reviews_audit_id_ad_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."ad_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audit_robots" ADD CONSTRAINT "ad_audit_robots_audit_id_ad_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."ad_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audit_robots" ADD CONSTRAINT "ad_audit_robots_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audits" ADD CONSTRAINT "ad_audits_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_ads_ad_idx" ON "playlist_ads" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "playlists_client_idx" ON "playlists" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "playlists_created_idx" ON "playlists" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "playlists_name_idx" ON "playlists" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "publish_records_live_uq" ON "publish_records" USING btree ("playlist_id","robot_ref") WHERE "publish_records"."state" in ('notIssued', 'issued', 'pulled');--> statement-breakpoint
CREATE INDEX "publish_records_plan_idx" ON "publish_records" USING btree ("playlist_id","state");--> statement-breakpoint
CREATE INDEX "publish_records_robot_idx" ON "publish_records" USING btree ("robot_ref","state");--> statement-breakpoint
CREATE INDEX "ad_audit_reviews_audit_idx" ON "ad_audit_reviews" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "ad_audit_reviews_reviewer_idx" ON "ad_audit_reviews" USING btree ("reviewer_id","at");--> statement-breakpoint
CREATE INDEX "ad_audit_robots_project_idx" ON "ad_audit_robots" USING btree ("project_id","audit_id");--> statement-breakpoint
CREATE INDEX "ad_audits_plan_idx" ON "ad_audits" USING btree ("playlist_id","type","state");--> statement-breakpoint
CREATE INDEX "ad_audits_applicant_idx" ON "ad_audits" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_audits_client_idx" ON "ad_audits" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_audits_state_idx" ON "ad_audits" USING btree ("state","created_at");