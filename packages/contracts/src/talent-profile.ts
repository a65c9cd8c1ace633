import { z } from 'zod';
import { defineRoute } from './route.js';
import { mockLevelSchema } from './talent-pool.js';

/**
 * A job seeker's profile (spec 3 §3 Profile: file, profileData, workExperience) and their mock
 * interviews (resumeLink, level, companyName, jobRole, email, skills), with the settings
 * one-way interview tools offer.
 */
export const RESUME_LIMITS = {
  /** "10 MB". */
  maxBytes: 10 * 1024 * 1024,
  field: 'file',
  /** What the picker offers; the server decides by the bytes. */
  accept:
    '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export const TALENT_PROFILE_MESSAGES = {
  // Spec 3 §8.
  saveProfileFailed: 'Failed to save B2C user profile',
  getProfileFailed: 'Failed to get B2C user profile',
  getMockInterviewsFailed: 'Failed to get B2C user mock interviews',
  // Resume files.
  tooLarge: 'The resume is larger than 10 MB. Please upload a smaller file',
  notAResume: 'Please upload your resume as a PDF or a Word (.docx) file',
  scannedPdf:
    'This PDF has no text we can read; it looks scanned. Upload the PDF your editor exports, or a .docx',
  unreadable: 'We could not read this file. Is it a valid PDF or .docx?',
  emptyDocx: 'This document has no text',
  profileNotFound: 'Profile not found',
  noResume: 'There is no resume to delete',
  resumeDeleted: 'Resume deleted',
  profileSaved: 'Profile saved',
  // Mock interviews.
  mockInterviewNotFound: 'Mock interview not found',
  unknownRole: 'Choose one of the active roles',
  unknownCompany: 'Choose one of the active companies',
  resumeMissing: 'Upload a resume on your profile first, or set up without one',
  mockInterviewSaved: 'Mock interview ready',
} as const;

const month = z
  .string()
  .regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, 'Use a year (2021) or a year and month (2021-04)');

export const workExperienceItemSchema = z.object({
  title: z.string().trim().max(120),
  company: z.string().trim().max(120),
  /** YYYY or YYYY-MM; null when the resume did not say. */
  start: month.nullable(),
  /** null with current: the job goes on. */
  end: month.nullable(),
  current: z.boolean(),
  description: z.string().max(4000),
});
export type WorkExperienceItem = z.infer<typeof workExperienceItemSchema>;
export const workExperienceSchema = z.array(workExperienceItemSchema).max(40);

export const profileDataSchema = z.object({
  fullName: z.string().trim().max(120),
  headline: z.string().trim().max(200),
  phone: z.string().trim().max(40),
  location: z.string().trim().max(120),
  summary: z.string().max(4000),
  skills: z.array(z.string().trim().min(1).max(60)).max(80),
  education: z.array(z.string().trim().max(300)).max(20),
});
export type ProfileData = z.infer<typeof profileDataSchema>;

export const EMPTY_PROFILE_DATA: ProfileData = {
  fullName: '',
  headline: '',
  phone: '',
  location: '',
  summary: '',
  skills: [],
  education: [],
};

export const resumeFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** Characters of text read from it. */
  textChars: z.number().int(),
});
export type ResumeFile = z.infer<typeof resumeFileSchema>;

