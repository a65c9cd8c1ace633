CREATE TABLE "ai_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"provider" text NOT NULL,
	"context_tokens" integer,
	"input_price_per_mtok" real,
	"output_price_per_mtok" real,
	"status" text DEFAULT 'active' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"prompt" text NOT NULL,
	"prompt_name" text NOT NULL,
	"meeting_id" text DEFAULT '' NOT NULL,
	"meeting_code" text DEFAULT '' NOT NULL,
	"feature_id" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"access" text DEFAULT 'Private' NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"bundle_id" text DEFAULT '' NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"max_output_token" integer,
	"temperature" real,
	"top_p" real,
	"top_k" integer,
	"frequency_penalty" real,
	"presence_penalty" real,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"additional_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zai_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"default_model" text,
	"insights_model" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zai_settings" ADD CONSTRAINT "zai_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_name_uq" ON "ai_models" USING btree ("name");--> statement-breakpoint
CREATE INDEX "prompts_org_updated_idx" ON "prompts" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "prompts_org_meeting_idx" ON "prompts" USING btree ("organization_id","meeting_id");