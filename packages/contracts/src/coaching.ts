import { z } from 'zod';
import { inferenceStatusSchema, meetingStageSchema, type MeetingStage } from './meetings.js';

/**
 * Coaching content (spec 1 §3 Coaching content, §5 Coaching upload dialog): training videos,
 * Google Slides, Google Docs and PDFs on Google Drive, by sales stage. Default content (isDefault)
 * is the super admin's and every organisation sees it; the rest belongs to one organisation.
 */
export const COACHING_CONTENT_TYPES = ['video', 'ppt', 'doc', 'pdf'] as const;
export const coachingContentTypeSchema = z.enum(COACHING_CONTENT_TYPES);
export type CoachingContentType = z.infer<typeof coachingContentTypeSchema>;

/** The types made from a pasted link rather than an uploaded file. */
export const LINK_CONTENT_TYPES = ['ppt', 'doc', 'pdf'] as const;
export const linkContentTypeSchema = z.enum(LINK_CONTENT_TYPES);
export type LinkContentType = z.infer<typeof linkContentTypeSchema>;

/** The upload dialog's labels for the stored types (spec 1 §3). */
export const COACHING_TYPE_LABELS: Record<CoachingContentType, string> = {
  video: 'Video',
  ppt: 'Presentation',
  doc: 'Document',
  pdf: 'PDF',
};

/** Only the prospecting stage takes videos for now; the dialog marks the others 'Coming soon'. */
export const COACHING_OPEN_STAGES: readonly MeetingStage[] = ['prospecting_stage'];
export const COMING_SOON = 'Coming soon';

/**
 * What the coaching calls say. The link and sharing texts are spec 1 §5's; the assessment texts
 * (spec 1 §8) are what the web app shows when the calls fail without a message of their own.
 */
export const COACHING_MESSAGES = {
  invalidLink: {
    ppt: 'Please enter a valid Google Presentation URL.',
    doc: 'Please enter a valid Google Document URL.',
    pdf: 'Please enter a valid Google PDF URL.',
  } satisfies Record<LinkContentType, string>,
  /** The same wording for Document and PDF (spec 1 §5). */
  notShared: 'Set Presentation sharing to "Anyone can view"',
  linkUnchecked: 'Could not check the link’s sharing; please try again later',
  contentNotFound: 'Coaching content not found',
  contentDeleted: 'Coaching content deleted',
  videoNotFound: 'Coaching video not found',
  videoExists: 'This video is already coaching content',
  stageClosed: 'Coming soon: only the prospecting stage takes videos for now',
  quizNotFound: 'Quiz not found',
  quizExists: 'This video already has a quiz; delete it to make a new one',
  quizDeleted: 'Quiz deleted',
  transcriptNotReady:
    'The video’s transcript is not ready yet; generate questions once the video is analyzed',
  transcriptTooShort:
    'The video’s transcript is too short to draft questions from; write them yourself',
  quizDraftFailed: 'Could not draft questions from the video; try again or write them yourself',
  quizDraftUnusable:
    'The model’s answer held no usable question tied to the video; try again or write them yourself',
  attemptNotFound: 'Assessment attempt not found',
  attemptCompleted: 'This attempt is already submitted; start a new attempt to answer again',
  questionNotFound: 'This question is not part of the quiz',
  answerNotAnOption: 'An answer is not one of the question’s options',
  singleChoice: 'Choose exactly one answer for this question',
  fetchAssessmentFailed: 'Something went wrong in fetching assessment',
  saveProgressFailed: 'Failed to save progress',
  noResponse: 'No response from server',
  unexpected: 'An unexpected error occurred',
  organizationNotFound: 'Organization not found',
} as const;

/*
 * Google link shapes (spec 1 §5): Slides and Docs editor or published links on
 * docs.google.com, PDFs as a Drive file-view link. A fragment (#slide=…) and a query
 * (?usp=sharing) may follow.
 */
