import { describe, expect, it } from 'vitest';
import { newQuestion, quizProblem, setKind, toggleCorrect, type QuestionDraft } from './quiz-draft';

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
});
