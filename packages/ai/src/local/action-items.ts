import type { Citation } from '../types.js';
import { citeSentence, type Sentence } from './sentences.js';

export interface ActionItem {
  /** Raw speaker label (the UI swaps speaker_NN for names), 'The team', or null when unknown. */
  owner: string | null;
  /** The action as a verb phrase: "send the deck by Friday". */
  action: string;
  due: string | null;
  /** The line of the result: "speaker_00 will send the deck by Friday". */
  text: string;
  citation: Citation;
}

// Verbs that make a commitment concrete. "I'll be honest" or "I can say" are not tasks.
const ACTION_VERBS = new Set(
  (
    'add arrange ask book build call cancel change check circulate clean close collect compile ' +
    'complete confirm connect contact coordinate create deliver deploy design discuss do draft ' +
    'email escalate finalize finalise finish fix follow forward get give handle help implement ' +
    'include invite loop look make meet move order organize organise outline pay ping plan ' +
    'post prepare present prioritize process provide publish push reach read record reply ' +
    'report research reschedule resolve respond review revise run schedule send set setup share ' +
    'ship sign start submit summarize sync take talk test text touch try update upload verify ' +
    'write circle figure put bring drop hand pick'
  ).split(' '),
);

const DEADLINE =
  /\b(?:by|before|until|on|next|this|due)\s+(?:the\s+)?(?:end of (?:the )?(?:day|week|month|quarter)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|noon|week|month|eod|eow|\d{1,2}(?:st|nd|rd|th)?(?:\s+\w+)?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)\b|\b(?:tomorrow|tonight|today|asap|later today|this afternoon)\b/i;

type Owner = 'speaker' | 'addressee' | 'team' | 'none';

interface Pattern {
  re: RegExp;
  owner: Owner;
  /** The matched words stay in the action ("let me know" is itself what is asked). */
  keep?: boolean;
  /** Extra condition on the action and whether it has a deadline. */
  when?: (action: string, hasDeadline: boolean) => boolean;
}

// Offers that happen on the spot ("let me check", "I'll share my screen") are not tasks.
const IMMEDIATE =
  /^(?:share (?:my |the |your )?screen|stop sharing|mute|unmute|jump in|introduce|start with|see|think|just say)\b/i;
const FOLLOW_UP_VERBS =
  /\b(?:send|email|forward|follow up|get back|circle back|loop in|book|schedule|confirm)\b/i;

