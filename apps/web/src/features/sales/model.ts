import {
  MEETING_STAGES,
  dealBody,
  dealContactBody,
  salesAccountBody,
  type MeetingStage,
  type SalesMeeting,
  type SalesSignal,
} from '@parley/contracts';
import { appLocale, formatCalendarDay } from '../../lib/datetime';
import { fromParse, type Validated } from '../../lib/validation';
import { shortDuration } from '../../ui/charts/chart-theme';

/** The sales stages, in their order (a deal or a sales call is never a basic meeting). */
export const SALES_STAGES = MEETING_STAGES.filter(
  (s): s is Exclude<MeetingStage, 'basic_meeting'> => s !== 'basic_meeting',
);
export type SalesStage = (typeof SALES_STAGES)[number];

// ---------- money ----------

/**
 * An amount in its currency for the reader's locale: '$12,500', '€9,800.50'. A code the
 * browser does not know (a CRM's own) is written after the number rather than failing.
 */
export function formatAmount(amount: number, currency: string, locale = appLocale()): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** A close date (YYYY-MM-DD) as the app writes days, '—' when the deal has none. */
export const formatCloseDate = (day: string | null): string => formatCalendarDay(day) || '—';

/** An axis tick: '12K', '1.2M' (the currency is in the legend). */
export const compactNumber = (n: number, locale = appLocale()) =>
  new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/** One chart row per stage that has deals, a total per currency: `{ stage, USD: 12000, EUR: 900 }`. */
export function amountRows(
  data: readonly { stage: MeetingStage; currency: string; totalAmount: number }[],
): { rows: ({ stage: MeetingStage } & Record<string, number | string>)[]; currencies: string[] } {
  const currencies = [...new Set(data.map((d) => d.currency))].sort();
  const rows = MEETING_STAGES.flatMap((stage) => {
    const here = data.filter((d) => d.stage === stage);
    if (here.length === 0) return [];
    const row: { stage: MeetingStage } & Record<string, number | string> = { stage };
    for (const c of currencies) row[c] = here.find((d) => d.currency === c)?.totalAmount ?? 0;
    return [row];
  });
  return { rows, currencies };
}

// ---------- teams ----------

export interface Person {
  id: string;
  name: string;
  email: string;
  salesManagerId: string | null;
}

export interface TeamGroup {
  /** The manager's id, or 'none' for the people who report to nobody listed. */
  id: string;
  title: string;
  /** The manager first (their own calls count too), then their reps by name. */
  members: (Person & { isManager: boolean })[];
}

const byName = (a: Person, b: Person) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The Teams view's groups: each manager with the reps who report to them. Someone reporting
 * to a manager who is not listed (inactive, or outside the caller's team) goes with those who
 * report to nobody, last.
 */
export function teamGroups(people: readonly Person[]): TeamGroup[] {
  const ids = new Set(people.map((p) => p.id));
  const managerIds = new Set(
    people.flatMap((p) =>
      p.salesManagerId && ids.has(p.salesManagerId) && p.salesManagerId !== p.id
        ? [p.salesManagerId]
        : [],
    ),
  );
  const groups: TeamGroup[] = people
    .filter((p) => managerIds.has(p.id))
    .sort(byName)
    .map((manager) => ({
      id: manager.id,
      title: `${manager.name}’s team`,
      members: [
        { ...manager, isManager: true },
        ...people
          .filter((p) => p.salesManagerId === manager.id && p.id !== manager.id)
          .sort(byName)
          .map((p) => ({ ...p, isManager: managerIds.has(p.id) })),
      ],
    }));
  const placed = new Set(groups.flatMap((g) => g.members.map((m) => m.id)));
  const rest = people.filter((p) => !placed.has(p.id)).sort(byName);
  if (rest.length > 0)
    groups.push({
      id: 'none',
      title: groups.length > 0 ? 'Not reporting to a manager' : 'Team',
      members: rest.map((p) => ({ ...p, isManager: false })),
    });
  return groups;
}

/** The calls of a rep's card, as the sales list answers them (newest first). */
type ScoredCall = Pick<SalesMeeting, 'id' | 'startTime' | 'score' | 'stage'>;

export interface StageScore<C extends ScoredCall = ScoredCall> {
  stage: SalesStage;
  /** Mean score (0–100) of the stage's scored calls, rounded; null when none is scored. */
  value: number | null;
  /** The stage's calls: the ones behind the figure. */
  calls: C[];
}

const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

/** Per sales stage with calls, the mean score of its scored calls and the calls themselves. */
export function scoresByStage<C extends ScoredCall>(calls: readonly C[]): StageScore<C>[] {
  return SALES_STAGES.flatMap((stage) => {
    const here = calls.filter((c) => c.stage === stage);
    if (here.length === 0) return [];
    const scores = here.flatMap((c) => (c.score === null ? [] : [c.score]));
    return [{ stage, value: scores.length ? Math.round(mean(scores)) : null, calls: here }];
  });
}

export interface Trend {
  /** The scores in time order, oldest first (the sparkline). */
  points: number[];
  /** Mean of the later half minus mean of the earlier half, in points; null under two scores. */
  delta: number | null;
  direction: 'up' | 'down' | 'flat' | null;
}

/** Movements smaller than this are called steady: a score moves a few points by chance. */
export const FLAT_WITHIN = 3;

/**
 * How a rep's call scores move: the scored calls oldest first, and whether the later half
 * scores better than the earlier (with an odd count the middle call is in neither half).
 */
export function trendOf(calls: readonly ScoredCall[]): Trend {
  const points = calls
    .filter((c): c is ScoredCall & { score: number } => c.score !== null)
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id))
    .map((c) => c.score);
  if (points.length < 2) return { points, delta: null, direction: null };
  const half = Math.floor(points.length / 2);
  const delta = Math.round(mean(points.slice(-half)) - mean(points.slice(0, half)));
  const direction = Math.abs(delta) < FLAT_WITHIN ? 'flat' : delta > 0 ? 'up' : 'down';
  return { points, delta, direction };
}

