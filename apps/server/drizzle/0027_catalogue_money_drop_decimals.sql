ALTER TABLE "bundles" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "features" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "plans" DROP COLUMN "total_price";--> statement-breakpoint
ALTER TABLE "plans" DROP COLUMN "discount";--> statement-breakpoint
ALTER TABLE "plans" DROP COLUMN "auto_pay_credits";