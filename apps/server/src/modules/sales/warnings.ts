import {
  DEAL_WARNING_RULES,
  MEETING_STAGE_LABELS,
  type DealNextStep,
  type DealWarning,
  type DealWarningKind,
  type MeetingStage,
  type TrackerSide,
  type UncheckedWarning,
} from '@parley/contracts';
import {
  countTrackers,
  sidesOf,
  type CountedWord,
  type Member,
  type VerifiedSpeaker,
} from '../trackers/index.js';
import { writtenDay } from '../../platform/dates.js';

/**
 * What the computation of a deal's warnings writes has changed since deals with a lower
 * `warnings_version` were computed: the daily pass computes them again (2: the next step).
 */
export const WARNINGS_VERSION = 2;

/**
 * A deal's warnings (issue 16 item 5) from its stored facts, by fixed rules: nothing here is
 * fitted to data. A rule that cannot tell (no contacts, no known customer speaker, no stage
 * history) warns nothing and says why instead: a guess would be a false alarm.
 */

/** One call linked to the deal, as the rules read it. */
export interface CallFacts {
  id: string;
  startTime: Date;
  /** The meeting's speaker names (additionalDetails: speaker label -> name or e-mail). */
  names: Record<string, string>;
  /** E-mail addresses of the people invited to the call or verified in it. */
  attendees: string[];
  /** Participants the biometric check verified, with the speaker each was found to be. */
  verified: VerifiedSpeaker[];
  /** The transcript's words; null before the speech step has run. */
  words: CountedWord[] | null;
  /** The stored action items (one per line); null when not analysed (read for the last call). */
  actionItems: string[] | null;
}

export interface DealFacts {
  stage: MeetingStage;
  createdAt: Date;
  contacts: { email: string; name: string }[];
  /** The organisation's members: whose voice is "ours". */
  members: Member[];
  calls: CallFacts[];
  /** The stages the deal entered and when, oldest first. */
  stageHistory: { stage: MeetingStage; changedAt: Date }[];
  /** The organisation's finished spans (ms) in the deal's current stage. */
  stageSpansMs: number[];
}

export interface DealWarningsResult {
  warnings: DealWarning[];
  unchecked: UncheckedWarning[];
}

/**
 * What "talking about pricing" is: fixed phrases, matched as the keyword trackers match theirs
 * (whole words, plurals and possessives, case and punctuation aside).
 */
export const PRICING_PHRASES = [
  'price',
  'pricing',
  'priced',
  'cost',
  'budget',
  'quote',
  'discount',
  'how much',
  'per seat',
  'per user',
  'per licence',
  'per license',
  'licence fee',
  'license fee',
  'invoice',
  'payment terms',
  'expensive',
  'afford',
] as const;

const DAY_MS = 24 * 3600 * 1000;
/** Moments a warning quotes at most. */
const MOMENTS = 5;

