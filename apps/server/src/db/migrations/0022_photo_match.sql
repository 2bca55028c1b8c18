ALTER TABLE "shoot_records" ADD COLUMN "match_distance" integer;--> statement-breakpoint
ALTER TABLE "shoot_records" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;