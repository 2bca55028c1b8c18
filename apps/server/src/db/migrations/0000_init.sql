CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"role" text NOT NULL,
	"principals" text DEFAULT '' NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"begin_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"used" boolean DEFAULT true NOT NULL,
	"authorized" boolean DEFAULT true NOT NULL,
	"customer_id" text,
	"diy" boolean DEFAULT false NOT NULL,
	"auto_audit" boolean DEFAULT false NOT NULL,
	"is_sold_out" boolean DEFAULT false NOT NULL,
	"project_id" text,
	"contact" jsonb DEFAULT '{"name":"","phone":""}'::jsonb NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"sex" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"lang" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_group_robots" (
	"group_id" text NOT NULL,
	"robot_ref" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_group_robots_group_id_robot_ref_pk" PRIMARY KEY("group_id","robot_ref")
);
--> statement-breakpoint
CREATE TABLE "ad_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"creator_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_resources" (
	"ad_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"screen" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "ad_resources_ad_id_screen_position_pk" PRIMARY KEY("ad_id","screen","position")
);
--> statement-breakpoint
CREATE TABLE "advertisements" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"begin_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"template" integer DEFAULT 1 NOT NULL,
	"owner_id" text NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_login_attempts" (
	"username" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"captcha_hash" text,
	"captcha_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"remember" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'advertisers' NOT NULL,
	"audit_status" text DEFAULT 'pass' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_exports" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_path" text,
	"file_name" text,
	"error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"robot_ref" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'project' NOT NULL,
	"province" text,
	"city" text,
	"district" text,
	"address" text,
	"contact" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_transitions" (
	"id" text PRIMARY KEY NOT NULL,
	"robot_ref" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robots" (
	"id" text PRIMARY KEY NOT NULL,
	"robot_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"project_id" text,
	"scene_id" text,
	"province" text,
	"city" text,
	"district" text,
	"address" text,
	"lng" double precision,
	"lat" double precision,
	"panoramas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"in_use" boolean DEFAULT true NOT NULL,
	"sales_type" text DEFAULT 'trial' NOT NULL,
	"has_contract" boolean DEFAULT false NOT NULL,
	"post_ads" boolean DEFAULT true NOT NULL,
	"list_type" text DEFAULT 'none' NOT NULL,
	"screen_ratio" text DEFAULT '1080_1920' NOT NULL,
	"template" integer DEFAULT 1 NOT NULL,
	"price_fen" integer,
	"industry_name" text,
	"online" boolean DEFAULT false NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"device_status" text,
	"app_version" text,
	"free_storage" bigint,
	"activation_secret_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"object_key" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"ext" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"template" integer DEFAULT 1 NOT NULL,
	"slot" integer DEFAULT 1 NOT NULL,
	"thumbnail_key" text,
	"owner_id" text NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"robot_ref" text NOT NULL,
	"playlist_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"resource_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"watch_ms" integer DEFAULT 0 NOT NULL,
	"audience" jsonb,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_rollups" (
	"hour" timestamp with time zone NOT NULL,
	"playlist_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"robot_ref" text NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"watch_ms" bigint DEFAULT 0 NOT NULL,
	"age_child" integer DEFAULT 0 NOT NULL,
	"age_youth" integer DEFAULT 0 NOT NULL,
	"age_adult" integer DEFAULT 0 NOT NULL,
	"age_middle" integer DEFAULT 0 NOT NULL,
	"age_senior" integer DEFAULT 0 NOT NULL,
	"male" integer DEFAULT 0 NOT NULL,
	"female" integer DEFAULT 0 NOT NULL,
	"last_play_at" timestamp with time zone,
	CONSTRAINT "play_rollups_hour_playlist_id_ad_id_robot_ref_pk" PRIMARY KEY("hour","playlist_id","ad_id","robot_ref")
);
--> statement-breakpoint
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
CREATE TABLE "publish_exports" (
	"key" text PRIMARY KEY NOT NULL,
	"playlist_id" text NOT NULL,
	"kind" text DEFAULT 'details' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"filter_state" text,
	"file_path" text,
	"file_name" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "resources" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"type" text DEFAULT 'private' NOT NULL,
	"duration_ms" integer NOT NULL,
	"media_id" text NOT NULL,
	"re_location" text DEFAULT 'bf' NOT NULL,
	"template" integer DEFAULT 1 NOT NULL,
	"slot" integer DEFAULT 1 NOT NULL,
	"poster_key" text,
	"owner_id" text NOT NULL,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frontend_errors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"username" text,
	"url" text NOT NULL,
	"time" integer NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_group_robots" ADD CONSTRAINT "ad_group_robots_group_id_ad_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_group_robots" ADD CONSTRAINT "ad_group_robots_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_resources" ADD CONSTRAINT "ad_resources_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_resources" ADD CONSTRAINT "ad_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audit_reviews" ADD CONSTRAINT "ad_audit_reviews_audit_id_ad_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."ad_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audit_robots" ADD CONSTRAINT "ad_audit_robots_audit_id_ad_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."ad_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audit_robots" ADD CONSTRAINT "ad_audit_robots_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audits" ADD CONSTRAINT "ad_audits_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_transitions" ADD CONSTRAINT "robot_transitions_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_ads" ADD CONSTRAINT "playlist_ads_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_records" ADD CONSTRAINT "publish_records_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_records" ADD CONSTRAINT "publish_records_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_idx" ON "accounts" USING btree ("username");--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "accounts_role_idx" ON "accounts" USING btree ("role");--> statement-breakpoint
CREATE INDEX "accounts_customer_idx" ON "accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "accounts_project_idx" ON "accounts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "accounts_contact_phone_idx" ON "accounts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "ad_group_robots_robot_idx" ON "ad_group_robots" USING btree ("robot_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_groups_creator_name_uq" ON "ad_groups" USING btree ("creator_id","name");--> statement-breakpoint
CREATE INDEX "ad_resources_resource_idx" ON "ad_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "advertisements_name_idx" ON "advertisements" USING btree (coalesce("customer_id", ''),lower("name"));--> statement-breakpoint
CREATE INDEX "advertisements_customer_idx" ON "advertisements" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "advertisements_owner_idx" ON "advertisements" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_audit_reviews_audit_idx" ON "ad_audit_reviews" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "ad_audit_reviews_reviewer_idx" ON "ad_audit_reviews" USING btree ("reviewer_id","at");--> statement-breakpoint
CREATE INDEX "ad_audit_robots_project_idx" ON "ad_audit_robots" USING btree ("project_id","audit_id");--> statement-breakpoint
CREATE INDEX "ad_audits_plan_idx" ON "ad_audits" USING btree ("playlist_id","type","state");--> statement-breakpoint
CREATE INDEX "ad_audits_applicant_idx" ON "ad_audits" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_audits_client_idx" ON "ad_audits" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_audits_state_idx" ON "ad_audits" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_expires_idx" ON "auth_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "auth_refresh_family_idx" ON "auth_refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "auth_refresh_expires_idx" ON "auth_refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "customers_owner_idx" ON "customers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "device_exports_created_idx" ON "device_exports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_hash_uq" ON "device_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_tokens_robot_idx" ON "device_tokens" USING btree ("robot_ref");--> statement-breakpoint
CREATE INDEX "device_tokens_revoked_idx" ON "device_tokens" USING btree ("revoked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_uq" ON "projects" USING btree ("name");--> statement-breakpoint
CREATE INDEX "robot_transitions_robot_at_idx" ON "robot_transitions" USING btree ("robot_ref","at");--> statement-breakpoint
CREATE INDEX "robot_transitions_at_idx" ON "robot_transitions" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "robots_robot_id_uq" ON "robots" USING btree ("robot_id");--> statement-breakpoint
CREATE INDEX "robots_project_idx" ON "robots" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "robots_type_idx" ON "robots" USING btree ("type");--> statement-breakpoint
CREATE INDEX "robots_region_idx" ON "robots" USING btree ("province","city");--> statement-breakpoint
CREATE INDEX "robots_updated_idx" ON "robots" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scenes_name_uq" ON "scenes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "media_object_key_idx" ON "media" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "media_customer_idx" ON "media" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "notifications_user_read_idx" ON "notifications" USING btree ("user_id","is_read","created_at");--> statement-breakpoint
CREATE INDEX "play_events_robot_idx" ON "play_events" USING btree ("robot_ref","started_at");--> statement-breakpoint
CREATE INDEX "play_rollups_plan_robot_idx" ON "play_rollups" USING btree ("playlist_id","robot_ref");--> statement-breakpoint
CREATE INDEX "playlist_ads_ad_idx" ON "playlist_ads" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "playlists_client_idx" ON "playlists" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "playlists_created_idx" ON "playlists" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "playlists_name_idx" ON "playlists" USING btree ("name");--> statement-breakpoint
CREATE INDEX "publish_exports_created_idx" ON "publish_exports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publish_records_live_uq" ON "publish_records" USING btree ("playlist_id","robot_ref") WHERE "publish_records"."state" in ('notIssued', 'issued', 'pulled');--> statement-breakpoint
CREATE INDEX "publish_records_plan_idx" ON "publish_records" USING btree ("playlist_id","state");--> statement-breakpoint
CREATE INDEX "publish_records_robot_idx" ON "publish_records" USING btree ("robot_ref","state");--> statement-breakpoint
CREATE INDEX "publish_records_created_idx" ON "publish_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "publish_records_cancelled_idx" ON "publish_records" USING btree ("cancelled_at");--> statement-breakpoint
CREATE INDEX "resources_customer_idx" ON "resources" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "resources_owner_idx" ON "resources" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "resources_kind_idx" ON "resources" USING btree ("kind","template","slot");--> statement-breakpoint
CREATE INDEX "resources_media_idx" ON "resources" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "frontend_errors_created_idx" ON "frontend_errors" USING btree ("created_at");