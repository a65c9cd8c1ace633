import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStopWord, terms } from '@parley/ai';
import type { QuizDraftQuestion } from '@parley/contracts';
import type { StoredWord } from '../../platform/db/schema.js';
import { FIXTURE } from '../../test/transcripts-kit.js';
import { draftQuizLocally } from './quiz-draft-local.js';
import { questionsFromAnswer } from './quiz-draft-remote.js';

/**
 * Lines as a speech engine with punctuation (whisper) stores them: one word at a time, the
 * punctuation on the word, times spread evenly over the line.
 */
function wordsOf(lines: { speaker: string; start: number; end: number; text: string }[]) {
  return lines.flatMap((l): StoredWord[] => {
    const ws = l.text.split(/\s+/).filter(Boolean);
    const step = (l.end - l.start) / ws.length;
    return ws.map((word, i) => ({
      word,
      start: Math.round((l.start + i * step) * 100) / 100,
      end: Math.round((l.start + (i + 1) * step - 0.01) * 100) / 100,
      speaker: l.speaker,
      confidence: 1,
    }));
  });
}

/** The human transcript of fixtures/diarization/two-speakers.wav (its .stm), 30 s. */
const STM = readFileSync(
  path.resolve(import.meta.dirname, '../../../../../fixtures/diarization/two-speakers.stm'),
  'utf8',
)
  .trim()
  .split('\n')
  .map((l) => {
    const [, , who, start, end, ...text] = l.trim().split(/\s+/);
    return {
      speaker: who === 'Diane' ? 'speaker_00' : 'speaker_01',
      start: Number(start),
      end: Number(end),
      text: text.join(' '),
    };
  });

/**
 * A training talk of about two and a half minutes, as a trainer would give it: one speaker,
 * a sentence every few seconds, a longer pause between topics.
 */
const TALK = [
  'Welcome to this session on opening a cold call.',
  'The first seven seconds decide whether the prospect keeps listening.',
  'Start with your name, your company and a clear reason for calling.',
  'Never ask how they are doing, because strangers hear it as a script.',
  '',
  'Research the account before you dial, even for five minutes.',
  'Look at their website, their recent press releases and the job postings they published.',
  'Hiring for a role often tells you which problem the team is trying to solve.',
  'Write down one observation you can mention in your opening line.',
  '',
  'Next comes the permission question.',
  'Ask whether they have thirty seconds to hear why you called.',
  'Most prospects say yes, because you respected their time.',
  'If they say no, offer to call back on Thursday and book the slot right away.',
  '',
  'Then share a short problem statement, not a product pitch.',
  'Describe what similar companies in logistics struggled with before they worked with us.',
  'Keep it under twenty words so the prospect can repeat it to a colleague.',
  'Pause after the statement and let the silence work for you.',
  '',
  'Objections are a sign of interest, not a rejection.',
  'When a prospect says they already have a vendor, ask what they would improve about it.',
  'When they say the budget is gone, ask when the next planning cycle starts.',
  'Write every objection into the notes field of the customer record.',
  '',
  'Close the call with one concrete next step.',
  'Propose a twenty minute discovery meeting with a date and a time.',
  'Send the calendar invitation while you are still on the phone.',
  'Finally, review your recording every Friday and pick one habit to improve.',
];

function talkWords(): { words: StoredWord[]; duration: number; sentences: string[] } {
  const lines: { speaker: string; start: number; end: number; text: string }[] = [];
  let t = 1;
  for (const text of TALK) {
    if (!text) {
      t += 2.5;
      continue;
    }
    const end = t + text.split(' ').length * 0.4;
    lines.push({ speaker: 'speaker_00', start: t, end, text });
    t = end + 0.5;
  }
  return { words: wordsOf(lines), duration: Math.ceil(t + 2), sentences: lines.map((l) => l.text) };
}

/** The sentence a question quotes, with the correct option in the blank. */
const filled = (q: QuizDraftQuestion) => {
  const quote = /“(.*)”$/.exec(q.text)?.[1] ?? '';
  const right = q.options.find((o) => o.correct)?.text ?? '';
  return quote.replace('_____', right);
};

