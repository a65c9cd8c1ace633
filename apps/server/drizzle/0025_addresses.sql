CREATE TYPE "public"."address_kind" AS ENUM('billing', 'shipping');--> statement-breakpoint
CREATE TABLE "organization_addresses" (
	"organization_id" uuid NOT NULL,
	"kind" "address_kind" NOT NULL,
	"address_line1" text NOT NULL,
	"country_id" integer NOT NULL,
	"state_id" integer,
	"city_id" integer,
	"zipcode" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_addresses_organization_id_kind_pk" PRIMARY KEY("organization_id","kind")
);
--> statement-breakpoint
ALTER TABLE "organization_addresses" ADD CONSTRAINT "organization_addresses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;