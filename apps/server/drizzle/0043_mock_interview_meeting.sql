ALTER TABLE "mock_interviews" ADD COLUMN "meeting_id" uuid;--> statement-breakpoint
ALTER TABLE "mock_interviews" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mock_interviews" ADD CONSTRAINT "mock_interviews_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mock_interviews_meeting_uq" ON "mock_interviews" USING btree ("meeting_id");