const TAIL = String.raw`(?:[?#]\S*)?$`;
export const GOOGLE_LINK_PATTERNS: Record<LinkContentType, RegExp> = {
  ppt: new RegExp(
    String.raw`^https://docs\.google\.com/presentation/d/(?:e/)?[\w-]{10,}(?:/[\w./-]*)?` + TAIL,
  ),
  doc: new RegExp(
    String.raw`^https://docs\.google\.com/document/d/(?:e/)?[\w-]{10,}(?:/[\w./-]*)?` + TAIL,
  ),
  pdf: new RegExp(String.raw`^https://drive\.google\.com/file/d/[\w-]{10,}/view/?` + TAIL),
};

/** Whether a pasted link has the shape its type needs. */
export function isGoogleLinkOf(type: LinkContentType, url: string): boolean {
  return GOOGLE_LINK_PATTERNS[type].test(url.trim());
}

/** A training video: the meeting it is, as a learner needs it. */
export const coachingVideoSchema = z.object({
  meetingName: z.string(),
  /** Seconds; null until the media step has read the file. */
  duration: z.number().nullable(),
  inferenceStatus: inferenceStatusSchema,
  /** Signed links for the caller; null while there is nothing to play or show. */
  storageLink: z.string().nullable(),
  imageLink: z.string().nullable(),
  hasQuiz: z.boolean(),
});

export const coachingItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: coachingContentTypeSchema,
  stage: meetingStageSchema,
  /** The owner's organisation; default content is the platform's and everyone sees it. */
  organizationId: z.string(),
  isDefault: z.boolean(),
  presentationUrl: z.string().nullable(),
  meetingId: z.string().nullable(),
  video: coachingVideoSchema.nullable(),
  createdAt: z.string(),
});
export type CoachingItem = z.infer<typeof coachingItemSchema>;

const title = z.string().trim().min(1, 'Give the content a title').max(200);

/** The link must have its type's shape; the message names the type (spec 1 §5). */
function checkLink(b: { type: LinkContentType; presentationUrl: string }, ctx: z.RefinementCtx) {
  if (!isGoogleLinkOf(b.type, b.presentationUrl)) {
    ctx.addIssue({
      code: 'custom',
      message: COACHING_MESSAGES.invalidLink[b.type],
      path: ['presentationUrl'],
    });
  }
}

/** coaching/create: a link item of the caller's organisation (spec 1 §7). */
export const coachingCreateBody = z
  .object({
    title,
    type: linkContentTypeSchema,
    presentationUrl: z.string().trim().max(2000),
    /** The caller's own; another organisation's answers 404 (the session decides, not the body). */
    organizationId: z.string().optional(),
    /** Link items carry no stage in the spec's payload; they show under the open stage. */
    stage: meetingStageSchema.default('prospecting_stage'),
    /** Only the super admin's variant makes default content; here it must be absent or false. */
    isDefault: z.literal(false).optional(),
  })
  .superRefine(checkLink);

/** coaching/superAdminCreate: default content by default (isDefault true unless said). */
export const coachingSuperAdminCreateBody = z
  .object({
    title,
    type: linkContentTypeSchema,
    presentationUrl: z.string().trim().max(2000),
    stage: meetingStageSchema.default('prospecting_stage'),
    isDefault: z.boolean().default(true),
    /** Content for one organisation instead of everyone (isDefault false). */
    organizationId: z.string().optional(),
  })
  .superRefine(checkLink);

export const coachingFetchBody = z.object({
  stage: meetingStageSchema,
  organizationId: z.string().optional(),
  type: coachingContentTypeSchema.optional(),
});
export const coachingSuperAdminFetchBody = z.object({
  stage: meetingStageSchema,
  type: coachingContentTypeSchema.optional(),
  /** An organisation's own content beside the defaults; absent: the defaults only. */
  organizationId: z.string().optional(),
});
export const coachingDeleteBody = z.object({ id: z.string() });

/** meeting/Admin/coaching and meeting/superAdmin/coaching: a completed upload becomes a video. */
export const coachingVideoBody = z.object({
  /** The uploaded file's name: the meeting its completed upload created (spec 1 §5). */
  fileName: z.string().trim().min(1).max(255),
  title,
  stage: meetingStageSchema,
});
export const coachingSuperAdminVideoBody = coachingVideoBody.extend({
  isDefault: z.boolean().default(true),
});
