CREATE TABLE "avatars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"gender" text NOT NULL,
	"ref_text" text DEFAULT '' NOT NULL,
	"voice_id" uuid,
	"prompt" text DEFAULT '' NOT NULL,
	"is_orpheus" boolean DEFAULT false NOT NULL,
	"motion_video" boolean DEFAULT false NOT NULL,
	"speech_speed" real DEFAULT 1 NOT NULL,
	"avatar_role" text DEFAULT 'interviewer' NOT NULL,
	"is_avt_controlled" boolean DEFAULT false NOT NULL,
	"start_phrase" text DEFAULT '' NOT NULL,
	"stop_phrase" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"portrait" text,
	"image" jsonb,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_defaults" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "media_defaults_organization_id_kind_pk" PRIMARY KEY("organization_id","kind")
);
--> statement-breakpoint
CREATE TABLE "voices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"ref_text" text DEFAULT '' NOT NULL,
	"gender" text NOT NULL,
	"tone" text NOT NULL,
	"language" text NOT NULL,
	"engine" text DEFAULT 'espeak-ng' NOT NULL,
	"engine_voice" text,
	"sample" jsonb,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_by" uuid,
	"consent_at" timestamp with time zone,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_voice_id_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_defaults" ADD CONSTRAINT "media_defaults_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_consent_by_users_id_fk" FOREIGN KEY ("consent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatars_org_idx" ON "avatars" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "voices_org_idx" ON "voices" USING btree ("organization_id");