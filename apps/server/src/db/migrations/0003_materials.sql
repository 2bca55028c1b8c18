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
ALTER TABLE "resources" ADD CONSTRAINT "resources_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_resources" ADD CONSTRAINT "ad_resources_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_resources" ADD CONSTRAINT "ad_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_object_key_idx" ON "media" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "media_customer_idx" ON "media" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "resources_customer_idx" ON "resources" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "resources_owner_idx" ON "resources" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "resources_kind_idx" ON "resources" USING btree ("kind","template","slot");--> statement-breakpoint
CREATE INDEX "resources_media_idx" ON "resources" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "ad_resources_resource_idx" ON "ad_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "advertisements_name_idx" ON "advertisements" USING btree (coalesce("customer_id", ''),lower("name"));--> statement-breakpoint
CREATE INDEX "advertisements_customer_idx" ON "advertisements" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "advertisements_owner_idx" ON "advertisements" USING btree ("owner_id","created_at");