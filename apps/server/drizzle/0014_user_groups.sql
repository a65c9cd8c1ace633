CREATE TABLE "user_groups" (
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_groups_group_idx" ON "user_groups" USING btree ("group_id","user_id");--> statement-breakpoint
-- A user's one group becomes their first membership before the column goes.
INSERT INTO "user_groups" ("user_id", "group_id") SELECT "id", "group_id" FROM "users" WHERE "group_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_group_id_groups_id_fk";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "group_id";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sales_manager_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sales_manager_id_users_id_fk" FOREIGN KEY ("sales_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A custom role's name is unique in its organisation; the unique index also serves the org lookups.
DROP INDEX "roles_org_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_name_uq" ON "roles" USING btree ("organization_id","name");