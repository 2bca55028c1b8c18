CREATE TABLE "shoot_records" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"requirement_id" text NOT NULL,
	"robot_ref" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"ad_id" text,
	"taken_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shoot_requirements" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"playlist_id" text NOT NULL,
	"shoot_date" text NOT NULL,
	"begin_time" text NOT NULL,
	"end_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"window_begin" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"creator_id" text NOT NULL,
	"creator_name" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shoot_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"requirement_id" text NOT NULL,
	"robot_ref" text NOT NULL,
	"state" text NOT NULL,
	"issued_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"fail_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shoot_records" ADD CONSTRAINT "shoot_records_task_id_shoot_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."shoot_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoot_tasks" ADD CONSTRAINT "shoot_tasks_requirement_id_shoot_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."shoot_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shoot_records_task_uq" ON "shoot_records" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "shoot_records_requirement_idx" ON "shoot_records" USING btree ("requirement_id","taken_at");--> statement-breakpoint
CREATE INDEX "shoot_records_taken_idx" ON "shoot_records" USING btree ("taken_at");--> statement-breakpoint
CREATE INDEX "shoot_requirements_plan_idx" ON "shoot_requirements" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "shoot_requirements_created_idx" ON "shoot_requirements" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shoot_tasks_requirement_robot_uq" ON "shoot_tasks" USING btree ("requirement_id","robot_ref");--> statement-breakpoint
CREATE INDEX "shoot_tasks_robot_idx" ON "shoot_tasks" USING btree ("robot_ref","state");--> statement-breakpoint
CREATE INDEX "shoot_tasks_state_idx" ON "shoot_tasks" USING btree ("state");--> statement-breakpoint
CREATE INDEX "shoot_tasks_updated_idx" ON "shoot_tasks" USING btree ("updated_at");