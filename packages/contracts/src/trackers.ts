import { z } from 'zod';
import { calendarDay } from './dates.js';
import { defineRoute } from './route.js';

/**
 * Keyword trackers (issue 16 item 4): an organisation names topics (competitors, pricing,
 * security review) by the phrases that mention them, and every transcript is counted for them.
 */
export const TRACKER_LIMITS = {
  nameChars: 80,
  phraseChars: 100,
  phrases: 50,
  /** Meetings one per-meeting counts request answers for. */
  meetings: 100,
} as const;

export const TRACKER_MESSAGES = {
  notFound: 'Tracker not found',
  nameTaken: 'A tracker with this name exists already',
  deleted: 'Tracker deleted',
  nameRequired: 'Give the tracker a name',
  phraseRequired: 'Give the tracker at least one phrase',
  phraseHasNoWord: 'A phrase needs at least one letter or digit',
  phrasesDuplicate: 'Each phrase once, please',
} as const;

/**
 * Whose words a hit is: 'ours' when the speaker is a member of the organisation, 'theirs' when
 * the speaker is known to be someone else, 'unknown' when nothing says which (never guessed).
 */
export const TRACKER_SIDES = ['ours', 'theirs', 'unknown'] as const;
export const trackerSideSchema = z.enum(TRACKER_SIDES);
export type TrackerSide = z.infer<typeof trackerSideSchema>;

export const trackerSchema = z.object({
  id: z.string(),
  name: z.string(),
  phrases: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tracker = z.infer<typeof trackerSchema>;

const phrase = z
  .string()
  .trim()
  .min(1, TRACKER_MESSAGES.phraseRequired)
  .max(TRACKER_LIMITS.phraseChars)
  .refine((p) => /[\p{L}\p{N}]/u.test(p), TRACKER_MESSAGES.phraseHasNoWord);

export const trackerInputSchema = z.object({
  name: z.string().trim().min(1, TRACKER_MESSAGES.nameRequired).max(TRACKER_LIMITS.nameChars),
  phrases: z
    .array(phrase)
    .min(1, TRACKER_MESSAGES.phraseRequired)
    .max(TRACKER_LIMITS.phrases)
    .refine(
      (ps) => new Set(ps.map((p) => p.toLowerCase())).size === ps.length,
      TRACKER_MESSAGES.phrasesDuplicate,
    ),
});
export type TrackerInput = z.infer<typeof trackerInputSchema>;

/** One mention of a tracker in a transcript; times in seconds, word indices inclusive. */
export const trackerHitSchema = z.object({
  trackerId: z.string(),
  phrase: z.string(),
  start: z.number(),
  end: z.number(),
  /** Indices into the transcription's wordToWordTimestamps. */
  wordStart: z.number().int(),
  wordEnd: z.number().int(),
  speaker: z.string(),
  speakerName: z.string(),
  side: trackerSideSchema,
});
export type TrackerHit = z.infer<typeof trackerHitSchema>;

const trackerRef = z.object({ id: z.string(), name: z.string() });

export const meetingTrackerHitsSchema = z.object({
  /** The organisation's trackers, hit or not, so the page can name them. */
  trackers: z.array(trackerRef),
  hits: z.array(trackerHitSchema),
});
export type MeetingTrackerHits = z.infer<typeof meetingTrackerHitsSchema>;

export const trackerCountSchema = z.object({
  trackerId: z.string(),
  ours: z.number().int(),
  theirs: z.number().int(),
  unknown: z.number().int(),
  total: z.number().int(),
});
export type TrackerCount = z.infer<typeof trackerCountSchema>;

const day = calendarDay();
/**
 * Which meetings' hits are counted: those the caller sees, started within the days (UTC), for
 * one tracker or all, and of one deal or all.
 */
export const trackerCountFilters = z.object({
  from: day.optional(),
  to: day.optional(),
  trackerId: z.uuid().optional(),
  /** Only the calls linked to this deal (issue 16: trackers by deal). */
  dealId: z.uuid().optional(),
});
export type TrackerCountFilters = z.infer<typeof trackerCountFilters>;

export const trackerWeeklyCountsSchema = z.object({
  trackers: z.array(trackerRef),
  /** Weeks with at least one hit, oldest first; a week starts on Monday (UTC). */
  weeks: z.array(trackerCountSchema.extend({ weekStart: z.string() })),
});
export type TrackerWeeklyCounts = z.infer<typeof trackerWeeklyCountsSchema>;

export const trackerMeetingCountsQuery = trackerCountFilters.extend({
  /** Comma-separated meeting ids, e.g. the rows of a meetings list; absent: the latest meetings. */
  meetingIds: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : undefined))
    .pipe(z.array(z.uuid()).max(TRACKER_LIMITS.meetings).optional()),
});

export const trackerMeetingCountsSchema = z.object({
  trackers: z.array(trackerRef),
  /** Meetings with at least one hit, latest first, at most TRACKER_LIMITS.meetings. */
  meetings: z.array(
    z.object({
      meetingId: z.string(),
      meetingName: z.string(),
      startTime: z.string(),
      counts: z.array(trackerCountSchema),
    }),
  ),
});
export type TrackerMeetingCounts = z.infer<typeof trackerMeetingCountsSchema>;

export const trackerRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/trackers',
    summary: "The organisation's keyword trackers",
    tags: ['trackers'],
    auth: true,
    permission: 'meetings.read',
    response: z.array(trackerSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/trackers',
    summary: 'Define a keyword tracker (old meetings are counted in the background)',
    tags: ['trackers'],
    auth: true,
    permission: 'trackers.manage',
    body: trackerInputSchema,
    response: trackerSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/trackers/:id',
    summary: 'Change a tracker (old meetings are counted again in the background)',
    tags: ['trackers'],
    auth: true,
    permission: 'trackers.manage',
    body: trackerInputSchema,
    response: trackerSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/trackers/:id',
    summary: 'Delete a tracker and its counts',
    tags: ['trackers'],
    auth: true,
    permission: 'trackers.manage',
    response: z.object({ message: z.string() }),
  }),
  meetingHits: defineRoute({
    method: 'GET',
    path: '/trackers/meeting/:meetingId',
    summary: "Tracker mentions in a meeting's transcript",
    tags: ['trackers'],
    auth: true,
    permission: 'meetings.read',
    response: meetingTrackerHitsSchema,
  }),
  weeklyCounts: defineRoute({
    method: 'GET',
    path: '/trackers/counts/weekly',
    summary: 'Tracker mentions per week over the meetings the caller sees',
    tags: ['trackers'],
    auth: true,
    permission: 'meetings.read',
    query: trackerCountFilters,
    response: trackerWeeklyCountsSchema,
  }),
  meetingCounts: defineRoute({
    method: 'GET',
    path: '/trackers/counts/meetings',
    summary: 'Tracker mentions per meeting over the meetings the caller sees',
    tags: ['trackers'],
    auth: true,
    permission: 'meetings.read',
    query: trackerMeetingCountsQuery,
    response: trackerMeetingCountsSchema,
  }),
} as const;