/** The words spoken inside a moment, as one string. */
const saidIn = (words: StoredWord[], m: { start: number; end: number }) =>
  words
    .filter((w) => w.start >= m.start - 0.01 && w.end <= m.end + 0.01)
    .map((w) => w.word)
    .join(' ');

function expectWellFormed(questions: QuizDraftQuestion[], words: StoredWord[], duration: number) {
  const vocabulary = new Set(
    words.map((w) => w.word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase()),
  );
  for (const q of questions) {
    expect(q.kind).toBe('single');
    expect(q.text).toMatch(/^Fill in the missing word: “.*_____.*”$/);
    expect(q.options.filter((o) => o.correct)).toHaveLength(1);
    expect(q.options.length).toBeGreaterThanOrEqual(3);
    const texts = q.options.map((o) => o.text.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
    for (const t of texts) {
      // Every option is a content word of this video: nothing invented.
      expect(vocabulary.has(t), t).toBe(true);
      expect(isStopWord(t), t).toBe(false);
    }
    expect(q.moment.start).toBeGreaterThanOrEqual(0);
    expect(q.moment.end).toBeLessThanOrEqual(duration);
    expect(q.moment.end).toBeGreaterThan(q.moment.start);
    // The blank filled in is exactly what was said at the question's moment (an option is
    // lower case unless it is a name, so a capital gives nothing away).
    expect(filled(q).toLowerCase()).toBe(saidIn(words, q.moment).toLowerCase());
  }
}

describe('the built-in engine’s quiz', () => {
  it('drafts fill-in questions from key sentences spread over a training talk', () => {
    const { words, duration, sentences } = talkWords();
    const questions = draftQuizLocally(words, duration, 5);
    expect(questions).toHaveLength(5);
    expectWellFormed(questions, words, duration);
    // One question in each fifth of the video, in time order.
    const fifths = questions.map((q) =>
      Math.floor(((q.moment.start + q.moment.end) / 2 / duration) * 5),
    );
    expect(fifths).toEqual([0, 1, 2, 3, 4]);
    // Never two neighbouring sentences, never the same word asked twice.
    const at = questions.map((q) =>
      sentences.findIndex((s) => s.toLowerCase() === filled(q).toLowerCase()),
    );
    expect(at.every((i) => i >= 0)).toBe(true);
    for (let k = 1; k < at.length; k++) expect(at[k]! - at[k - 1]!).toBeGreaterThanOrEqual(2);
    const answers = questions.map((q) => q.options.find((o) => o.correct)?.text);
    expect(new Set(answers).size).toBe(answers.length);
    // The blank is a content word of its sentence, and the same call drafts the same quiz.
    for (const [i, q] of questions.entries()) {
      expect(terms(answers[i] ?? '')).toHaveLength(1);
      expect(q.options.map((o) => o.text)).toEqual(
        draftQuizLocally(words, duration, 5)[i]?.options.map((o) => o.text),
      );
    }
  });

  it('covers the whole video even when its most connected sentences come early', () => {
    // The opening repeats the talk's key words; what follows is said once each.
    const lines = [
      'A cold call starts with the prospect hearing a clear reason for the call.',
      'The prospect decides in the first seconds of the call whether to listen.',
      'Every cold call needs research on the prospect before the call.',
      'A prospect who hears their own problem in the call keeps listening.',
      'Plan the call around one problem the prospect really has.',
      'Book the follow-up meeting before the prospect ends the call.',
      'Quarterly reviews compare pipeline coverage across territories.',
      'Marketing sends webinar attendees to the inside sales queue.',
      'Renewals belong to account managers after the first invoice.',
      'Commission statements arrive on the fifth business day.',
      'Expense reports need receipts for anything above forty dollars.',
      'Travel to trade shows is approved by the regional director.',
    ].map((text, i) => ({ speaker: 'speaker_00', start: i * 6, end: i * 6 + 5, text }));
    const words = wordsOf(lines);
    const questions = draftQuizLocally(words, 72, 3);
    expectWellFormed(questions, words, 72);
    expect(questions.map((q) => Math.floor(q.moment.start / 24))).toEqual([0, 1, 2]);
  });

  it('offers names as options for a name, and numbers for a number', () => {
    const words = wordsOf(STM);
    const questions = draftQuizLocally(words, 30, 5);
    expect(questions.length).toBeGreaterThanOrEqual(2);
    expectWellFormed(questions, words, 30);
    const names = new Set(['Diane', 'Sheila', 'Texas', 'Chicago', 'Jersey', 'Yankee']);
    const aboutAName = questions.filter((q) => names.has(q.options.find((o) => o.correct)!.text));
    expect(aboutAName.length).toBeGreaterThan(0);
    for (const q of aboutAName) expect(q.options.every((o) => names.has(o.text))).toBe(true);

    const figures = wordsOf([
      { speaker: 'speaker_00', start: 0, end: 4, text: 'We called 40 prospects on Monday.' },
      { speaker: 'speaker_00', start: 6, end: 10, text: 'Then 12 of them agreed to a meeting.' },
      { speaker: 'speaker_00', start: 12, end: 16, text: 'Three weeks later 5 signed a contract.' },
    ]);
    const figure = /^(?:\d+|three)$/;
    const counted = draftQuizLocally(figures, 16, 3).filter((q) =>
      q.options.some((o) => o.correct && figure.test(o.text)),
    );
    expect(counted.length).toBeGreaterThan(0);
    for (const q of counted) expect(q.options.every((o) => figure.test(o.text))).toBe(true);
  });

  it('works from a transcript without punctuation (pocketsphinx), in the words recognised', () => {
    const words = FIXTURE.words as StoredWord[];
    const questions = draftQuizLocally(words, 30, 5);
    expect(questions.length).toBeGreaterThan(0);
    expectWellFormed(questions, words, 30);
  });

  it('makes no question of a transcript with nothing to ask', () => {
    const greetings = wordsOf([
      { speaker: 'speaker_00', start: 0, end: 1, text: 'Hello?' },
      { speaker: 'speaker_01', start: 1.5, end: 2.5, text: 'Hello? Oh, hello.' },
      { speaker: 'speaker_00', start: 3, end: 4, text: 'Yes, I can hear you.' },
    ]);
    expect(draftQuizLocally(greetings, 4, 5)).toEqual([]);
    expect(draftQuizLocally([], 0, 5)).toEqual([]);
  });
});

describe("a connected model's quiz", () => {
  const question = (over: Record<string, unknown>) => ({
    question: 'What opens a cold call?',
    options: ['Your name and a reason for calling', 'A product demo', 'The price'],
    correct: [0],
    start: 4.2,
    end: 9.8,
    ...over,
  });

  it('keeps the questions tied to a moment of the video with a correct option among several', () => {
    const drafted = questionsFromAnswer(
      {
        questions: [
          question({}),
          // Two correct options: a multiple-choice question.
          question({ question: 'Which show interest?', correct: [0, 2] }),
          // Past the end of the 60 s video.
          question({ start: 75, end: 80 }),
          // No correct option, or an index that is not an option.
          question({ correct: [] }),
          question({ correct: [7] }),
          // Every option correct: nothing to choose.
          question({ correct: [0, 1, 2] }),
          // One option once the repeated one is dropped.
          question({ options: ['Yes', ' yes '], correct: [0] }),
          question({ question: '   ' }),
          'not a question',
          question({ start: -3 }),
          question({ start: 20, end: 10 }),
        ],
      },
      60,
      10,
    );
    expect(drafted).toEqual([
      {
        text: 'What opens a cold call?',
        kind: 'single',
        options: [
          { text: 'Your name and a reason for calling', correct: true },
          { text: 'A product demo', correct: false },
          { text: 'The price', correct: false },
        ],
        moment: { start: 4.2, end: 9.8 },
      },
      {
        text: 'Which show interest?',
        kind: 'multiple',
        options: [
          { text: 'Your name and a reason for calling', correct: true },
          { text: 'A product demo', correct: false },
          { text: 'The price', correct: true },
        ],
        moment: { start: 4.2, end: 9.8 },
      },
    ]);
  });

  it('keeps no more questions than asked, and none from an answer that is not a quiz', () => {
    const many = { questions: [question({}), question({}), question({})] };
    expect(questionsFromAnswer(many, 60, 2)).toHaveLength(2);
    expect(questionsFromAnswer(undefined, 60, 5)).toEqual([]);
    expect(questionsFromAnswer({ quiz: [question({})] }, 60, 5)).toEqual([]);
  });
});
