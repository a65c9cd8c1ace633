import { z } from 'zod';
import { calendarDay } from './dates.js';
import { meetingStageSchema } from './meetings.js';

/**
 * Sales accounts, deals and their contacts (issue 16), and the figures of the /accounts view
 * (spec 2 §2 Teams and deals view). Deals move through the sales stages of a meeting.
 */

/** Where a row came from: made in Parley, or synced from a CRM (upserted on externalId). */
export const DEAL_SOURCES = ['parley', 'hubspot', 'salesforce'] as const;
export const dealSourceSchema = z.enum(DEAL_SOURCES);
export type DealSource = z.infer<typeof dealSourceSchema>;

export const SALES_MESSAGES = {
  /** Spec 2 §8: the teams and deals view's load failures (title, then text). */
  getTeamsFailed: 'Get Teams Failed',
  failedToGetTeams: 'Failed to get teams',
  accountNotFound: 'Account not found',
  dealNotFound: 'Deal not found',
  contactNotFound: 'Contact not found',
  contactExists: 'This e-mail address is already a contact of the deal',
  ownerInvalid: 'The deal owner must be an active user of the organization',
  linked: 'Meeting linked to the deal',
  unlinked: 'Meeting unlinked from its deal',
  deleted: 'Deleted',
} as const;

const uuid = z.string().uuid();
const text = (max: number) => z.string().trim().min(1).max(max);

export const salesAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  source: dealSourceSchema,
  externalId: z.string().nullable(),
  /** Deals of the account. */
  dealsCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SalesAccount = z.infer<typeof salesAccountSchema>;

export const salesAccountBody = z.object({
  name: text(200),
  domain: z.string().trim().max(253).nullable().optional(),
});
export const salesAccountPatch = z.object({
  name: text(200).optional(),
  domain: z.string().trim().max(253).nullable().optional(),
});

/**
 * Issue 16 item 5: the warnings a deal can carry, each computed from stored facts only
 * (apps/server/src/modules/sales/warnings.ts says how):
 * - noRecentCall: no linked call started in the last DEAL_WARNING_RULES.quietDays days;
 * - singleThreaded: only one of the deal's contacts attended its calls;
 * - pricingNotDiscussed: the customer's side never spoke about pricing in its calls;
 * - noNextStep: the last call's action items give no step with both who and when;
 * - stuckInStage: the deal has been in its stage longer than the organisation's median.
 */
export const DEAL_WARNING_KINDS = [
  'noRecentCall',
  'singleThreaded',
  'pricingNotDiscussed',
  'noNextStep',
  'stuckInStage',
] as const;
export const dealWarningKindSchema = z.enum(DEAL_WARNING_KINDS);
export type DealWarningKind = z.infer<typeof dealWarningKindSchema>;

/** The fixed figures of the rules: never fitted to data. */
export const DEAL_WARNING_RULES = {
  /** A deal with no call for this many days has gone quiet. */
  quietDays: 14,
  /** A stage's median needs at least this many finished spans in it to judge a deal by. */
  minStageSpans: 5,
} as const;

/** A transcript moment a warning rests on (seconds into the call). */
export const warningMomentSchema = z.object({
  meetingId: z.string(),
  start: z.number(),
  end: z.number(),
  speaker: z.string(),
  text: z.string(),
});

/**
 * What a warning rests on, so it can be checked: the calls (and moments) behind it, and the
 * figures it compared. Only the fields of its kind are set.
 */
export const warningEvidenceSchema = z.object({
  /** The calls the warning looked at or rests on, newest first. */
  meetingIds: z.array(z.string()),
  moments: z.array(warningMomentSchema).optional(),
  /** noRecentCall, noNextStep: the last call's start (ISO). */
  lastCallAt: z.string().nullable().optional(),
  daysSinceLastCall: z.number().optional(),
  /** singleThreaded: the deal's contacts, and the addresses of those who attended. */
  contacts: z.number().int().optional(),
  engagedContacts: z.array(z.string()).optional(),
  /** noNextStep: the last call's action items as stored. */
  actionItems: z.array(z.string()).optional(),
  /** stuckInStage: since when, how long, and the organisation's median over how many spans. */
  stageSince: z.string().optional(),
  daysInStage: z.number().optional(),
  medianDays: z.number().optional(),
  spans: z.number().int().optional(),
});
export type WarningEvidence = z.infer<typeof warningEvidenceSchema>;

