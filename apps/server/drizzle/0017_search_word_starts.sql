-- A segment's words become the start time of each word of its text (ms), not JSON objects: rows
-- shrink from about 1,500 to 450 bytes (bench/transcript-search.bench.mjs). Segments are derived
-- from meeting_transcripts; the ones removed here are rebuilt by the start-up backfill.
DELETE FROM "transcript_segments";--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD COLUMN "word_starts_ms" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "transcript_segments" DROP COLUMN "words";
