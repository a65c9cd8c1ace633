CREATE TABLE "sales_rep_totals" (
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"stage" "meeting_stage" NOT NULL,
	"calls" integer NOT NULL,
	"signals" jsonb NOT NULL,
	"prompts" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_rep_totals_organization_id_owner_id_stage_pk" PRIMARY KEY("organization_id","owner_id","stage")
);
--> statement-breakpoint
CREATE TABLE "sales_stale_totals" (
	"organization_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"stage" "meeting_stage" NOT NULL,
	CONSTRAINT "sales_stale_totals_organization_id_owner_id_stage_pk" PRIMARY KEY("organization_id","owner_id","stage")
);
--> statement-breakpoint
ALTER TABLE "sales_rep_totals" ADD CONSTRAINT "sales_rep_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rep_totals" ADD CONSTRAINT "sales_rep_totals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stale_totals" ADD CONSTRAINT "sales_stale_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;