const plain = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
const days = (ms: number) => Math.floor(ms / DAY_MS);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The middle of the sorted values (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * A time an action item gives: a weekday, a month, a date, "tomorrow", "next week", "end of
 * the quarter", "in 3 days". "Soon" or "asap" are not a time; "may" is a month only with a
 * day or after by/in/on/before.
 */
const WHEN =
  /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|today|this (?:afternoon|evening|morning)|(?:next|this|end of(?: the)?) (?:week|month|quarter|year|day)|eo[dwmq]|(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|(?:by|in|on|before|end of) may\b|may \d{1,2}\b|\d{1,2}(?:st|nd|rd|th)\b|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|in (?:\d+|a|one|two|three|four|five|six|seven|ten) (?:days?|weeks?|months?))/i;

/**
 * Whether an action item says who and when: a person (a speaker label, a speaker's name in
 * the call, a contact or a member) and a time. "The team will follow up" names nobody.
 */
export function isAgreedStep(item: string, people: readonly string[]): boolean {
  const text = plain(item);
  const who = /\bspeaker_\d+\b/.test(text) || people.some((p) => p.length >= 2 && text.includes(p));
  return who && WHEN.test(text);
}

/** A call's next step: the action item it rests on, and whether it says who and when. */
export interface CallNextStep {
  text: string;
  agreed: boolean;
}

/**
 * The next step of a call from its action items: the first that says who and by when, else
 * the first that gives a time, else the first item; null when the call has none. The
 * noNextStep warning and the deals' "next step" both read it.
 */
export function nextStepOf(
  items: readonly string[],
  people: readonly string[],
): CallNextStep | null {
  const agreed = items.find((item) => isAgreedStep(item, people));
  if (agreed !== undefined) return { text: agreed, agreed: true };
  const dated = items.find((item) => WHEN.test(plain(item)));
  const first = dated ?? items[0];
  return first === undefined ? null : { text: first, agreed: false };
}

/** Who an action item of the call may name: its speakers, the deal's contacts, the members. */
function peopleOf(call: CallFacts, facts: DealFacts): string[] {
  return [
    ...Object.values(call.names),
    ...facts.contacts.flatMap((c) => [c.name, c.email]),
    ...facts.members.flatMap((m) => [`${m.firstName} ${m.lastName}`, m.email]),
  ]
    .map(plain)
    .filter(Boolean);
}

function noRecentCall(facts: DealFacts, past: CallFacts[], now: Date): DealWarning | null {
  const last = past[0];
  const since = last ? last.startTime : facts.createdAt;
  const quiet = days(now.getTime() - since.getTime());
  if (quiet < DEAL_WARNING_RULES.quietDays) return null;
  return {
    kind: 'noRecentCall',
    message: last
      ? `No call in ${quiet} days (the last was on ${writtenDay(last.startTime)})`
      : `No call in the ${quiet} days since the deal was created`,
    evidence: {
      meetingIds: last ? [last.id] : [],
      lastCallAt: last ? last.startTime.toISOString() : null,
      daysSinceLastCall: quiet,
    },
  };
}

/** Whether a contact attended a call: invited or verified by e-mail, or named as a speaker. */
function attended(contact: { email: string; name: string }, call: CallFacts): boolean {
  const email = plain(contact.email);
  if (call.attendees.some((a) => plain(a) === email)) return true;
  const name = plain(contact.name);
  return Object.values(call.names).some((n) => {
    const spoken = plain(n);
    return spoken === email || (name !== '' && spoken === name);
  });
}

function singleThreaded(
  facts: DealFacts,
  past: CallFacts[],
): DealWarning | UncheckedWarning | null {
  const kind = 'singleThreaded' as const;
  if (facts.contacts.length === 0) return { kind, reason: 'The deal has no contacts.' };
  if (past.length === 0) return { kind, reason: 'No call is linked to the deal yet.' };
  const engaged = facts.contacts.filter((c) => past.some((call) => attended(c, call)));
  if (engaged.length === 0) {
    return {
      kind,
      reason:
        'Not enough signal: none of the deal’s contacts is known to have attended its calls ' +
        '(no invited, verified or named participant matches them).',
    };
  }
  if (engaged.length > 1) return null;
  const [only] = engaged as [{ email: string; name: string }];
  return {
    kind,
    message:
      `Only one contact engaged: ${only.name || only.email} is the only one of the deal’s ` +
      `${plural(facts.contacts.length, 'contact')} seen in its calls`,
    evidence: {
      meetingIds: past.filter((call) => attended(only, call)).map((c) => c.id),
      contacts: facts.contacts.length,
      engagedContacts: [only.email],
    },
  };
}

/**
 * Each speaker's side in a call: the trackers' rule (verified participants, members' names),
 * and a speaker named as one of the deal's contacts is the customer's.
 */
function sidesIn(call: CallFacts, facts: DealFacts): Map<string, TrackerSide> {
  const speakers = [...new Set((call.words ?? []).map((w) => w.speaker))];
  const sides = sidesOf(speakers, call.names, facts.members, call.verified);
  const contactKeys = new Set(
    facts.contacts.flatMap((c) => [plain(c.email), plain(c.name)]).filter(Boolean),
  );
  for (const speaker of speakers) {
    const name = call.names[speaker];
    if (sides.get(speaker) === 'unknown' && name && contactKeys.has(plain(name))) {
      sides.set(speaker, 'theirs');
    }
  }
  return sides;
}

function pricingNotDiscussed(
  facts: DealFacts,
  past: CallFacts[],
): DealWarning | UncheckedWarning | null {
  const kind = 'pricingNotDiscussed' as const;
  const transcribed = past.filter((c) => c.words !== null && c.words.length > 0);
  if (transcribed.length === 0) return { kind, reason: 'No call of the deal is transcribed yet.' };
  const phrases = [{ id: 'pricing', phrases: PRICING_PHRASES }];
  const judged: string[] = [];
  const ours: { meetingId: string; start: number; end: number; speaker: string; text: string }[] =
    [];
  let unknownMentions = 0;
  for (const call of transcribed) {
    const words = call.words as CountedWord[];
    const sides = sidesIn(call, facts);
    const hits = countTrackers(words, phrases, (s) => sides.get(s) ?? 'unknown');
    if (hits.some((h) => h.side === 'theirs')) return null;
    unknownMentions += hits.filter((h) => h.side === 'unknown').length;
    if ([...sides.values()].includes('theirs')) judged.push(call.id);
    for (const h of hits.filter((x) => x.side === 'ours')) {
      ours.push({
        meetingId: call.id,
        start: h.start,
        end: h.end,
        speaker: call.names[h.speaker] || h.speaker,
        text: words
          .slice(h.wordStart, h.wordEnd + 1)
          .map((w) => w.word)
          .join(' '),
      });
    }
  }
  if (judged.length === 0) {
    return {
      kind,
      reason:
        'Not enough signal: no speaker of the deal’s calls is known to be on the customer’s ' +
        'side (verified, or named as one of its contacts).',
    };
  }
  if (unknownMentions > 0) {
    return {
      kind,
      reason:
        `Pricing came up ${plural(unknownMentions, 'time')} from speakers whose side is not ` +
        'known, so it may have been the customer.',
    };
  }
  return {
    kind,
    message:
      `Pricing never discussed by the customer in ${plural(judged.length, 'call')} where ` +
      'their side is known' +
      (ours.length > 0 ? ` (your side mentioned it ${plural(ours.length, 'time')})` : ''),
    evidence: { meetingIds: judged, moments: ours.slice(0, MOMENTS) },
  };
}

function noNextStep(facts: DealFacts, past: CallFacts[]): DealWarning | UncheckedWarning | null {
  const kind = 'noNextStep' as const;
  const last = past[0];
  if (!last) return { kind, reason: 'No call is linked to the deal yet.' };
  if (last.actionItems === null) {
    return { kind, reason: 'The last call’s action items are not analyzed yet.' };
  }
  const items = last.actionItems;
  if (nextStepOf(items, peopleOf(last, facts))?.agreed) return null;
  return {
    kind,
    message:
      items.length === 0
        ? `No next step agreed in the last call (${writtenDay(last.startTime)}): it has no action items`
        : `No next step agreed in the last call (${writtenDay(last.startTime)}): none of its ` +
          `${plural(items.length, 'action item')} says who will do what by when`,
    evidence: {
      meetingIds: [last.id],
      lastCallAt: last.startTime.toISOString(),
      actionItems: items.slice(0, MOMENTS),
    },
  };
}

function stuckInStage(facts: DealFacts, now: Date): DealWarning | UncheckedWarning | null {
  const kind = 'stuckInStage' as const;
  const stage = MEETING_STAGE_LABELS[facts.stage];
  const entered = facts.stageHistory.at(-1);
  if (!entered || entered.stage !== facts.stage) {
    return { kind, reason: `When the deal entered ${stage} is not recorded.` };
  }
  const spans = facts.stageSpansMs.length;
  if (spans < DEAL_WARNING_RULES.minStageSpans) {
    return {
      kind,
      reason:
        `Not enough signal: the organization has ${plural(spans, 'finished stay')} in ` +
        `${stage}; ${DEAL_WARNING_RULES.minStageSpans} are needed for a median.`,
    };
  }
  const middle = median(facts.stageSpansMs) as number;
  const inStage = now.getTime() - entered.changedAt.getTime();
  if (inStage <= middle) return null;
  const medianDays = Math.round((middle / DAY_MS) * 10) / 10;
  return {
    kind,
    message:
      `Stuck in ${stage} for ${plural(days(inStage), 'day')}, longer than the organization’s ` +
      `median of ${medianDays} ${medianDays === 1 ? 'day' : 'days'}`,
    evidence: {
      meetingIds: [],
      stageSince: entered.changedAt.toISOString(),
      daysInStage: days(inStage),
      medianDays,
      spans,
    },
  };
}

const isWarning = (r: DealWarning | UncheckedWarning | null): r is DealWarning =>
  r !== null && 'message' in r;
const isUnchecked = (r: DealWarning | UncheckedWarning | null): r is UncheckedWarning =>
  r !== null && 'reason' in r;

/** Calls that have happened, newest first; a scheduled call is not a conversation yet. */
function pastCalls(facts: DealFacts, now: Date): CallFacts[] {
  return facts.calls
    .filter((c) => c.startTime.getTime() <= now.getTime())
    .sort((a, b) => b.startTime.getTime() - a.startTime.getTime() || a.id.localeCompare(b.id));
}

/**
 * The deal's next step (spec 2 §2 Deals): its last call with analysed action items, and the
 * step they give (text null when that call has none); null before any call is analysed.
 */
export function dealNextStep(facts: DealFacts, now: Date): DealNextStep | null {
  const call = pastCalls(facts, now).find((c) => c.actionItems !== null);
  if (!call) return null;
  const step = nextStepOf(call.actionItems ?? [], peopleOf(call, facts));
  return {
    text: step?.text ?? null,
    agreed: step?.agreed ?? false,
    meetingId: call.id,
    callAt: call.startTime.toISOString(),
  };
}

/** Every rule over the deal's facts at `now`: what it warns of, and what it could not judge. */
export function dealWarnings(facts: DealFacts, now: Date): DealWarningsResult {
  const past = pastCalls(facts, now);
  const results: Record<DealWarningKind, DealWarning | UncheckedWarning | null> = {
    noRecentCall: noRecentCall(facts, past, now),
    singleThreaded: singleThreaded(facts, past),
    pricingNotDiscussed: pricingNotDiscussed(facts, past),
    noNextStep: noNextStep(facts, past),
    stuckInStage: stuckInStage(facts, now),
  };
  const all = Object.values(results);
  return { warnings: all.filter(isWarning), unchecked: all.filter(isUnchecked) };
}
