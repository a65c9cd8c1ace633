CREATE TABLE "bundle_selections" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"bundle_ids" uuid[] DEFAULT '{}' NOT NULL,
	"credit_slab_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_slabs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credits" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_slabs_credits_unique" UNIQUE("credits")
);
--> statement-breakpoint
ALTER TABLE "bundle_features" DROP CONSTRAINT "bundle_features_feature_id_features_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_bundles" DROP CONSTRAINT "plan_bundles_bundle_id_bundles_id_fk";
--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "total_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "credit_slab_id" uuid;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "last_payment_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "auto_pay_credits_to_add" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bundle_selections" ADD CONSTRAINT "bundle_selections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_selections" ADD CONSTRAINT "bundle_selections_credit_slab_id_credit_slabs_id_fk" FOREIGN KEY ("credit_slab_id") REFERENCES "public"."credit_slabs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_features" ADD CONSTRAINT "bundle_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_bundles" ADD CONSTRAINT "plan_bundles_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_credit_slab_id_credit_slabs_id_fk" FOREIGN KEY ("credit_slab_id") REFERENCES "public"."credit_slabs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Prices were decimals; they become whole cents (the only currency so far was USD). The old
-- plan discount was a percentage of the total.
UPDATE "features" SET "price_minor" = round("price" * 100);--> statement-breakpoint
UPDATE "plans" SET "total_minor" = round("total_price" * 100), "discount_minor" = round("total_price" * "discount");
