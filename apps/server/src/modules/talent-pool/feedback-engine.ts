import { findFillers } from '@parley/analysis';
import { FEEDBACK_MESSAGES, type AnswerFeedback, type AnswerMoment } from '@parley/contracts';
import { EXAMPLE_MARKERS, IRREGULAR_DONE, NUMBER_WORDS, answerWords } from './follow-up.js';

/**
 * The built-in feedback engine (no model connected): plain rules on what the seeker said, so
 * every point of a score can be traced to something in the transcript. An answer is scored
 * out of 100 from five parts:
 *
 * - length (25): 80–300 words is a full spoken answer (about 40 s to 2½ min); 40–79 or more
 *   than 300 get 15, fewer get 5.
 * - filler words (20): the analysis pipeline's fillers ("um", "you know"…) per word heard:
 *   at most 2 % 20, 5 % 12, 10 % 5, more 0.
 * - structure (25): behavioural questions listen for the four STAR parts (situation, task,
 *   action, result), 25 × parts/4; other questions for reasoning cues (first, then, because,
 *   trade-off, for example…), 25 × min(1, cues/3).
 * - specifics (15): two numbers or more 15, one 10, only an example marker 5, none 0.
 * - relevance (15): the question's own content words heard in the answer: 40 % or more 15,
 *   20 % 10, any 5, none 0.
 *
 * Fewer than MIN_WORDS words is not enough signal: no score is given.
 */
export const MIN_WORDS = 8;

export interface AnswerInput {
  question: number;
  questionText: string;
  topic: string;
  transcript: string;
  moment: AnswerMoment | null;
}

/** What one answer showed, before it is turned into words for the seeker. */
export interface AnswerSignals {
  words: number;
  fillers: number;
  starParts: string[];
  reasoningCues: number;
  numbers: number;
  examples: number;
  keywordsHeard: number;
  keywordsAsked: number;
}

const STOP = new Set(
  (
    'about above after again against also because been before being below between both could ' +
    'describe does doing down during each explain from further have having here how into ' +
    'just more most other over same should some such tell than that their them then there ' +
    'these they this those through under until very walk want were what when where which ' +
    'while would your yours with will time give example talk share know like make made ' +
    'approach handle think would'
  ).split(' '),
);

const STAR_CUES: Record<'situation' | 'task' | 'action' | 'result', string[]> = {
  situation: [
    'when i was',
    'at my',
    'in my last',
    'in my previous',
    'last year',
    'we had',
    'our team',
    'the situation',
    'the project',
    'at the time',
    'one time',
  ],
  task: [
    'my goal',
    'i needed to',
    'i had to',
    'the task',
    'responsible for',
    'my role',
    'my job was',
    'the goal',
    'we needed to',
    'asked me to',
  ],
  action: [
    'i decided',
    'so i',
    'i started',
    'i worked',
    'i talked',
    'i set up',
    'i built',
    'i wrote',
    'i led',
    'i made',
    'i proposed',
    'i organised',
    'i organized',
    'i created',
  ],
  result: [
    'as a result',
    'the result',
    'which led to',
    'in the end',
    'we reduced',
    'we increased',
    'i reduced',
    'i increased',
    'improved',
    'saved',
    'we shipped',
    'i learned',
    'i learnt',
    'outcome',
  ],
};

const REASONING_CUES = [
  'first',
  'second',
  'then',
  'finally',
  'because',
  'trade-off',
  'tradeoff',
  'instead',
  'for example',
  'for instance',
  'depends',
  'so that',
  'the reason',
  'on the other hand',
];

/** Content words of a text, shortened to a 5-letter stem so "scaling" meets "scale". */
export function contentStems(text: string): string[] {
  const stems = answerWords(text)
    .filter((w) => w.length >= 4 && !STOP.has(w) && !/^\d/.test(w))
    .map((w) => w.slice(0, 5));
  return [...new Set(stems)];
}

const has = (text: string, cue: string) => text.includes(` ${cue} `) || text.includes(` ${cue}`);

