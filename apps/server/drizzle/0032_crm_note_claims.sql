ALTER TABLE "crm_notes" ALTER COLUMN "note_external_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD COLUMN "marker" text;--> statement-breakpoint
ALTER TABLE "crm_notes" ADD COLUMN "claimed_at" timestamp with time zone;