export const dealWarningSchema = z.object({
  kind: dealWarningKindSchema,
  /** In plain words, e.g. "No call in 21 days (last call 2 May 2025)". */
  message: z.string(),
  evidence: warningEvidenceSchema,
});
export type DealWarning = z.infer<typeof dealWarningSchema>;

/** A rule that could not judge the deal, and why (e.g. not enough signal): no warning either way. */
export const uncheckedWarningSchema = z.object({
  kind: dealWarningKindSchema,
  reason: z.string(),
});
export type UncheckedWarning = z.infer<typeof uncheckedWarningSchema>;

/**
 * A deal's next step (spec 2 §2 Deals), from its last call whose action items are analysed:
 * the item that says who and by when, else the first with a time, else the first item.
 */
export const dealNextStepSchema = z.object({
  /** The action item as stored; null when that call has no action items. */
  text: z.string().nullable(),
  /** Whether it says who will do it and by when (when not, the deal warns noNextStep). */
  agreed: z.boolean(),
  /** The call it comes from, and when it started (ISO). */
  meetingId: z.string(),
  callAt: z.string(),
});
export type DealNextStep = z.infer<typeof dealNextStepSchema>;

export const dealSchema = z.object({
  id: z.string(),
  name: z.string(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  stage: meetingStageSchema,
  amount: z.number(),
  /** ISO 4217 code. */
  currency: z.string(),
  /** YYYY-MM-DD. */
  closeDate: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  source: dealSourceSchema,
  externalId: z.string().nullable(),
  /** Meetings linked to the deal. */
  meetingsCount: z.number().int(),
  /** The warnings of the latest computation (daily, and after each linked call). */
  warnings: z.array(dealWarningSchema),
  /** The rules that could not judge it then, with why. */
  warningsUnchecked: z.array(uncheckedWarningSchema),
  /** When they were computed; null before the first time. */
  warningsAt: z.string().nullable(),
  /** Computed with the warnings; null while none of its calls has analysed action items. */
  nextStep: dealNextStepSchema.nullable(),
  /** When the latest of them started (ISO); null before any is linked. */
  lastMeetingAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

export const dealBody = z.object({
  name: text(200),
  accountId: uuid.nullable().optional(),
  stage: meetingStageSchema.exclude(['basic_meeting']).default('prospecting_stage'),
  amount: z.number().min(0).max(1e12).default(0),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase())
    .default('USD'),
  closeDate: calendarDay().nullable().optional(),
  /** Defaults to the caller. */
  ownerId: uuid.nullable().optional(),
});
export const dealPatch = z.object({
  name: text(200).optional(),
  accountId: uuid.nullable().optional(),
  stage: meetingStageSchema.exclude(['basic_meeting']).optional(),
  amount: z.number().min(0).max(1e12).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  closeDate: calendarDay().nullable().optional(),
  ownerId: uuid.nullable().optional(),
});

export const dealContactSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  source: dealSourceSchema,
  externalId: z.string().nullable(),
  createdAt: z.string(),
});
export type DealContact = z.infer<typeof dealContactSchema>;

const contactEmail = z
  .string()
  .trim()
  .email()
  .max(320)
  .transform((e) => e.toLowerCase());
const contactName = z.string().trim().max(200);
const contactRole = z.string().trim().max(100).nullable();
export const dealContactBody = z.object({
  name: contactName.default(''),
  email: contactEmail,
  role: contactRole.optional(),
});
// Written out rather than .partial(): a default would overwrite the stored name on every patch.
export const dealContactPatch = z.object({
  name: contactName.optional(),
  email: contactEmail.optional(),
  role: contactRole.optional(),
});

const paging = {
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
};
export const salesAccountListQuery = z.object(paging);
export const dealListQuery = z.object({
  ...paging,
  stage: meetingStageSchema.optional(),
  accountId: uuid.optional(),
  ownerId: uuid.optional(),
  /** Only deals carrying at least one warning. */
  atRisk: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  order: z
    .string()
    .regex(/^(createdAt|name|amount|closeDate):(asc|desc)$/)
    .default('createdAt:desc'),
});
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), count: z.number().int() });

export const linkDealBody = z.object({ dealId: uuid.nullable() });
