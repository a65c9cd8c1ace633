CREATE TABLE "bot_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_bots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"requested_by" uuid,
	"provider" text NOT NULL,
	"external_id" text,
	"state" text NOT NULL,
	"reason" text,
	"allow_recording" boolean DEFAULT true NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recording_started_at" timestamp with time zone,
	"recording_stopped_at" timestamp with time zone,
	"recording_imported_at" timestamp with time zone,
	"login" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_bots" ADD CONSTRAINT "meeting_bots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_bots" ADD CONSTRAINT "meeting_bots_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_bots" ADD CONSTRAINT "meeting_bots_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_bots_meeting_idx" ON "meeting_bots" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_bots_external_idx" ON "meeting_bots" USING btree ("provider","external_id");