export function answerSignals(
  input: Pick<AnswerInput, 'questionText' | 'topic' | 'transcript'>,
): AnswerSignals {
  const words = answerWords(input.transcript);
  const padded = ` ${words.join(' ')} `;
  const fillers = findFillers(
    words.map((word) => ({ word, start: 0, end: 0, speaker: '' })),
  ).length;
  const starParts = (Object.keys(STAR_CUES) as (keyof typeof STAR_CUES)[]).filter((part) => {
    if (STAR_CUES[part].some((c) => has(padded, c))) return true;
    // "I" or "we" followed by a past-tense verb of doing is an action too.
    if (part !== 'action') return false;
    return words.some((w, i) => (w === 'i' || w === 'we') && isDoneVerb(words[i + 1] ?? ''));
  });
  const asked = contentStems(`${input.questionText} ${input.topic}`);
  const heard = new Set(answerWords(input.transcript).map((w) => w.slice(0, 5)));
  return {
    words: words.length,
    fillers,
    starParts,
    reasoningCues: REASONING_CUES.filter((c) => has(padded, c)).length,
    numbers: words.filter((w) => /\d/.test(w) || NUMBER_WORDS.has(w)).length,
    examples: EXAMPLE_MARKERS.filter((m) => has(padded, m)).length,
    keywordsHeard: asked.filter((s) => heard.has(s)).length,
    keywordsAsked: asked.length,
  };
}

const isDoneVerb = (w: string) => (w.length > 4 && w.endsWith('ed')) || IRREGULAR_DONE.has(w);

export const isBehavioural = (topic: string) => topic === 'behavioural' || topic === 'behavioral';

interface Part {
  points: number;
  max: number;
  strength: string | null;
  practise: string | null;
  signal: string;
}

function parts(s: AnswerSignals, behavioural: boolean): Part[] {
  const fillerRate = s.words ? s.fillers / s.words : 0;
  const lengthPts = s.words >= 80 && s.words <= 300 ? 25 : s.words >= 40 ? 15 : 5;
  const fillerPts = fillerRate <= 0.02 ? 20 : fillerRate <= 0.05 ? 12 : fillerRate <= 0.1 ? 5 : 0;
  const structurePts = behavioural
    ? Math.round((25 * s.starParts.length) / 4)
    : Math.round(25 * Math.min(1, s.reasoningCues / 3));
  const specificPts = s.numbers >= 2 ? 15 : s.numbers === 1 ? 10 : s.examples > 0 ? 5 : 0;
  const share = s.keywordsAsked ? s.keywordsHeard / s.keywordsAsked : 0;
  const relevancePts = share >= 0.4 ? 15 : share >= 0.2 ? 10 : share > 0 ? 5 : 0;
  const missingStar = ['situation', 'task', 'action', 'result'].filter(
    (p) => !s.starParts.includes(p),
  );
  return [
    {
      points: lengthPts,
      max: 25,
      strength:
        lengthPts === 25 ? `A full answer (${s.words} words), neither rushed nor rambling` : null,
      practise:
        s.words > 300
          ? 'Tighten it: aim for one to two minutes and stop after the result'
          : lengthPts < 25
            ? 'Say more: a full answer runs about a minute (80 words or more)'
            : null,
      signal: `${s.words} words`,
    },
    {
      points: fillerPts,
      max: 20,
      strength: fillerPts === 20 ? 'Few filler words: you sounded sure of what you said' : null,
      practise:
        fillerPts < 12
          ? 'Replace filler words ("um", "like", "you know") with a short pause'
          : null,
      signal: `${s.fillers} filler word${s.fillers === 1 ? '' : 's'} (${(fillerRate * 100).toFixed(1)}%)`,
    },
    behavioural
      ? {
          points: structurePts,
          max: 25,
          strength:
            s.starParts.length >= 3
              ? 'A clear story: situation, what you did and how it ended'
              : null,
          practise: s.starParts.length < 3 ? `Use STAR: add the ${missingStar.join(', ')}` : null,
          signal: `STAR parts heard: ${s.starParts.join(', ') || 'none'}`,
        }
      : {
          points: structurePts,
          max: 25,
          strength: s.reasoningCues >= 3 ? 'Your reasoning was easy to follow, step by step' : null,
          practise:
            s.reasoningCues < 2
              ? 'Structure it: your answer in one sentence, then the steps and why'
              : null,
          signal: `${s.reasoningCues} reasoning cue${s.reasoningCues === 1 ? '' : 's'} (first, then, because…)`,
        },
    {
      points: specificPts,
      max: 15,
      strength: s.numbers >= 2 ? 'Concrete: you backed it with numbers' : null,
      practise:
        s.numbers === 0 ? 'Add one number you can stand behind (time, users, money, errors)' : null,
      signal: `${s.numbers} number${s.numbers === 1 ? '' : 's'}, ${s.examples} example marker${s.examples === 1 ? '' : 's'}`,
    },
    {
      points: relevancePts,
      max: 15,
      strength: relevancePts === 15 ? 'You stayed on the question' : null,
      practise:
        relevancePts <= 5
          ? 'Answer the question asked: use its own terms in your first sentence'
          : null,
      signal: `question keywords heard: ${s.keywordsHeard} of ${s.keywordsAsked}`,
    },
  ];
}

