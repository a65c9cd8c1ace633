-- Issue 15: coaching content by stage (links and training videos, default or an organisation's), a quiz per
-- training video, learners' attempts and their watching progress; meetings get a kind so training videos stay out of the lists.
CREATE TABLE "coaching_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"score" numeric(5, 1),
	"correct_count" integer,
	"question_count" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coaching_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"stage" "meeting_stage" NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"presentation_url" text,
	"meeting_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaching_progress" (
	"user_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"stage" "meeting_stage" NOT NULL,
	"position_sec" numeric(12, 3) NOT NULL,
	"furthest_sec" numeric(12, 3) NOT NULL,
	"total_sec" numeric(12, 3) NOT NULL,
	"quiz_score" numeric(5, 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaching_progress_user_id_meeting_id_pk" PRIMARY KEY("user_id","meeting_id")
);
--> statement-breakpoint
CREATE TABLE "coaching_quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"questions" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaching_quizzes_meeting_id_unique" UNIQUE("meeting_id")
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "kind" text DEFAULT 'meeting' NOT NULL;--> statement-breakpoint
ALTER TABLE "coaching_attempts" ADD CONSTRAINT "coaching_attempts_quiz_id_coaching_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."coaching_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_attempts" ADD CONSTRAINT "coaching_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_attempts" ADD CONSTRAINT "coaching_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_contents" ADD CONSTRAINT "coaching_contents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_contents" ADD CONSTRAINT "coaching_contents_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_contents" ADD CONSTRAINT "coaching_contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_progress" ADD CONSTRAINT "coaching_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_progress" ADD CONSTRAINT "coaching_progress_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_progress" ADD CONSTRAINT "coaching_progress_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_quizzes" ADD CONSTRAINT "coaching_quizzes_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_quizzes" ADD CONSTRAINT "coaching_quizzes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_quizzes" ADD CONSTRAINT "coaching_quizzes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_attempts_open_uq" ON "coaching_attempts" USING btree ("quiz_id","user_id") WHERE "coaching_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "coaching_attempts_user_idx" ON "coaching_attempts" USING btree ("user_id","quiz_id","completed_at");--> statement-breakpoint
CREATE INDEX "coaching_contents_org_stage_idx" ON "coaching_contents" USING btree ("organization_id","stage","created_at");--> statement-breakpoint
CREATE INDEX "coaching_contents_default_stage_idx" ON "coaching_contents" USING btree ("stage","created_at") WHERE "coaching_contents"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_contents_meeting_uq" ON "coaching_contents" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "coaching_progress_org_idx" ON "coaching_progress" USING btree ("organization_id","user_id");