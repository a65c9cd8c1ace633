CREATE TABLE "meeting_video_signals" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"run_id" uuid,
	"has_video" boolean DEFAULT true NOT NULL,
	"engine" text NOT NULL,
	"model" text NOT NULL,
	"fps" integer,
	"summary" jsonb,
	"frames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"physiology" jsonb,
	"physiology_state" text DEFAULT 'idle' NOT NULL,
	"physiology_progress" integer DEFAULT 0 NOT NULL,
	"physiology_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_video_signals" ADD CONSTRAINT "meeting_video_signals_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_video_signals" ADD CONSTRAINT "meeting_video_signals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;