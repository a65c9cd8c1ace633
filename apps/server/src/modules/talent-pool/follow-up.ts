/**
 * When the avatar asks a follow-up (issue 19 item 5: "a follow-up when an answer is short or
 * vague"). The rule is deliberately plain so a seeker can learn it:
 *
 * - short: fewer than SHORT_WORDS words were heard. About ten seconds of speech; an answer
 *   that brief cannot carry a situation, an action and a result.
 * - vague: long enough, but with no specifics at all. A specific is any of: a number (digits
 *   or a number word, "percent", "million"), an example marker ("for example", "for instance",
 *   "such as", "when I", "at my", "last year"), or the speaker saying what they did in the past
 *   tense ("I built", "we reduced", "I led"). Interview coaching (STAR) asks for exactly these.
 *
 * Each question gets at most one follow-up, and a follow-up's own answer never earns another.
 */
export const SHORT_WORDS = 25;

export type FollowUpReason = 'short' | 'vague';

export const NUMBER_WORDS = new Set(
  (
    'one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty ' +
    'fifty hundred hundreds thousand thousands million millions billion percent half double ' +
    'twice triple first second third dozen'
  ).split(' '),
);

export const EXAMPLE_MARKERS = [
  'for example',
  'for instance',
  'such as',
  'when i',
  'when we',
  'at my',
  'in my last',
  'in my previous',
  'last year',
  'last month',
  'last quarter',
  'one time',
  'once i',
  'the result',
  'as a result',
];

/** Past-tense verbs of doing that often miss the -ed ending. */
export const IRREGULAR_DONE = new Set(
  'led built wrote ran made took brought drove found gave grew cut set shipped taught'.split(' '),
);

export function answerWords(transcript: string): string[] {
  return transcript
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'%$€£]+/gu, ' ')
    .split(' ')
    .filter(Boolean);
}

function hasSpecifics(words: readonly string[]): boolean {
  if (words.some((w) => /\d/.test(w) || NUMBER_WORDS.has(w))) return true;
  const text = ` ${words.join(' ')} `;
  if (EXAMPLE_MARKERS.some((m) => text.includes(` ${m} `))) return true;
  for (let i = 0; i + 1 < words.length; i += 1) {
    if (words[i] !== 'i' && words[i] !== 'we') continue;
    const verb = words[i + 1] ?? '';
    if ((verb.length > 4 && verb.endsWith('ed')) || IRREGULAR_DONE.has(verb)) return true;
  }
  return false;
}

/** Why this answer earns a follow-up, or null when it stands on its own. */
export function followUpReason(transcript: string): FollowUpReason | null {
  const words = answerWords(transcript);
  if (words.length < SHORT_WORDS) return 'short';
  return hasSpecifics(words) ? null : 'vague';
}

/** What the avatar says, by the reason and what the question was about. */
export function followUpQuestion(reason: FollowUpReason, topic: string): string {
  if (reason === 'short') {
    return topic === 'behavioural'
      ? 'Could you say more? Walk me through the situation, what you did, and how it turned out.'
      : 'Could you go into more detail? Walk me through how you would approach it, step by step.';
  }
  return 'Can you make that concrete? Give me one real example: what you did yourself, and what the result was, with numbers if you have them.';
}