export const talentProfileSchema = z.object({
  email: z.string(),
  profileData: profileDataSchema,
  workExperience: workExperienceSchema,
  resume: resumeFileSchema.nullable(),
  /**
   * What the last upload's parser read, before the person's corrections: shown beside the
   * form so they can see what came from the file. Null when none was parsed.
   */
  parsed: z
    .object({
      profileData: profileDataSchema,
      workExperience: workExperienceSchema,
      /** 'built-in' (the deterministic parser) or the model that refined it. */
      by: z.string(),
    })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type TalentProfile = z.infer<typeof talentProfileSchema>;

export const talentEmailBody = z.object({ email: z.email().max(254) });

/** One-way interview settings (think time, answer time, retakes), in seconds. */
export const MOCK_SETTINGS_LIMITS = {
  questionCount: { min: 3, max: 10, default: 5 },
  thinkSeconds: { min: 0, max: 300, default: 30 },
  answerSeconds: { min: 30, max: 600, default: 120 },
  retakes: { min: 0, max: 3, default: 1 },
} as const;
const L = MOCK_SETTINGS_LIMITS;
const bounded = (l: { min: number; max: number; default: number }) =>
  z.number().int().min(l.min).max(l.max).default(l.default);
export const mockSettingsSchema = z.object({
  questionCount: bounded(L.questionCount),
  thinkSeconds: bounded(L.thinkSeconds),
  answerSeconds: bounded(L.answerSeconds),
  retakes: bounded(L.retakes),
});
export type MockSettings = z.infer<typeof mockSettingsSchema>;

export const MOCK_STATES = ['ready', 'in_progress', 'submitted', 'analysed'] as const;
export const mockStateSchema = z.enum(MOCK_STATES);

export const mockQuestionSchema = z.object({
  text: z.string(),
  /** What it probes: a skill, 'behavioural', 'role' or 'company'. */
  topic: z.string(),
  /** 'bank' (the built-in engine) or 'ai' (a connected model wrote it). */
  source: z.enum(['bank', 'ai']),
});
export type MockQuestion = z.infer<typeof mockQuestionSchema>;

export const createMockInterviewBody = z.object({
  /** Use the resume on the profile (its skills and experience tailor the questions). */
  useResume: z.boolean(),
  companyName: z.string().trim().min(1, 'Choose a company').max(80),
  jobRole: z.string().trim().min(1, 'Choose a role').max(80),
  level: mockLevelSchema,
  skills: z.array(z.string().trim().min(1).max(60)).max(20),
  jobDescription: z.string().max(8000).default(''),
  settings: mockSettingsSchema,
});
export type CreateMockInterviewBody = z.input<typeof createMockInterviewBody>;

export const mockInterviewSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The resume's file name when it was used; null otherwise. */
  resumeLink: z.string().nullable(),
  companyName: z.string(),
  jobRole: z.string(),
  level: mockLevelSchema,
  skills: z.array(z.string()),
  jobDescription: z.string(),
  settings: mockSettingsSchema,
  state: mockStateSchema,
  questions: z.array(mockQuestionSchema),
  /** 'built-in' or the model that wrote the questions. */
  generatedBy: z.string(),
  /** The meeting its recording became, once submitted (b2c/mock-interview/submit). */
  meetingId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MockInterview = z.infer<typeof mockInterviewSchema>;
export const mockInterviewListSchema = z.object({
  data: z.array(mockInterviewSchema),
  count: z.number().int(),
});

/** By e-mail: the own (talent pool) or anyone's for the super admin, so not talent-pool only. */
const self = { auth: true as const, permission: 'profile.own' as const, tags: ['b2c'] };
const own = { ...self, talentPool: true as const };

export const talentProfileRoutes = {
  saveProfile: defineRoute({
    ...own,
    method: 'POST',
    path: '/b2c/user/profile',
    summary:
      'Save the own profile (multipart: file — a PDF or DOCX resume up to 10 MB, parsed into the profile when no profileData is sent; profileData and workExperience as JSON)',
    response: talentProfileSchema,
  }),
  getProfile: defineRoute({
    ...self,
    method: 'POST',
    path: '/b2c/user/get/profile',
    summary: 'A talent-pool profile by e-mail (the own one; any one for the super admin)',
    body: talentEmailBody,
    response: talentProfileSchema,
  }),
  deleteResume: defineRoute({
    ...own,
    method: 'DELETE',
    path: '/b2c/resume',
    summary: 'Delete the own resume file (body {email}); the profile’s fields stay',
    body: talentEmailBody,
    response: talentProfileSchema,
  }),
  createMockInterview: defineRoute({
    ...own,
    method: 'POST',
    path: '/b2c/mock-interview',
    summary: 'Set up a mock interview: its questions are generated and it is saved as ready',
    body: createMockInterviewBody,
    response: mockInterviewSchema,
    status: 201,
  }),
  getMockInterview: defineRoute({
    ...own,
    method: 'GET',
    path: '/b2c/mock-interview/:id',
    summary: 'One of the own mock interviews',
    response: mockInterviewSchema,
  }),
  listMockInterviews: defineRoute({
    ...own,
    method: 'GET',
    path: '/b2c/user/get/mock-interviews',
    summary: 'The own mock interviews, newest first',
    response: mockInterviewListSchema,
  }),
  listMockInterviewsByEmail: defineRoute({
    ...self,
    method: 'POST',
    path: '/b2c/user/get/mock-interviews',
    summary: 'A talent-pool user’s mock interviews by e-mail (the own; any for the super admin)',
    body: talentEmailBody,
    response: mockInterviewListSchema,
  }),
} as const;