/** The trend in words, for the sparkline's name and beside it. */
export function trendWords(t: Trend): string {
  if (t.direction === null) return 'Not enough scored calls for a trend';
  if (t.direction === 'flat') return `Steady over ${t.points.length} scored calls`;
  const d = t.delta ?? 0;
  return `${d > 0 ? 'Up' : 'Down'} ${Math.abs(d)} points over ${t.points.length} scored calls`;
}

// ---------- performance by stage ----------

export const SIGNAL_LABELS: Record<SalesSignal, string> = {
  talkRatio: 'Talk ratio',
  longestMonologueSec: 'Longest monologue',
  questions: 'Questions asked',
  interactivity: 'Interactivity',
  fillerWords: 'Filler words',
  speakingRate: 'Speaking rate',
};

/** A measured signal as people read it: '42 %', '1m 05s', '2.4 / min', '148 wpm'. */
export function formatSignal(signal: SalesSignal, value: number | null): string {
  if (value === null) return '—';
  const n = (digits: number) => value.toFixed(digits).replace(/\.0+$/, '');
  switch (signal) {
    case 'talkRatio':
      return `${Math.round(value)} %`;
    case 'longestMonologueSec':
      return shortDuration(value);
    case 'interactivity':
      return `${n(1)} / min`;
    case 'speakingRate':
      return `${Math.round(value)} wpm`;
    default:
      return n(1);
  }
}

// ---------- forms ----------

export const DEAL_FIELDS = [
  'name',
  'accountId',
  'stage',
  'amount',
  'currency',
  'closeDate',
  'ownerId',
] as const;
export type DealField = (typeof DEAL_FIELDS)[number];

/** The deal form as typed: '' is "none" for the account, close date and owner. */
export interface DealValues {
  name: string;
  accountId: string;
  stage: SalesStage;
  amount: string;
  currency: string;
  closeDate: string;
  ownerId: string;
}

export type DealInput = ReturnType<typeof dealBody.parse>;

/** The deal form's body, or what is wrong field by field (in people's words). */
export function validateDeal(v: DealValues): Validated<DealField, DealInput> {
  const errors: Partial<Record<DealField, string>> = {};
  if (!v.name.trim()) errors.name = 'Give the deal a name';
  const amount = v.amount.trim() === '' ? 0 : Number(v.amount.replace(/[\s,]/g, ''));
  if (!Number.isFinite(amount) || amount < 0) errors.amount = 'Enter an amount of 0 or more';
  if (!/^[A-Za-z]{3}$/.test(v.currency.trim()))
    errors.currency = 'A three-letter currency code, e.g. USD';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return fromParse(
    dealBody.safeParse({
      name: v.name,
      accountId: v.accountId || null,
      stage: v.stage,
      amount,
      currency: v.currency.trim(),
      closeDate: v.closeDate || null,
      ownerId: v.ownerId || null,
    }),
    DEAL_FIELDS,
  );
}

export const ACCOUNT_FIELDS = ['name', 'domain'] as const;
export type AccountInput = ReturnType<typeof salesAccountBody.parse>;
export function validateAccount(v: {
  name: string;
  domain: string;
}): Validated<(typeof ACCOUNT_FIELDS)[number], AccountInput> {
  if (!v.name.trim()) return { ok: false, errors: { name: 'Give the account a name' } };
  return fromParse(
    salesAccountBody.safeParse({ name: v.name, domain: v.domain.trim() || null }),
    ACCOUNT_FIELDS,
  );
}

export const CONTACT_FIELDS = ['name', 'email', 'role'] as const;
export type ContactInput = ReturnType<typeof dealContactBody.parse>;
export function validateContact(v: {
  name: string;
  email: string;
  role: string;
}): Validated<(typeof CONTACT_FIELDS)[number], ContactInput> {
  const parsed = dealContactBody.safeParse({
    name: v.name,
    email: v.email,
    role: v.role.trim() || null,
  });
  if (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'email'))
    return { ok: false, errors: { email: 'Enter a valid e-mail address' } };
  return fromParse(parsed, CONTACT_FIELDS);
}
