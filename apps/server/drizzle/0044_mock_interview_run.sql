ALTER TABLE "mock_interviews" ADD COLUMN "chunks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mock_interviews" ADD COLUMN "recorded_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mock_interviews" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mock_interviews" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mock_interviews" ADD COLUMN "finished_at" timestamp with time zone;