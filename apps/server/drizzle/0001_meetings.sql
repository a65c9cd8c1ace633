CREATE TYPE "public"."inference_status" AS ENUM('uploaded', 'queued', 'analysing', 'processed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."meeting_stage" AS ENUM('basic_meeting', 'prospecting_stage', 'qualification_stage', 'discovery_stage', 'solution_presentation_stage', 'negotiation_close_stage');--> statement-breakpoint
CREATE TYPE "public"."storage_provider" AS ENUM('local', 'aws', 'azure');--> statement-breakpoint
CREATE TABLE "integration_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_shares" (
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shared_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_shares_meeting_id_user_id_pk" PRIMARY KEY("meeting_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"meeting_name" text NOT NULL,
	"meeting_code" text NOT NULL,
	"title" text,
	"stage" "meeting_stage" DEFAULT 'basic_meeting' NOT NULL,
	"type" text DEFAULT 'offline' NOT NULL,
	"inference_status" "inference_status" DEFAULT 'uploaded' NOT NULL,
	"status_reason" text,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_sec" numeric(12, 3),
	"storage_provider" "storage_provider" DEFAULT 'local' NOT NULL,
	"source_key" text,
	"playback_key" text,
	"thumbnail_key" text,
	"mime_type" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"meeting_link" text,
	"additional_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" "storage_provider" NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text,
	"stage" "meeting_stage" DEFAULT 'basic_meeting' NOT NULL,
	"title" text,
	"object_key" text NOT NULL,
	"chunk_size" integer NOT NULL,
	"total_chunks" integer NOT NULL,
	"provider_upload_id" text,
	"parts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_configs" ADD CONSTRAINT "integration_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_shares" ADD CONSTRAINT "meeting_shares_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_shares" ADD CONSTRAINT "meeting_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_shares" ADD CONSTRAINT "meeting_shares_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_org_provider_uq" ON "integration_configs" USING btree ("organization_id","provider");--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "meeting_shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_org_code_uq" ON "meetings" USING btree ("organization_id","meeting_code");--> statement-breakpoint
CREATE INDEX "meetings_org_created_idx" ON "meetings" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "meetings_org_start_idx" ON "meetings" USING btree ("organization_id","start_time");--> statement-breakpoint
CREATE INDEX "meetings_org_name_idx" ON "meetings" USING btree ("organization_id","meeting_name");--> statement-breakpoint
CREATE INDEX "meetings_org_duration_idx" ON "meetings" USING btree ("organization_id","duration_sec");--> statement-breakpoint
CREATE INDEX "meetings_org_stage_idx" ON "meetings" USING btree ("organization_id","stage","created_at");--> statement-breakpoint
CREATE INDEX "uploads_stale_idx" ON "uploads" USING btree ("completed_at","updated_at");