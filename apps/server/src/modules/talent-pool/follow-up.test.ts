import { describe, expect, it } from 'vitest';
import { SHORT_WORDS, answerWords, followUpQuestion, followUpReason } from './follow-up.js';

const filler = (n: number) => Array.from({ length: n }, () => 'really').join(' ');

describe('the follow-up rule', () => {
  it('asks for more after a short answer, whatever it says', () => {
    expect(followUpReason('')).toBe('short');
    expect(followUpReason('I built it in 2019 and cut costs by 40 percent.')).toBe('short');
    expect(followUpReason(filler(SHORT_WORDS - 1))).toBe('short');
  });

  it('asks for something concrete after a long answer with no specifics', () => {
    const vague =
      'I think communication is really important and I always try to be a good team player, ' +
      'you know, collaborating with everyone and keeping things moving in the right direction ' +
      'because that is what matters most in the end for everybody involved';
    expect(answerWords(vague).length).toBeGreaterThanOrEqual(SHORT_WORDS);
    expect(followUpReason(vague)).toBe('vague');
  });

  it('lets a long answer stand when it has a number, an example or what the speaker did', () => {
    const lead = `${filler(SHORT_WORDS)} `;
    expect(followUpReason(`${lead}and latency went down by 30 ms`)).toBeNull();
    expect(followUpReason(`${lead}we grew the team to twelve people`)).toBeNull();
    expect(followUpReason(`${lead}for example on the billing service`)).toBeNull();
    expect(followUpReason(`${lead}so I migrated the queue myself`)).toBeNull();
    expect(followUpReason(`${lead}and I led the rewrite`)).toBeNull();
    // "need" ends in -ed but is not something done; it is not a specific.
    expect(followUpReason(`${lead}I need to work on it`)).toBe('vague');
  });

  it('words the follow-up by its reason and the question’s topic', () => {
    expect(followUpQuestion('short', 'behavioural')).toMatch(/situation, what you did/);
    expect(followUpQuestion('short', 'Python')).toMatch(/step by step/);
    expect(followUpQuestion('vague', 'Python')).toMatch(/one real example/);
  });
});