// The phrase after the match is the action. Order matters: the first pattern that matches wins.
const PATTERNS: Pattern[] = [
  { re: /\b(?:please\s+)?let me know\b/i, owner: 'addressee', keep: true },
  { re: /\blet me\s+/i, owner: 'speaker', when: (a, due) => due || FOLLOW_UP_VERBS.test(a) },
  {
    re: /\b(?:i will|i'll|i am going to|i'm going to|i'm gonna|i shall|i can|i need to|i have to|i'll make sure to|i'll try to)\s+/i,
    owner: 'speaker',
  },
  {
    re: /\b(?:can you|could you|would you|will you|would you mind|can you please|could you please|you need to|you should|you have to|make sure you|please)\s+/i,
    owner: 'addressee',
  },
  {
    re: /\b(?:we will|we'll|we are going to|we're going to|we need to|we should|we have to|we must|let's|let us)\s+/i,
    owner: 'team',
  },
  {
    re: /\b(?:next steps? (?:is|are|will be) to|the next step is(?: to)?|action item:?|to do:?|follow up on|follow-up on|remember to|don't forget to)\s*/i,
    owner: 'none',
  },
];

/** Pronouns rewritten for a third-person line: "send me your notes" -> "send speaker_00 their notes". */
function rewritePronouns(
  action: string,
  owner: Owner,
  speaker: string,
  addressee: string | null,
): string {
  const other = addressee ?? 'you';
  const table: Record<string, string> =
    owner === 'addressee'
      ? { me: speaker, my: `${speaker}'s`, your: 'their', yourself: 'themselves' }
      : owner === 'speaker'
        ? {
            my: 'their',
            myself: 'themselves',
            you: other,
            your: addressee ? `${addressee}'s` : 'your',
          }
        : {
            me: speaker,
            my: `${speaker}'s`,
            you: other,
            your: addressee ? `${addressee}'s` : 'your',
          };
  return action.replace(
    /\b(?:me|my|myself|you|your|yourself)\b/gi,
    (w) => table[w.toLowerCase()] ?? w,
  );
}

/** The person a request is addressed to: the next speaker who is not the one asking. */
function addresseeOf(sentences: Sentence[], i: number): string | null {
  const speaker = sentences[i]?.speaker;
  for (let j = i + 1; j < Math.min(sentences.length, i + 8); j++) {
    const next = sentences[j];
    if (next && next.speaker !== speaker) return next.speaker;
  }
  for (let j = i - 1; j >= Math.max(0, i - 8); j--) {
    const prev = sentences[j];
    if (prev && prev.speaker !== speaker) return prev.speaker;
  }
  return null;
}

function cleanAction(phrase: string): string {
  return phrase
    .replace(/^(?:please|also|just|then|quickly|definitely|probably)\s+/i, '')
    .replace(/[\s,;:]*(?:ok(?:ay)?|right|alright|please|thanks|thank you)?[\s.!?…]*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function isConcrete(action: string, hasDeadline: boolean): boolean {
  const first = action.split(/\s+/)[0]?.toLowerCase() ?? '';
  if (ACTION_VERBS.has(first)) return true;
  // "get back to you", "send over": the verb list covers the head; a deadline rescues others.
  return hasDeadline && !/^(?:be|say|tell you|guess|think|admit|imagine|see)\b/i.test(action);
}

/** Commitments and requests found by linguistic patterns, in time order, each cited. */
export function findActionItems(sentences: Sentence[]): ActionItem[] {
  const items: ActionItem[] = [];
  sentences.forEach((s, i) => {
    for (const p of PATTERNS) {
      const m = p.re.exec(s.text);
      if (!m) continue;
      const rest = s.text.slice((m.index ?? 0) + (p.keep ? 0 : m[0].length));
      const clause =
        rest.split(/(?:,\s*(?:and|but|so)\s+(?:i|we|you)\b|\bbecause\b|;)/i)[0] ?? rest;
      const due = DEADLINE.exec(clause)?.[0] ?? null;
      const raw = cleanAction(clause);
      const cleaned = p.keep ? raw.charAt(0).toLowerCase() + raw.slice(1) : raw;
      if (!cleaned || IMMEDIATE.test(cleaned)) continue;
      if (!p.keep && !isConcrete(cleaned, due !== null)) continue;
      if (p.when && !p.when(cleaned, due !== null)) continue;
      const addressee =
        p.owner === 'addressee' || p.owner === 'speaker' ? addresseeOf(sentences, i) : null;
      const action = rewritePronouns(cleaned, p.owner, s.speaker, addressee);
      const owner =
        p.owner === 'speaker'
          ? s.speaker
          : p.owner === 'addressee'
            ? addressee
            : p.owner === 'team'
              ? 'The team'
              : null;
      const text = owner ? `${owner} will ${action}` : `Follow up: ${action}`;
      if (!items.some((it) => similar(it.text, text))) {
        items.push({ owner, action, due, text, citation: citeSentence(s) });
      }
      break;
    }
  });
  return items;
}

function similar(a: string, b: string): boolean {
  const wa = new Set(a.toLowerCase().split(/\W+/).filter(Boolean));
  const wb = new Set(b.toLowerCase().split(/\W+/).filter(Boolean));
  const shared = [...wa].filter((w) => wb.has(w)).length;
  return shared / Math.max(1, Math.min(wa.size, wb.size)) > 0.85;
}
