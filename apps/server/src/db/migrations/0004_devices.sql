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
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_transitions" ADD CONSTRAINT "robot_transitions_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_group_robots" ADD CONSTRAINT "ad_group_robots_group_id_ad_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ad_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_group_robots" ADD CONSTRAINT "ad_group_robots_robot_ref_robots_id_fk" FOREIGN KEY ("robot_ref") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_exports_created_idx" ON "device_exports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_hash_uq" ON "device_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_tokens_robot_idx" ON "device_tokens" USING btree ("robot_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_uq" ON "projects" USING btree ("name");--> statement-breakpoint
CREATE INDEX "robot_transitions_robot_at_idx" ON "robot_transitions" USING btree ("robot_ref","at");--> statement-breakpoint
CREATE INDEX "robot_transitions_at_idx" ON "robot_transitions" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "robots_robot_id_uq" ON "robots" USING btree ("robot_id");--> statement-breakpoint
CREATE INDEX "robots_project_idx" ON "robots" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "robots_type_idx" ON "robots" USING btree ("type");--> statement-breakpoint
CREATE INDEX "robots_region_idx" ON "robots" USING btree ("province","city");--> statement-breakpoint
CREATE INDEX "robots_online_hb_idx" ON "robots" USING btree ("online","last_heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scenes_name_uq" ON "scenes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "ad_group_robots_robot_idx" ON "ad_group_robots" USING btree ("robot_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_groups_creator_name_uq" ON "ad_groups" USING btree ("creator_id","name");