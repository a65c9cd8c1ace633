ALTER TABLE "deals" ADD COLUMN "warnings_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "next_step" jsonb;