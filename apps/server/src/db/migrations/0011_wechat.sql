CREATE TABLE "wechat_banners" (
	"id" text PRIMARY KEY NOT NULL,
	"media_id" text NOT NULL,
	"title" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer NOT NULL,
	"begin_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_users" (
	"id" text PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"robot_ref" text,
	"blocked" boolean DEFAULT false NOT NULL,
	"session_token_hash" text,
	"first_visit_at" timestamp with time zone NOT NULL,
	"last_visit_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wechat_banners_sort_idx" ON "wechat_banners" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_users_openid_idx" ON "wechat_users" USING btree ("openid");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_users_session_idx" ON "wechat_users" USING btree ("session_token_hash");--> statement-breakpoint
CREATE INDEX "wechat_users_last_visit_idx" ON "wechat_users" USING btree ("last_visit_at","id");--> statement-breakpoint
CREATE INDEX "wechat_users_robot_idx" ON "wechat_users" USING btree ("robot_ref");