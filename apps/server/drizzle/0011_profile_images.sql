ALTER TABLE "organizations" ADD COLUMN "logo" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_image" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "logo_url";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "profile_image_url";