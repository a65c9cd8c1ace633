-- Trigram matching for meeting search (ILIKE '%term%'); trusted extension, PGlite loads it in client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "meetings_org_status_idx" ON "meetings" USING btree ("organization_id","inference_status","created_at");--> statement-breakpoint
CREATE INDEX "meetings_owner_created_idx" ON "meetings" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "meetings_search_trgm_idx" ON "meetings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "uploads_user_file_idx" ON "uploads" USING btree ("user_id","file_name");