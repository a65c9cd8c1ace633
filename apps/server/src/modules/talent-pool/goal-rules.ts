import { FEEDBACK_MESSAGES, type GoalResult, type PracticeGoal } from '@parley/contracts';
import {
  MIN_WORDS,
  answerSignals,
  contentStems,
  isBehavioural,
  type AnswerInput,
} from './feedback-engine.js';
import { answerWords } from './follow-up.js';

/**
 * Practice goals scored by the built-in engine (no model connected): each goal's words pick a
 * theme, and each theme has one measurable rule over the answers with enough signal.
 */
/** A goal's theme, by its words; each theme has one measurable rule. */
type Theme = 'fillers' | 'structure' | 'numbers' | 'length' | 'words';

export function goalTheme(text: string): Theme {
  const t = text.toLowerCase();
  if (/filler|\bum+\b|\buh+\b|"like"/.test(t)) return 'fillers';
  if (/\bstar\b|structur|situation|result/.test(t)) return 'structure';
  if (/number|metric|quantif|figure|data|measur/.test(t)) return 'numbers';
  if (/concise|brief|short|ramble|long|length|detail/.test(t)) return 'length';
  return 'words';
}

const rate1to10 = (share: number) => Math.max(1, Math.min(10, 1 + Math.round(9 * share)));
const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * A goal scored by the built-in rule of its theme over the answers with signal:
 * - fillers: filler words per word heard. Yes/no: met at 3 % or less. Rating: 10 minus one
 *   point per percent (1 at 9 % or more).
 * - structure: answers with at least three STAR parts (or three reasoning cues). Yes/no: met
 *   when at least half have. Rating: 1 + 9 × that share.
 * - numbers: answers with at least one number. Yes/no: met when every answer has one.
 *   Rating: 1 + 9 × that share.
 * - length: answers of 60–250 words. Yes/no: met when every answer is. Rating: 1 + 9 × share.
 * - anything else: the goal's own content words heard in the answers. Yes/no: met when at
 *   least half are. Rating: 1 + 9 × that share. A rough rule, and the reason says so.
 */
export function builtInGoalResult(
  goal: Pick<PracticeGoal, 'id' | 'kind' | 'text'>,
  answers: readonly AnswerInput[],
): GoalResult {
  const base = { goalId: goal.id, kind: goal.kind, text: goal.text };
  const heard = answers
    .map((a) => ({ a, s: answerSignals(a) }))
    .filter(({ s }) => s.words >= MIN_WORDS);
  if (heard.length === 0) {
    return { ...base, met: null, rating: null, reason: FEEDBACK_MESSAGES.notEnoughSignal };
  }
  const n = heard.length;
  const theme = goalTheme(goal.text);
  let share: number;
  let met: boolean;
  let reason: string;
  if (theme === 'fillers') {
    const words = heard.reduce((k, { s }) => k + s.words, 0);
    const fillers = heard.reduce((k, { s }) => k + s.fillers, 0);
    const rate = fillers / words;
    met = rate <= 0.03;
    const rating = Math.max(1, Math.min(10, 10 - Math.round(rate * 100)));
    reason = `${fillers} filler words in ${words} (${(rate * 100).toFixed(1)}%); the goal is met at 3% or less`;
    return goal.kind === 'yes_no'
      ? { ...base, met, rating: null, reason }
      : { ...base, met: null, rating, reason };
  }
  if (theme === 'structure') {
    const ok = heard.filter(
      ({ a, s }) => (isBehavioural(a.topic) ? s.starParts.length : s.reasoningCues) >= 3,
    ).length;
    share = ok / n;
    met = share >= 0.5;
    reason = `${ok} of ${n} answers had at least three STAR parts or reasoning steps (${pct(share)})`;
  } else if (theme === 'numbers') {
    const ok = heard.filter(({ s }) => s.numbers > 0).length;
    share = ok / n;
    met = ok === n;
    reason = `${ok} of ${n} answers gave a number`;
  } else if (theme === 'length') {
    const ok = heard.filter(({ s }) => s.words >= 60 && s.words <= 250).length;
    share = ok / n;
    met = ok === n;
    reason = `${ok} of ${n} answers were 60–250 words`;
  } else {
    const stems = contentStems(goal.text);
    const spoken = new Set(
      heard.flatMap(({ a }) => answerWords(a.transcript).map((w) => w.slice(0, 5))),
    );
    const found = stems.filter((s) => spoken.has(s));
    share = stems.length ? found.length / stems.length : 0;
    met = share >= 0.5;
    reason = `Built-in rule (approximate): ${found.length} of ${stems.length} of the goal’s words were heard in your answers`;
  }
  return goal.kind === 'yes_no'
    ? { ...base, met, rating: null, reason }
    : { ...base, met: null, rating: rate1to10(share), reason };
}
