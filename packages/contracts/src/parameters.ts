import { z } from 'zod';
import { defineRoute } from './route.js';

/** Auto-pay's threshold when neither the parameter nor AUTO_PAY_THRESHOLD is set. */
export const DEFAULT_AUTO_PAY_THRESHOLD = 10;

/** Free-plan meeting credits when neither the parameter nor FREE_MEETING_CREDITS is set. */
export const DEFAULT_FREE_MEETING_CREDITS = 30;

/**
 * Parameters the server reads; each falls back to its environment variable (same name) when
 * no row holds it. Values are whole numbers within these bounds.
 */
export const KNOWN_PARAMETERS = {
  FREE_MEETING_CREDITS: {
    min: 0,
    max: 1_000_000,
    description: 'Meeting credits a new organization gets on the free plan',
  },
  AUTO_PAY_THRESHOLD: {
    min: 0,
    max: 1_000_000,
    description: 'Auto-pay buys credits when a plan has fewer than this many left',
  },
  TAX_RATE_BASIS_POINTS: {
    min: 0,
    max: 10_000,
    description:
      'Tax shown on new invoices, in basis points (2000 is 20 %; 0 is none); prices include it. TAX_LABEL names it',
  },
  THRESHOLD_HR_SCORE: {
    min: 0,
    max: 100,
    description: 'Candidate Analysis: a score at or above it is Recommended / Good (0–100)',
  },
} as const;
export type KnownParameter = keyof typeof KNOWN_PARAMETERS;
export const KNOWN_PARAMETER_KEYS = Object.keys(KNOWN_PARAMETERS) as KnownParameter[];

/** Served to the web app by GET /parameter/parameters. */
export const FRONTEND_PARAMETERS = ['THRESHOLD_HR_SCORE'] as const satisfies KnownParameter[];
/** Parameters an organisation may override with a threshold of its own. */
export const THRESHOLD_KEYS = ['THRESHOLD_HR_SCORE'] as const satisfies KnownParameter[];
export type ThresholdKey = (typeof THRESHOLD_KEYS)[number];

export function isKnownParameter(key: string): key is KnownParameter {
  return Object.hasOwn(KNOWN_PARAMETERS, key);
}

/** Why a known parameter's value is refused, or null when it is acceptable. */
export function knownParameterProblem(key: KnownParameter, value: string): string | null {
  const { min, max } = KNOWN_PARAMETERS[key];
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    return `${key} must be a whole number from ${min} to ${max}`;
  }
  return null;
}

const key = z
  .string()
  .trim()
  .regex(
    /^[A-Z][A-Z0-9_]{0,99}$/,
    'key is upper-case letters, digits and _ (e.g. FREE_MEETING_CREDITS)',
  );
const value = z.string().trim().min(1, 'value must not be empty').max(2000);

export const parameterSchema = z.object({
  id: z.string(),
  key: z.string(),
  value: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Parameter = z.infer<typeof parameterSchema>;

export const parameterBody = z.object({
  key,
  value,
  description: z.string().trim().max(500).default(''),
});
export const parameterPatchBody = z.object({
  value: value.optional(),
  description: z.string().trim().max(500).optional(),
});
export type ParameterBody = z.input<typeof parameterBody>;
export type ParameterPatchBody = z.input<typeof parameterPatchBody>;

export const parameterPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z
    .string()
    .regex(
      /^(key|createdAt|updatedAt):(asc|desc)$/,
      'sort is key, createdAt or updatedAt, then :asc or :desc',
    )
    .default('createdAt:desc'),
  search: z.string().trim().max(200).optional(),
});
export type ParameterPageQuery = z.input<typeof parameterPageQuery>;

/**
 * One organisation's threshold for a key. The list shows every organisation: one without its
 * own value has id, value and the dates null, and `effective` is the parameter's value.
 */
export const thresholdSchema = z.object({
  id: z.string().nullable(),
  organizationId: z.string(),
  organizationName: z.string(),
  key: z.string(),
  value: z.number().nullable(),
  /** What applies to the organisation: its value, else the parameter. */
  effective: z.number(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Threshold = z.infer<typeof thresholdSchema>;

const thresholdKey = z.enum(THRESHOLD_KEYS, {
  error: `key must be one of ${THRESHOLD_KEYS.join(', ')}`,
});
const thresholdValue = z
  .number({ error: 'value must be a number' })
  .int('value must be a whole number')
  .min(0)
  .max(100);
export const thresholdBody = z.object({
  organizationId: z.uuid('organizationId must be an organization id'),
  key: thresholdKey.default('THRESHOLD_HR_SCORE'),
  value: thresholdValue,
});
export const thresholdPatchBody = z.object({ value: thresholdValue });
export type ThresholdBody = z.input<typeof thresholdBody>;

export const thresholdPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  key: thresholdKey.default('THRESHOLD_HR_SCORE'),
  /** Organisation name. */
  search: z.string().trim().max(200).optional(),
});
export type ThresholdPageQuery = z.input<typeof thresholdPageQuery>;

/** Effective values for the caller's organisation: its threshold if set, else the parameter. */
export const thresholdValuesSchema = z.record(z.enum(THRESHOLD_KEYS), z.number());
export const frontendParametersSchema = z.record(z.enum(FRONTEND_PARAMETERS), z.number());

const tags = ['parameters'];
const message = z.object({ message: z.string() });

export const parameterRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/parameter',
    summary: 'A page of parameters with the total count (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    query: parameterPageQuery,
    response: z.object({ data: z.array(parameterSchema), count: z.number().int() }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/parameter',
    summary: 'Add a parameter (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    body: parameterBody,
    response: parameterSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/parameter/:id',
    summary: "Change a parameter's value or description (super admin)",
    tags,
    auth: true,
    permission: 'platform.manage',
    body: parameterPatchBody,
    response: parameterSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/parameter/:id',
    summary: 'Remove a parameter; a known one falls back to its environment default (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    response: message,
  }),
  frontend: defineRoute({
    method: 'GET',
    path: '/parameter/parameters',
    summary: "The parameters the web app uses, as they apply to the caller's organisation",
    tags,
    auth: true,
    permission: 'profile.own',
    response: frontendParametersSchema,
  }),
  thresholds: defineRoute({
    method: 'GET',
    path: '/parameter/thresholds',
    summary: 'Every organisation with its own threshold for the key, if any (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    query: thresholdPageQuery,
    response: z.object({ data: z.array(thresholdSchema), count: z.number().int() }),
  }),
  createThreshold: defineRoute({
    method: 'POST',
    path: '/parameter/create-threshold',
    summary: "Set an organisation's own threshold (super admin)",
    tags,
    auth: true,
    permission: 'platform.manage',
    body: thresholdBody,
    response: thresholdSchema,
    status: 201,
  }),
  updateThreshold: defineRoute({
    method: 'PATCH',
    path: '/parameter/update-threshold/:id',
    summary: "Change an organisation's threshold (super admin)",
    tags,
    auth: true,
    permission: 'platform.manage',
    body: thresholdPatchBody,
    response: thresholdSchema,
  }),
  thresholdValues: defineRoute({
    method: 'GET',
    path: '/parameter/threshold-values',
    summary: "The thresholds that apply to the caller's organisation",
    tags,
    auth: true,
    permission: 'meetings.read',
    response: thresholdValuesSchema,
  }),
} as const;
