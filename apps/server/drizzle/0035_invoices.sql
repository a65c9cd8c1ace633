CREATE TABLE "invoice_sequences" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"plan_id" uuid,
	"plan_name" text,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"external_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"payment_details" text,
	"taxes" jsonb NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_known" CHECK ("invoices"."status" IN ('open', 'paid', 'void')),
	CONSTRAINT "invoices_method_known" CHECK ("invoices"."method" IN ('card', 'manual')),
	CONSTRAINT "invoices_total_adds_up" CHECK ("invoices"."total_minor" = "invoices"."subtotal_minor" + "invoices"."tax_minor")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_external_unique" ON "invoices" USING btree ("method","external_id") WHERE "invoices"."external_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_open_per_plan" ON "invoices" USING btree ("plan_id") WHERE "invoices"."status" = 'open';--> statement-breakpoint
CREATE INDEX "invoices_org_idx" ON "invoices" USING btree ("organization_id","issued_at");
--> statement-breakpoint
-- Written by hand below (keep it when regenerating): an issued invoice is immutable. Its
-- number, parties, lines, taxes and amounts never change, and its status only leaves 'open'
-- (to 'paid' or 'void'); deleting its plan may still clear plan_id.
CREATE FUNCTION invoices_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS DISTINCT FROM OLD.number
     OR NEW.organization_id IS DISTINCT FROM OLD.organization_id
     OR NEW.plan_name IS DISTINCT FROM OLD.plan_name
     OR NEW.method IS DISTINCT FROM OLD.method
     OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
     OR NEW.seller IS DISTINCT FROM OLD.seller
     OR NEW.buyer IS DISTINCT FROM OLD.buyer
     OR NEW.lines IS DISTINCT FROM OLD.lines
     OR NEW.payment_details IS DISTINCT FROM OLD.payment_details
     OR NEW.taxes IS DISTINCT FROM OLD.taxes
     OR NEW.currency IS DISTINCT FROM OLD.currency
     OR NEW.subtotal_minor IS DISTINCT FROM OLD.subtotal_minor
     OR NEW.tax_minor IS DISTINCT FROM OLD.tax_minor
     OR NEW.total_minor IS DISTINCT FROM OLD.total_minor THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.number;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND OLD.status <> 'open' THEN
    RAISE EXCEPTION 'invoice % is % and its status cannot change', OLD.number, OLD.status;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE ON invoices
FOR EACH ROW EXECUTE FUNCTION invoices_immutable();
--> statement-breakpoint
-- A plan given up (another plan chosen instead: 'cancelled') voids its open invoice in the same
-- transaction, so no invoice waits for a payment nobody should make.
CREATE FUNCTION invoices_void_given_up_plan() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices SET status = 'void' WHERE plan_id = NEW.id AND status = 'open';
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_void_given_up_plan AFTER UPDATE OF status ON plans
FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled')
EXECUTE FUNCTION invoices_void_given_up_plan();
