import { z } from 'zod';
import { aiProviderKindSchema } from './ai.js';
import { citationSchema } from './insights.js';
import { defineRoute } from './route.js';
import type { STREAM_ERROR_EVENT, StreamError } from './errors.js';

/** Workbench defaults (spec 3 §3, §9). */
export const PROMPT_DEFAULTS = {
  promptName: 'New Prompt',
  model: 'gpt-3.5-turbo',
  maxTokens: 256,
  temperature: 1,
  topP: 1,
  topK: 0,
  frequencyPenalty: 0.21,
  presencePenalty: 1,
  access: 'Private',
} as const;

export const PROMPT_ACCESS = ['Private', 'Public'] as const;
export const promptAccessSchema = z.enum(PROMPT_ACCESS);
export type PromptAccess = z.infer<typeof promptAccessSchema>;
/** At most this many meetings in one comparison run. */
export const COMPARE_MAX_MEETINGS = 10;

const requiredText = (field: string) =>
  z.string({ error: `${field} is required and must be text` }).max(100_000);
const filledText = (field: string, max = 100_000) =>
  requiredText(field).trim().min(1, `${field} must not be empty`).max(max);
const numeric = (field: string) => z.number({ error: `${field} must be a number` }).finite();
/** Whole numbers stored in PostgreSQL `integer` columns (32 bits). */
const int32 = (field: string) =>
  numeric(field)
    .int(`${field} must be a whole number`)
    .min(-(2 ** 31), `${field} is too small`)
    .max(2 ** 31 - 1, `${field} is too large`);

/**
 * The stored prompt as spec 3 §3/§5 gives it: every string present, index and the settings
 * numeric, tags a list of strings. organizationId and userId are accepted for clients written
 * against the spec, but the session decides them.
 */
export const promptCreateBody = z.object({
  organizationId: requiredText('organizationId').optional(),
  userId: requiredText('userId').optional(),
  prompt: filledText('prompt'),
  promptName: filledText('promptName', 200),
  meetingId: requiredText('meetingId'),
  meetingCode: requiredText('meetingCode'),
  featureId: requiredText('featureId'),
  model: filledText('model', 200),
  access: promptAccessSchema
    .or(z.string())
    .pipe(z.enum(PROMPT_ACCESS, { error: 'access must be Private or Public' })),
  result: requiredText('result'),
  bundleId: requiredText('bundleId'),
  index: int32('index'),
  maxOutputToken: int32('maxOutputToken').positive().optional(),
  temperature: numeric('temperature').min(0).max(2).optional(),
  topP: numeric('topP').min(0).max(1).optional(),
  topK: int32('topK').min(0).optional(),
  frequencyPenalty: numeric('frequencyPenalty').min(-2).max(2).optional(),
  presencePenalty: numeric('presencePenalty').min(-2).max(2).optional(),
  tags: z
    .array(z.string({ error: 'tags must be a list of text' }).trim().min(1).max(50), {
      error: 'tags must be a list of text',
    })
    .max(20)
    .optional(),
  /** Free-form extras (the workbench keeps its second model here). */
  additionalDetails: z.record(z.string(), z.unknown()).optional(),
});
export type PromptCreateBody = z.infer<typeof promptCreateBody>;
export const promptPatchBody = promptCreateBody.partial();

export const storedPromptSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  prompt: z.string(),
  promptName: z.string(),
  meetingId: z.string(),
  meetingCode: z.string(),
  featureId: z.string(),
  model: z.string(),
  access: promptAccessSchema,
  result: z.string(),
  bundleId: z.string(),
  index: z.number(),
  maxOutputToken: z.number().nullable(),
  temperature: z.number().nullable(),
  topP: z.number().nullable(),
  topK: z.number().nullable(),
  frequencyPenalty: z.number().nullable(),
  presencePenalty: z.number().nullable(),
  tags: z.array(z.string()),
  additionalDetails: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredPrompt = z.infer<typeof storedPromptSchema>;

/** GET prompt/query: sort 'updatedAt:asc' (default), filter 'access:eq:Public', search. */
export const promptQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z
    .string()
    .regex(/^(updatedAt|createdAt|promptName):(asc|desc)$/, 'sort is field:asc or field:desc')
    .default('updatedAt:asc'),
  filter: z
    .string()
    .regex(/^access:eq:(Private|Public)$/, 'filter is access:eq:Private or access:eq:Public')
    .optional(),
  search: z.string().trim().max(200).optional(),
});
export type PromptQuery = z.input<typeof promptQuery>;

