ALTER TABLE "advertisements" ADD COLUMN "qr_media_id" text;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "qr_position" text;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "watermark_media_id" text;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "watermark_position" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "purpose" text DEFAULT 'material' NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_qr_media_id_media_id_fk" FOREIGN KEY ("qr_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_watermark_media_id_media_id_fk" FOREIGN KEY ("watermark_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_qr_pair" CHECK (("advertisements"."qr_media_id" is null) = ("advertisements"."qr_position" is null));--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_watermark_pair" CHECK (("advertisements"."watermark_media_id" is null) = ("advertisements"."watermark_position" is null));