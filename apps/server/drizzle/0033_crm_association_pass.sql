ALTER TABLE "crm_syncs" ADD COLUMN "association_pass" jsonb;--> statement-breakpoint
ALTER TABLE "crm_syncs" ADD COLUMN "associations_checked_at" timestamp with time zone;