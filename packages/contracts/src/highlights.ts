import { z } from 'zod';
import { defineRoute } from './route.js';

/** Saved moments of a meeting (spec 2 §7 Highlights). */
export const highlightSchema = z.object({
  id: z.string(),
  meetingId: z.string(),
  userId: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  title: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Highlight = z.infer<typeof highlightSchema>;

/**
 * The latest moment a highlight may mark, in seconds (a week). The columns hold numeric(12,3);
 * without a bound, a number such as 1e308 passed validation and failed the insert.
 */
export const HIGHLIGHT_MAX_SECONDS = 7 * 24 * 3600;
const moment = z
  .number()
  .min(0)
  .max(HIGHLIGHT_MAX_SECONDS, 'A highlight must lie within the meeting');

const highlightFields = z
  .object({
    startTime: moment,
    endTime: moment,
    title: z.string().trim().min(1, 'Give the highlight a title').max(200),
    note: z.string().trim().max(2000).nullable().optional(),
  })
  .refine((h) => h.endTime > h.startTime, {
    message: 'The highlight must end after it starts',
    path: ['endTime'],
  });

export const highlightRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/highlights/:meetingId',
    summary: 'Highlights of a meeting',
    tags: ['highlights'],
    auth: true,
    permission: 'meetings.read',
    response: z.array(highlightSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/highlights',
    summary: 'Save a moment of a meeting',
    tags: ['highlights'],
    auth: true,
    permission: 'meetings.manage',
    body: z.intersection(z.object({ meetingId: z.uuid() }), highlightFields),
    response: highlightSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/highlights/:id',
    summary: 'Change a highlight',
    tags: ['highlights'],
    auth: true,
    permission: 'meetings.manage',
    body: highlightFields,
    response: highlightSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/highlights/:id',
    summary: 'Delete a highlight',
    tags: ['highlights'],
    auth: true,
    permission: 'meetings.manage',
    response: z.object({ message: z.string() }),
  }),
} as const;
