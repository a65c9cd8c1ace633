import { describe, expect, it } from 'vitest';
import {
  momentRange,
  newQuestion,
  quizProblem,
  setKind,
  toggleCorrect,
  toInput,
  withDrafts,
  type QuestionDraft,
} from './quiz-draft';

function filled(kind: QuestionDraft['kind'] = 'single'): QuestionDraft {
  const q = { ...newQuestion(), kind, text: 'Which opener works?' };
  q.options = q.options.map((o, i) => ({ ...o, text: `Option ${i + 1}` }));
  return q;
}

describe('the quiz editor', () => {
  it('keeps one correct option on a single-choice question, several on a multiple one', () => {
    let q = filled();
    const [a, b] = q.options.map((o) => o.key) as [number, number];
    q = toggleCorrect(toggleCorrect(q, a), b);
    expect(q.options.map((o) => o.correct)).toEqual([false, true]);
    q = setKind(q, 'multiple');
    q = toggleCorrect(q, a);
    expect(q.options.map((o) => o.correct)).toEqual([true, true]);
    q = setKind(q, 'single');
    expect(q.options.map((o) => o.correct)).toEqual([true, false]);
  });

  it('says which question is not ready, with the server’s rule', () => {
    const ok = toggleCorrect(filled(), filled().options[0]!.key);
    const good = { ...ok, options: ok.options.map((o, i) => ({ ...o, correct: i === 0 })) };
    expect(quizProblem('', [good])).toBeNull();
    expect(quizProblem('', [])).toBe('A quiz needs at least one question');
    expect(quizProblem('', [good, { ...good, text: ' ' }])).toBe('Question 2: Write the question');
    expect(quizProblem('', [filled()])).toBe(
      'Question 1: A single-choice question needs exactly one correct option',
    );
    const blank = { ...good, options: [good.options[0]!, { ...good.options[1]!, text: '' }] };
    expect(quizProblem('', [blank])).toBe('Question 1: Fill in every option');
  });

  it('puts drafted questions in place of blank ones, after those the author wrote', () => {
    const draft = {
      text: 'Fill in the missing word: “Start with a clear _____ for calling.”',
      kind: 'single' as const,
      options: [
        { text: 'reason', correct: true },
        { text: 'script', correct: false },
        { text: 'budget', correct: false },
      ],
      moment: { start: 42.4, end: 51.2 },
    };
    // The editor opens with one blank question: the drafts replace it.
    const fresh = withDrafts(
      [newQuestion()],
      [draft, { ...draft, moment: { start: 70, end: 75 } }],
    );
    expect(fresh.map((q) => q.moment)).toEqual([draft.moment, { start: 70, end: 75 }]);
    expect(quizProblem('', fresh)).toBeNull();
    // Saved with their moments, so learners can be sent back to them.
    expect(toInput(fresh)[0]).toEqual({
      text: draft.text,
      kind: 'single',
      options: draft.options,
      moment: draft.moment,
    });
    // A question the author started stays first; a blank one among them goes.
    const started = { ...newQuestion(), text: 'Who speaks first?' };
    const merged = withDrafts([started, newQuestion()], [draft]);
    expect(merged.map((q) => q.text)).toEqual(['Who speaks first?', draft.text]);
    expect(toInput(merged)[0]).not.toHaveProperty('moment');
    expect(new Set(merged.flatMap((q) => [q.key, ...q.options.map((o) => o.key)])).size).toBe(7);
    expect(momentRange(draft.moment)).toBe('00:42–00:51');
  });
});