/** Generation settings of one run (spec 3 §7 prompt/result). */
const runSettings = {
  model: z.string().trim().min(1).max(200).default(PROMPT_DEFAULTS.model),
  maxOutputToken: z.number().int().positive().max(32_000).optional(),
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  topK: z.number().int().min(0).optional(),
  frequencyPenalty: z.number().min(-2).max(2).optional(),
  presencePenalty: z.number().min(-2).max(2).optional(),
};
const promptTextField = z.string().trim().min(1, 'Please enter a prompt').max(20_000);
/** Either the transcription text itself, or a meeting whose stored transcript is used. */
export const promptRunBody = z
  .object({
    promptText: promptTextField,
    transcription: z.string().max(500_000).optional(),
    meetingId: z.string().uuid().optional(),
    ...runSettings,
  })
  .refine((b) => b.transcription !== undefined || b.meetingId !== undefined, {
    message: 'Choose a meeting or send a transcription',
  });
export type PromptRunBody = z.input<typeof promptRunBody>;

export const promptRunResultSchema = z.object({
  result: z.string(),
  model: z.string(),
  provider: aiProviderKindSchema,
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  costUsd: z.number().nullable(),
  durationMs: z.number(),
  finishReason: z.enum(['stop', 'length', 'other']),
  citations: z.array(citationSchema),
});
export type PromptRunResult = z.infer<typeof promptRunResultSchema>;

/** Events of the streaming variant: `delta` text as it is written, then `done` or `error`. */
export type PromptStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { result: PromptRunResult } }
  | { event: typeof STREAM_ERROR_EVENT; data: StreamError };

export const promptCompareBody = z.object({
  promptText: promptTextField,
  model1: runSettings.model,
  model2: runSettings.model,
  lastN: z.number().int().min(1).max(COMPARE_MAX_MEETINGS).default(3),
  maxOutputToken: runSettings.maxOutputToken,
  temperature: runSettings.temperature,
  topP: runSettings.topP,
  topK: runSettings.topK,
  frequencyPenalty: runSettings.frequencyPenalty,
  presencePenalty: runSettings.presencePenalty,
});
const compareOutput = z.union([
  promptRunResultSchema.extend({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export const promptCompareResponse = z.object({
  data: z.array(
    z.object({
      meetingId: z.string(),
      meetingName: z.string(),
      model1: compareOutput,
      model2: compareOutput,
    }),
  ),
});
export type PromptComparison = z.infer<typeof promptCompareResponse>;

const tags = ['Prompts'];
const page = z.object({ data: z.array(storedPromptSchema), count: z.number().int() });

export const promptRoutes = {
  query: defineRoute({
    method: 'GET',
    path: '/prompt/query',
    summary: 'Saved prompts the caller may see',
    tags,
    auth: true,
    permission: 'prompts.manage',
    query: promptQuery,
    response: page,
  }),
  byTag: defineRoute({
    method: 'GET',
    path: '/prompt/getByTag/:tag',
    summary: 'Saved prompts with a tag',
    tags,
    auth: true,
    permission: 'prompts.manage',
    response: z.object({ data: z.array(storedPromptSchema) }),
  }),
  byMeeting: defineRoute({
    method: 'GET',
    path: '/prompt/meeting/:meetingId',
    summary: 'Saved prompts run on a meeting',
    tags,
    auth: true,
    permission: 'prompts.manage',
    response: z.object({ data: z.array(storedPromptSchema) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/prompt/:id',
    summary: 'One saved prompt',
    tags,
    auth: true,
    permission: 'prompts.manage',
    response: storedPromptSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/prompt/create',
    summary: 'Save a prompt',
    tags,
    auth: true,
    permission: 'prompts.manage',
    body: promptCreateBody,
    response: storedPromptSchema,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/prompt/:id',
    summary: 'Change a saved prompt (its author)',
    tags,
    auth: true,
    permission: 'prompts.manage',
    body: promptPatchBody,
    response: storedPromptSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/prompt/:id',
    summary: 'Delete a saved prompt (its author)',
    tags,
    auth: true,
    permission: 'prompts.manage',
    response: z.object({ message: z.string() }),
  }),
  tags: defineRoute({
    method: 'GET',
    path: '/tag',
    summary: 'The organisation’s prompt tags',
    tags,
    auth: true,
    permission: 'prompts.manage',
    response: z.object({ data: z.array(z.string()) }),
  }),
  result: defineRoute({
    method: 'POST',
    path: '/prompt/result',
    summary: 'Run a prompt and return the whole result',
    tags,
    auth: true,
    permission: 'prompts.manage',
    body: promptRunBody,
    response: promptRunResultSchema,
  }),
  /** text/event-stream: `delta` events, then `done` (usage, cost, citations) or `error`. */
  stream: defineRoute({
    method: 'POST',
    path: '/prompt/result/stream',
    summary: 'Run a prompt, streaming the result as Server-Sent Events',
    tags,
    auth: true,
    permission: 'prompts.manage',
    body: promptRunBody,
    response: z.string(),
  }),
  compare: defineRoute({
    method: 'POST',
    path: '/prompt/compare',
    summary: 'Run one prompt with two models over the last N processed meetings',
    tags,
    auth: true,
    permission: 'prompts.manage',
    body: promptCompareBody,
    response: promptCompareResponse,
  }),
} as const;
