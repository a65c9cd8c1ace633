CREATE TABLE "live_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"segment_id" text NOT NULL,
	"speaker_id" text NOT NULL,
	"speaker_name" text NOT NULL,
	"content" text NOT NULL,
	"start_sec" numeric(12, 3) NOT NULL,
	"end_sec" numeric(12, 3) NOT NULL,
	"words" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_segments" ADD CONSTRAINT "live_segments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_segments" ADD CONSTRAINT "live_segments_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_segments_meeting_idx" ON "live_segments" USING btree ("meeting_id","start_sec");