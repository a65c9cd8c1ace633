/** The quiz editor's draft and its check against the contract the server applies. */
import {
  QUIZ_LIMITS,
  quizFieldsSchema,
  type QuizDraftQuestion,
  type QuizQuestionInput,
} from '@parley/contracts';
import { axisTime } from '../../ui/charts/chart-theme';

export interface OptionDraft {
  key: number;
  text: string;
  correct: boolean;
}
export interface QuestionDraft {
  key: number;
  text: string;
  kind: 'single' | 'multiple';
  options: OptionDraft[];
  /** The moment of the video that answers it, for a drafted question (seconds). */
  moment: { start: number; end: number } | null;
}

let nextKey = 1;
const key = () => nextKey++;

export const newOption = (): OptionDraft => ({ key: key(), text: '', correct: false });
export const newQuestion = (): QuestionDraft => ({
  key: key(),
  text: '',
  kind: 'single',
  options: [newOption(), newOption()],
  moment: null,
});

/** Marks an option correct; a single-choice question keeps exactly one. */
export function toggleCorrect(q: QuestionDraft, optionKey: number): QuestionDraft {
  return {
    ...q,
    options: q.options.map((o) =>
      q.kind === 'single'
        ? { ...o, correct: o.key === optionKey }
        : o.key === optionKey
          ? { ...o, correct: !o.correct }
          : o,
    ),
  };
}

/** Switching to single choice keeps only the first correct option. */
export function setKind(q: QuestionDraft, kind: QuestionDraft['kind']): QuestionDraft {
  if (kind === 'multiple') return { ...q, kind };
  const first = q.options.find((o) => o.correct)?.key;
  return { ...q, kind, options: q.options.map((o) => ({ ...o, correct: o.key === first })) };
}

export const toInput = (qs: readonly QuestionDraft[]): QuizQuestionInput[] =>
  qs.map((q) => ({
    text: q.text.trim(),
    kind: q.kind,
    options: q.options.map((o) => ({ text: o.text.trim(), correct: o.correct })),
    ...(q.moment ? { moment: q.moment } : {}),
  }));

/** A question nobody has written anything in yet (the editor's first, empty one). */
const isBlank = (q: QuestionDraft) =>
  !q.text.trim() && q.options.every((o) => !o.text.trim() && !o.correct);

/**
 * Drafted questions in the editor: they take the place of blank questions and follow the ones
 * the author already wrote, up to the quiz's limit.
 */
export function withDrafts(
  qs: readonly QuestionDraft[],
  drafts: readonly QuizDraftQuestion[],
): QuestionDraft[] {
  const kept = qs.filter((q) => !isBlank(q));
  const added = drafts.map((d): QuestionDraft => ({
    key: key(),
    text: d.text,
    kind: d.kind,
    options: d.options.map((o) => ({ key: key(), text: o.text, correct: o.correct })),
    moment: d.moment,
  }));
  return [...kept, ...added].slice(0, QUIZ_LIMITS.questions);
}

/** '00:42–00:51': a question's moment, as its Play button says it. */
export const momentRange = (m: { start: number; end: number }) =>
  `${axisTime(m.start)}–${axisTime(Math.max(m.end, m.start))}`;

/** The first problem, named by its question ('Question 2: …'), or null when it can be saved. */
export function quizProblem(title: string, qs: readonly QuestionDraft[]): string | null {
  const parsed = quizFieldsSchema.safeParse({ title, questions: toInput(qs) });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return null;
  const [field, index, part] = issue.path;
  if (field === 'questions' && typeof index === 'number') {
    const what =
      part === 'text'
        ? 'Write the question'
        : part === 'options' && issue.path.length > 3
          ? 'Fill in every option'
          : issue.message;
    return `Question ${index + 1}: ${what}`;
  }
  return issue.message;
}
