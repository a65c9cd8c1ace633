import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AnswerFeedback,
  CatalogStatus,
  GoalKind,
  GoalResult,
  MockLevel,
  MockQuestion,
  MockSettings,
  ProfileData,
  StorageProvider,
  WorkExperienceItem,
} from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetings } from './meetings.js';

/** Companies a mock interview can be for (spec 3 §3), kept by the super admin. */
export const talentCompanies = pgTable(
  'talent_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status').$type<CatalogStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('talent_companies_name_uq').on(t.name)],
);

/** Job roles a mock interview can be for, each with its question bank. */
export const talentRoles = pgTable(
  'talent_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status').$type<CatalogStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('talent_roles_name_uq').on(t.name)],
);

/** The built-in engine's questions for one role and level; `skills` are what each probes. */
export const talentQuestions = pgTable(
  'talent_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => talentRoles.id, { onDelete: 'cascade' }),
    level: text('level').$type<MockLevel>().notNull(),
    text: text('text').notNull(),
    topic: text('topic').notNull(),
    /** Lower-case words whose presence in the skills or job description favours it. */
    keywords: text('keywords').array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('talent_questions_role_level_text_uq').on(t.roleId, t.level, t.text)],
);

/** Where a resume's bytes are kept, and what was read from them. */
export interface StoredResume {
  provider: StorageProvider;
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  textChars: number;
}

export interface ParsedResume {
  profileData: ProfileData;
  workExperience: WorkExperienceItem[];
  by: string;
}

/** A job seeker's profile (spec 3 §3: file, profileData, workExperience); one per user. */
export const talentProfiles = pgTable('talent_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: organizationRef(),
  profileData: jsonb('profile_data').$type<ProfileData>().notNull(),
  workExperience: jsonb('work_experience').$type<WorkExperienceItem[]>().notNull().default([]),
  resume: jsonb('resume').$type<StoredResume>(),
  /** The resume's text, for tailoring questions; removed with the file. */
  resumeText: text('resume_text'),
  parsed: jsonb('parsed').$type<ParsedResume>(),
  updatedAt: updatedAt(),
});

/** One answer of a run (the follow-up's answer is its own record). */
export interface MockAnswerRecord {
  question: number;
  followUp: boolean;
  transcript: string;
  words: number;
  reason: 'short' | 'vague' | null;
  at: string;
  /** Milliseconds from the recording's start, as the page counted them (absent on older runs). */
  startMs?: number;
  endMs?: number;
}

/** A mock interview set up by a job seeker; the interview itself runs later. */
export const mockInterviews = pgTable(
  'mock_interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resumeLink: text('resume_link'),
    companyName: text('company_name').notNull(),
    jobRole: text('job_role').notNull(),
    level: text('level').$type<MockLevel>().notNull(),
    skills: text('skills').array().notNull().default([]),
    jobDescription: text('job_description').notNull().default(''),
    settings: jsonb('settings').$type<MockSettings>().notNull(),
    questions: jsonb('questions').$type<MockQuestion[]>().notNull(),
    generatedBy: text('generated_by').notNull(),
    state: text('state').notNull().default('ready'),
    questionCount: integer('question_count').notNull(),
    /**
     * The meeting its recording becomes: set when the run starts (or linked on submit); kept
     * as null when the meeting is deleted.
     */
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** MediaRecorder slices stored so far; the next one expected has this index. */
    chunks: integer('chunks').notNull().default(0),
    recordedBytes: bigint('recorded_bytes', { mode: 'number' }).notNull().default(0),
    /** Each answer's transcript and what it led to, in the order they were given. */
    answers: jsonb('answers').$type<MockAnswerRecord[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mock_interviews_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('mock_interviews_meeting_uq').on(t.meetingId),
  ],
);

/** A seeker's practice goal (a custom rubric item): every later interview is scored on it. */
export const practiceGoals = pgTable(
  'practice_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<GoalKind>().notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('practice_goals_user_idx').on(t.userId, t.createdAt)],
);

/** The better answer suggested for the weakest answer of an interview. */
export interface BetterAnswerRecord {
  question: number;
  questionText: string;
  text: string;
}

/** Feedback written once a mock interview's analysis has finished; one per interview. */
export const mockInterviewFeedback = pgTable('mock_interview_feedback', {
  interviewId: uuid('interview_id')
    .primaryKey()
    .references(() => mockInterviews.id, { onDelete: 'cascade' }),
  organizationId: organizationRef(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'built-in' or the model that wrote it. */
  by: text('by').notNull(),
  answers: jsonb('answers').$type<AnswerFeedback[]>().notNull(),
  betterAnswer: jsonb('better_answer').$type<BetterAnswerRecord>(),
  /** Results keep the goal's text: a goal changed or deleted later does not rewrite them. */
  goals: jsonb('goals').$type<GoalResult[]>().notNull().default([]),
  createdAt: createdAt(),
});
