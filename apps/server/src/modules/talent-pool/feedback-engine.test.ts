import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '@parley/contracts';
import {
  builtInAnswerFeedback,
  builtInBetterAnswer,
  weakestAnswer,
  type AnswerInput,
} from './feedback-engine.js';
import { builtInGoalResult, goalTheme } from './goal-rules.js';

// What a speech engine writes for a spoken STAR answer: lower case, no punctuation.
const STORY: AnswerInput = {
  question: 0,
  questionText: 'Tell me about a time you had to handle a conflict within your team.',
  topic: 'behavioural',
  transcript:
    'at my last job our team had a conflict about the release date of the mobile app two ' +
    'engineers wanted to ship in march and the designer wanted another month my role was to ' +
    'get us to one plan so i set up a meeting with the three of them and i asked each person ' +
    'to write down the risks they saw i proposed that we ship the core features first and the ' +
    'new design two weeks later as a result we shipped on time the crash rate dropped by 30 ' +
    'percent and the team agreed to use the same risk list for the next release and um i ' +
    'learned that the conflict was really about risk not about the date',
  moment: { start: 12, end: 75 },
};

const RAMBLE: AnswerInput = {
  question: 1,
  questionText: 'How would you design a cache for a slow database?',
  topic: 'system design',
  transcript:
    'um so like i think you know you would basically um put something in front of it like ' +
    'um a thing that keeps stuff you know and uh yeah it would be faster',
  moment: { start: 80, end: 101 },
};

const SILENT: AnswerInput = {
  question: 2,
  questionText: 'Why do you want to work here?',
  topic: 'company',
  transcript: 'um yes',
  moment: null,
};

describe('the built-in feedback engine', () => {
  it('scores a full STAR story high and says what it rests on', () => {
    const f = builtInAnswerFeedback(STORY);
    // Length 25 (≈100 words), fillers 20 (1 in 100), STAR 4/4 = 25, numbers 15, relevance 5–15.
    expect(f.score).toBeGreaterThanOrEqual(85);
    expect(f.moment).toEqual({ start: 12, end: 75 });
    expect(f.strengths).toContain('A clear story: situation, what you did and how it ended');
    expect(f.strengths).toContain('Concrete: you backed it with numbers');
    expect(f.signals.join(' ')).toMatch(/STAR parts heard: situation, task, action, result/);
    expect(f.practiseNext).not.toContain(
      'Add one number you can stand behind (time, users, money, errors)',
    );
  });

  it('marks a vague answer full of fillers down, with what to practise next', () => {
    const f = builtInAnswerFeedback(RAMBLE);
    expect(f.score).not.toBeNull();
    expect(f.score!).toBeLessThan(40);
    expect(f.practiseNext).toEqual(
      expect.arrayContaining([
        'Replace filler words ("um", "like", "you know") with a short pause',
        'Add one number you can stand behind (time, users, money, errors)',
      ]),
    );
    expect(f.signals.find((s) => s.startsWith('question keywords heard'))).toBeDefined();
  });

  it('gives no score to an answer too short to judge', () => {
    const f = builtInAnswerFeedback(SILENT);
    expect(f.score).toBeNull();
    expect(f.signals).toContain(FEEDBACK_MESSAGES.notEnoughSignal);
    expect(f.strengths).toEqual([]);
  });

  it('picks the weakest scored answer and rebuilds it without inventing facts', () => {
    const all = [STORY, RAMBLE, SILENT].map(builtInAnswerFeedback);
    expect(weakestAnswer(all)?.question).toBe(1);
    const better = builtInBetterAnswer(RAMBLE);
    expect(better).toMatch(/^Answer first/);
    expect(better).toContain('you began: "um so like i think');
    // It names the question's terms the answer missed, and makes up no figures.
    expect(better).toMatch(/cache|database/);
    expect(better).not.toMatch(/\d/);
    expect(builtInBetterAnswer(STORY)).toMatch(/^Situation:/);
  });

  it('scores goals by the documented rule of their theme', () => {
    const answers = [STORY, RAMBLE, SILENT];
    expect(goalTheme('Use fewer filler words')).toBe('fillers');
    expect(goalTheme('Quantify my impact with numbers')).toBe('numbers');
    expect(goalTheme('Answer with the STAR method')).toBe('structure');

    const numbers = builtInGoalResult(
      { id: 'g1', kind: 'yes_no', text: 'Give a number in every answer' },
      answers,
    );
    // Two answers had signal; only the story gave a number.
    expect(numbers).toMatchObject({
      met: false,
      rating: null,
      reason: '1 of 2 answers gave a number',
    });

    const fillers = builtInGoalResult(
      { id: 'g2', kind: 'rating', text: 'Avoid filler words' },
      answers,
    );
    expect(fillers.met).toBeNull();
    expect(fillers.rating).toBeGreaterThanOrEqual(1);
    expect(fillers.rating).toBeLessThan(10);
    expect(fillers.reason).toMatch(/filler words in \d+/);

    const custom = builtInGoalResult(
      { id: 'g3', kind: 'rating', text: 'Talk about the release and the risk' },
      [STORY],
    );
    expect(custom.rating).toBe(10);
    expect(custom.reason).toMatch(/approximate/);

    const none = builtInGoalResult({ id: 'g4', kind: 'yes_no', text: 'Smile' }, [SILENT]);
    expect(none).toMatchObject({
      met: null,
      rating: null,
      reason: FEEDBACK_MESSAGES.notEnoughSignal,
    });
  });
});
