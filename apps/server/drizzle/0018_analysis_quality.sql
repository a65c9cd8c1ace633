-- Issue 14: per-organisation emotion inference and PII redaction, the recording's media notice
-- (truncated, unreadable part, unsupported language), the transcript's language and its unmasked words.
ALTER TABLE "organizations" ADD COLUMN "emotion_inference" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pii_redaction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "pii_keep_originals" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "media_notice" jsonb;--> statement-breakpoint
ALTER TABLE "meeting_transcripts" ADD COLUMN "language" jsonb;--> statement-breakpoint
ALTER TABLE "meeting_transcripts" ADD COLUMN "original_words" jsonb;