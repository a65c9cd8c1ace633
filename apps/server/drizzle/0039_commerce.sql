ALTER TABLE "invoices" DROP CONSTRAINT "invoices_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "requested_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Invoices outlive their buyer (legal records): deleting the organisation or the talent-pool
-- user only forgets the link (SET NULL above), which is the one change allowed besides the
-- status; the buyer's name and address were copied at issue and stay.
CREATE OR REPLACE FUNCTION invoices_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number IS DISTINCT FROM OLD.number
     OR (NEW.organization_id IS DISTINCT FROM OLD.organization_id AND NEW.organization_id IS NOT NULL)
     OR (NEW.buyer_user_id IS DISTINCT FROM OLD.buyer_user_id AND NEW.buyer_user_id IS NOT NULL)
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
