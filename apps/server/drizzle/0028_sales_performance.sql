CREATE TABLE "sales_call_signals" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"speaker" text NOT NULL,
	"talk_ratio" double precision,
	"longest_monologue_sec" double precision,
	"questions" double precision,
	"interactivity" double precision,
	"filler_words" double precision,
	"speaking_rate" double precision,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_insights" ADD COLUMN "score" double precision GENERATED ALWAYS AS (case when jsonb_typeof("result" -> 'score') = 'number' then ("result" ->> 'score')::float8 end) STORED;--> statement-breakpoint
ALTER TABLE "sales_call_signals" ADD CONSTRAINT "sales_call_signals_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetings_sales_scope_idx" ON "meetings" USING btree ("organization_id","stage","owner_id","deal_id","id") WHERE "meetings"."kind" = 'meeting' and "meetings"."inference_status" = 'processed';--> statement-breakpoint
CREATE INDEX "meeting_insights_scored_idx" ON "meeting_insights" USING btree ("meeting_id","prompt_name","score") WHERE "meeting_insights"."score" is not null;