import { z } from 'zod';
import { inSupportedYears } from './dates.js';
import { defineRoute } from './route.js';

/** Spec 3 §8. */
export const USER_LOG_MESSAGES = {
  userLogsFailed: 'Getting User logs Failed',
  organizationLogsFailed: 'Getting Organization Logs Failed',
} as const;

/** A logged call's HTTP method, for the `method:eq:{method}` filter. */
export const LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** An instant as ISO 8601 or epoch milliseconds (the spec's clients send both). */
const instant = z
  .union([
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform((ms) => new Date(Number(ms))),
    z.iso.datetime({ offset: true }).transform((iso) => new Date(iso)),
    z.iso.date().transform((day) => new Date(`${day}T00:00:00Z`)),
  ])
  .refine(inSupportedYears, 'Use a date between the years 1 and 9998');

const BETWEEN = /^createdAt:between:([^,]+),([^,]+)$/;

/**
 * `filter=createdAt:between:{from},{to}` (inclusive). Without it the range is 0..now (spec 3
 * §9).
 */
const createdAtFilter = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const match = BETWEEN.exec(text);
    const from = match ? instant.safeParse(match[1]) : null;
    const to = match ? instant.safeParse(match[2]) : null;
    if (!from?.success || !to?.success) {
      ctx.addIssue({
        code: 'custom',
        message: 'filter is createdAt:between:{from},{to} with ISO dates or epoch milliseconds',
      });
      return z.NEVER;
    }
    return { from: from.data, to: to.data };
  });

const paging = {
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  /** Matches first name, last name or e-mail. */
  search: z.string().trim().max(200).optional(),
};

export const USER_LOG_SORTS = ['activityCount', 'lastActivityAt', 'firstName', 'email'] as const;

export const userLogQuery = z.object({
  ...paging,
  filter: createdAtFilter.optional(),
  sort: z
    .string()
    .regex(
      /^(activityCount|lastActivityAt|firstName|email):(asc|desc)$/,
      'sort is activityCount, lastActivityAt, firstName or email, then :asc or :desc',
    )
    .default('activityCount:desc'),
});
export type UserLogQuery = z.input<typeof userLogQuery>;

/** The timestamps route has its range in the path; its filter is `method:eq:{METHOD}`. */
export const userLogTimestampsQuery = z.object({
  ...paging,
  filter: z
    .string()
    .regex(/^method:eq:(GET|POST|PUT|PATCH|DELETE)$/, 'filter is method:eq:GET (or POST, ...)')
    .transform((f) => f.slice('method:eq:'.length) as (typeof LOG_METHODS)[number])
    .optional(),
});
export type UserLogTimestampsQuery = z.input<typeof userLogTimestampsQuery>;

/** Parses the `{from},{to}` path segment of the timestamps route; null when malformed. */
export function parseLogRange(segment: string): { from: Date; to: Date } | null {
  const [from, to, extra] = segment.split(',');
  if (extra !== undefined) return null;
  const f = instant.safeParse(from);
  const t = instant.safeParse(to);
  return f.success && t.success ? { from: f.data, to: t.data } : null;
}

/** One user's activity in the range (spec 3 §3 User log entry). */
export const userLogEntrySchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.object({ email: z.string() }),
  /** Name and e-mail in one string, what the table's search runs over. */
  search: z.string(),
  activityCount: z.number().int(),
  lastActivityAt: z.string().nullable(),
});
export type UserLogEntry = z.infer<typeof userLogEntrySchema>;

export const activityDaySchema = z.object({ date: z.string(), count: z.number().int() });
export type ActivityDay = z.infer<typeof activityDaySchema>;

export const userLogPageSchema = z.object({
  data: z.array(userLogEntrySchema),
  /** Calls in the range by the users the search matches. */
  activityCount: z.number().int(),
  /** Users the search matches (page count = ceil(count / size)). */
  count: z.number().int(),
  /** Calls per UTC day in the range, oldest first (days without calls are left out). */
  days: z.array(activityDaySchema),
});
export type UserLogPage = z.infer<typeof userLogPageSchema>;

/** One logged call; never a body, query string or token. */
export const logEventSchema = z.object({
  id: z.number().int(),
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.object({ email: z.string() }),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type LogEvent = z.infer<typeof logEventSchema>;

export const logEventPageSchema = z.object({
  data: z.array(logEventSchema),
  /** Calls matching the range, method and search (page count = ceil(activityCount / size)). */
  activityCount: z.number().int(),
});
export type LogEventPage = z.infer<typeof logEventPageSchema>;

const tags = ['user logs'];

export const userLogRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/userlog/all',
    summary: 'Activity per user across every organisation (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    query: userLogQuery,
    response: userLogPageSchema,
  }),
  organization: defineRoute({
    method: 'GET',
    path: '/userlog/organization/:organizationId',
    summary:
      "Activity per user of one organisation (super admin, or the organisation's point of contact)",
    tags,
    auth: true,
    permission: 'logs.read',
    query: userLogQuery,
    response: userLogPageSchema,
  }),
  organizationTimestamps: defineRoute({
    method: 'GET',
    path: '/userlog/organization/:organizationId/timestamps/:range',
    summary: 'The calls of one organisation between two instants ({from},{to}), newest first',
    tags,
    auth: true,
    permission: 'logs.read',
    query: userLogTimestampsQuery,
    response: logEventPageSchema,
  }),
  user: defineRoute({
    method: 'GET',
    path: '/userlog/user/:userId',
    summary: "One user's activity (their own; any of the organisation's for its point of contact)",
    tags,
    auth: true,
    permission: 'profile.own',
    query: userLogQuery,
    response: userLogPageSchema,
  }),
} as const;