/** Feedback on one answer by the documented rules above. */
export function builtInAnswerFeedback(input: AnswerInput): AnswerFeedback {
  const s = answerSignals(input);
  const base = {
    question: input.question,
    questionText: input.questionText,
    transcript: input.transcript,
    moment: input.moment,
  };
  if (s.words < MIN_WORDS) {
    return {
      ...base,
      score: null,
      strengths: [],
      practiseNext: ['Answer every question out loud, for about a minute'],
      signals: [`${s.words} words heard`, FEEDBACK_MESSAGES.notEnoughSignal],
    };
  }
  const scored = parts(s, isBehavioural(input.topic));
  return {
    ...base,
    score: scored.reduce((n, p) => n + p.points, 0),
    strengths: scored.flatMap((p) => (p.strength ? [p.strength] : [])),
    practiseNext: scored.flatMap((p) => (p.practise ? [p.practise] : [])),
    signals: scored.map((p) => `${p.signal}: ${p.points}/${p.max}`),
  };
}

/** The answer to improve first: the lowest score; an answer without signal only when none has one. */
export function weakestAnswer(answers: readonly AnswerFeedback[]): AnswerFeedback | null {
  const scored = answers.filter((a) => a.score !== null);
  if (scored.length === 0) return answers[0] ?? null;
  return scored.reduce((low, a) => ((a.score ?? 0) < (low.score ?? 0) ? a : low));
}

/**
 * A better answer's shape for the built-in engine. It has no model to write the answer for
 * the seeker, so it rebuilds theirs in the order interviewers listen for, keeping their own
 * opening words and asking for the pieces that were missing, never inventing facts or numbers.
 */
export function builtInBetterAnswer(input: AnswerInput): string {
  const s = answerSignals(input);
  const said = answerWords(input.transcript);
  const opening = said.length
    ? `(you began: "${said.slice(0, 18).join(' ')}${said.length > 18 ? '…' : ''}")`
    : '';
  const missing = contentStems(input.questionText).filter(
    (stem) => !answerWords(input.transcript).some((w) => w.startsWith(stem)),
  );
  const terms = answerWords(input.questionText).filter(
    (w) => missing.some((m) => w.startsWith(m)) && w.length >= 4,
  );
  const use = terms.length ? ` Name ${[...new Set(terms)].slice(0, 4).join(', ')} in it.` : '';
  if (isBehavioural(input.topic)) {
    return [
      `Situation: one or two sentences on where you were and what was at stake ${opening}.`.replace(
        ' .',
        '.',
      ),
      'Task: what you yourself had to achieve, in one sentence.',
      `Action: two or three steps you took, each starting with "I".${use}`,
      s.numbers > 0
        ? 'Result: what changed, with the number you gave, and what you would do again.'
        : 'Result: what changed, with a number you can stand behind (time saved, users, money, errors), and what you learnt.',
      'About a minute in all; stop after the result.',
    ].join('\n');
  }
  return [
    `Answer first: your position in one sentence ${opening}.`.replace(' .', '.'),
    `Then the reasons or steps, in order ("first… then… because…").${use}`,
    'Then one example from your own work that shows it, with a figure if you have one.',
    'End on the trade-off or what you would check next. About a minute in all.',
  ].join('\n');
}
