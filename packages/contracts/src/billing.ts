import { z } from 'zod';
import { calendarDay } from './dates.js';
import { defineRoute } from './route.js';
import { inferenceStatusSchema } from './meetings.js';

/** Analysis credits: one credit per started minute of a meeting (spec 2 §7 Analysis). */
export const CREDIT_MESSAGES = {
  notEnough: (needed: number, left: number) =>
    `Not enough credits to analyze this meeting: ${needed} minutes needed, ${left} left`,
  cut: (used: number, left: number) => `${used} credits used; ${left} left`,
  notCharged: 'No credits used: the platform organization is not charged',
} as const;

export const cutCreditsBody = z.object({
  /** Minutes (fractions allowed); charged rounded up. */
  duration: z.number().positive().max(100_000),
});

const day = calendarDay();
/** Optional range of meeting start days (UTC, inclusive); no range (or no body) means all time. */
export const usageBody = z.object({ from: day.optional(), to: day.optional() }).nullish();

export const meetingUsageSchema = z.object({
  remainingCredits: z.number().nullable(),
  usedMinutes: z.number(),
  count: z.number(),
  meetings: z.array(
    z.object({
      id: z.string(),
      meetingName: z.string(),
      startTime: z.string(),
      minutes: z.number(),
      inferenceStatus: inferenceStatusSchema,
    }),
  ),
});
export const dayUsageSchema = z.object({
  remainingCredits: z.number().nullable(),
  usedMinutes: z.number(),
  days: z.array(z.object({ date: z.string(), meetings: z.number(), minutes: z.number() })),
});

export const billingRoutes = {
  freeMeetingCredits: defineRoute({
    method: 'GET',
    path: '/plan/free-meeting-credits',
    summary: 'Meeting credits the free plan starts with',
    tags: ['billing'],
    auth: true,
    permission: 'profile.own',
    response: z.object({ data: z.object({ credits: z.number() }) }),
  }),
  cutCreditsForOffline: defineRoute({
    method: 'POST',
    path: '/credits/cutCreditsForOffline',
    summary: 'Charge analysis credits for a meeting of this many minutes (rounded up)',
    tags: ['billing'],
    auth: true,
    permission: 'billing.manage',
    // Any member could otherwise burn the organisation's credits (issue 21).
    body: cutCreditsBody,
    response: z.object({ data: z.object({ message: z.string() }) }),
  }),
  meetings: defineRoute({
    method: 'POST',
    path: '/plan/meetings',
    summary: 'Minutes used per visible meeting (up to 500, newest first)',
    tags: ['billing'],
    auth: true,
    permission: 'meetings.read',
    body: usageBody,
    response: z.object({ data: z.object({ bundleUsage: meetingUsageSchema }) }),
  }),
  usageByDay: defineRoute({
    method: 'POST',
    path: '/plan/usage/day',
    summary: 'Meetings and minutes per day over the visible meetings',
    tags: ['billing'],
    auth: true,
    permission: 'meetings.read',
    body: usageBody,
    response: z.object({ data: z.object({ bundleUsage: dayUsageSchema }) }),
  }),
} as const;
