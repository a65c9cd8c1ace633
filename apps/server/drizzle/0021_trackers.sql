CREATE TABLE "tracker_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracker_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"start_sec" numeric(12, 3) NOT NULL,
	"end_sec" numeric(12, 3) NOT NULL,
	"word_start" integer NOT NULL,
	"word_end" integer NOT NULL,
	"speaker" text NOT NULL,
	"side" text DEFAULT 'unknown' NOT NULL,
	"phrase" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trackers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phrases" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracker_hits" ADD CONSTRAINT "tracker_hits_tracker_id_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_hits" ADD CONSTRAINT "tracker_hits_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_hits" ADD CONSTRAINT "tracker_hits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_hits_meeting_idx" ON "tracker_hits" USING btree ("meeting_id","start_sec");--> statement-breakpoint
CREATE INDEX "tracker_hits_org_tracker_idx" ON "tracker_hits" USING btree ("organization_id","tracker_id","meeting_id");--> statement-breakpoint
CREATE INDEX "tracker_hits_tracker_meeting_idx" ON "tracker_hits" USING btree ("tracker_id","meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_org_name_uq" ON "trackers" USING btree ("organization_id","name");