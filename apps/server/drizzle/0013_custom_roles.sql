-- The default roles are not rows any more (contracts DEFAULT_ROLE_PERMISSIONS): drop the old placeholders.
DELETE FROM "roles" WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "base_role" "user_role" DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "permissions" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;