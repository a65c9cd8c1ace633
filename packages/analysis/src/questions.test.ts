import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeAnalytics } from './analytics.js';
import { findQuestions, type QuestionWord } from './questions.js';
import { fixture } from './test-fixtures.js';

/** Words of a sentence spread evenly over [start, end). */
function say(speaker: string, start: number, end: number, text: string): QuestionWord[] {
  const parts = text.split(/\s+/).filter(Boolean);
  const step = (end - start) / parts.length;
  return parts.map((word, i) => ({
    word,
    speaker,
    start: start + i * step,
    end: start + (i + 0.9) * step,
  }));
}

/** The real conversation of two-speakers.wav from its STM transcript (with punctuation). */
function stmWords(): QuestionWord[] {
  return readFileSync(fixture('diarization/two-speakers.stm'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      const [, , speaker, start, end, ...text] = line.split(' ');
      return say(speaker!, Number(start), Number(end), text.join(' '));
    });
}

const unpunctuated = (words: QuestionWord[]) =>
  words.map((w) => ({ ...w, word: w.word.replace(/[.,?!]/g, '').toLowerCase() }));

/** One sentence per call, without punctuation, as pocketsphinx gives it. */
const isQuestion = (text: string) => findQuestions(say('A', 0, 3, text)).length === 1;

describe('questions', () => {
  it('recognises wh-questions, inverted auxiliaries and tags without punctuation', () => {
    for (const q of [
      'what do you think about the price',
      'how are you',
      'what time is it',
      'who is coming tomorrow',
      'so when can we start',
      'do you have a minute',
      'can we move this to friday',
      'is it working now',
      'would you like some coffee',
      'okay did they sign the contract',
      'the deadline is friday isnt it',
      'you sent the invoice right',
      'how about next week',
    ])
      expect(isQuestion(q), q).toBe(true);
    for (const s of [
      'what i did was call them',
      'when i was young we lived in ohio',
      'we can move this to friday',
      'it is working now',
      'i think that is all right',
      'what a day',
      'they did sign the contract',
    ])
      expect(isQuestion(s), s).toBe(false);
  });

  it('uses question marks when the engine punctuates', () => {
    const words = [
      ...say('A', 0, 1, 'Hello?'),
      ...say('B', 1.2, 3, 'We can start now.'),
      ...say('B', 3.1, 5, 'You agree, is that it?'),
    ];
    expect(findQuestions(words).map((q) => [q.speaker, q.text])).toEqual([
      ['A', 'Hello?'],
      ['B', 'You agree, is that it?'],
    ]);
  });

  it('finds the questions in the real conversation of two-speakers.stm', () => {
    const words = stmWords();
    // With the transcript's punctuation: both "Hello?" and Sheila's "… so what can I say?".
    const punctuated = findQuestions(words);
    expect(punctuated.map((q) => [q.speaker, q.text])).toEqual([
      ['Diane', 'Hello?'],
      ['Sheila', 'Hello?'],
      ['Sheila', 'At least you know, they all call me a Yankee down here, so what can I say?'],
    ]);
    // As an engine without punctuation gives it: a bare "hello" cannot be told from a greeting,
    // but the clause "what can i say" after "so" is still a question, at its own time.
    const plain = findQuestions(unpunctuated(words));
    expect(plain.map((q) => [q.speaker, q.text])).toEqual([['Sheila', 'what can i say']]);
    expect(plain[0]!.start).toBeGreaterThan(24);
    expect(plain[0]!.end).toBeLessThanOrEqual(28.425);
  });

  it('appears in the analytics with counts per speaker', () => {
    const words = unpunctuated(stmWords());
    const turns = [
      { speaker: 'Diane', start: 6.68, end: 9.8 },
      { speaker: 'Sheila', start: 21.9, end: 28.5 },
    ];
    const a = computeAnalytics(words, turns, 30);
    expect(a.questions).toHaveLength(1);
    expect(a.questionsPerSpeaker).toEqual({ Diane: 0, Sheila: 1 });
  });
});
