import { and, eq, type SQL } from 'drizzle-orm';
import { isAiError } from '@parley/ai';
import {
  COACHING_MESSAGES as C,
  QUIZ_DRAFT,
  type Attempt,
  type Quiz,
  type QuizDraft,
  type QuizQuestionInput,
  type QuizWithKey,
} from '@parley/contracts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { coachingContents, type StoredQuizQuestion } from '../../platform/db/schema.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { MeetingsService } from '../meetings/index.js';
import { dialogueBlocks, type TranscriptData } from '../transcripts/index.js';
import type { AttemptRow, ProgressRepo } from './progress-repo.js';
import { draftQuizLocally } from './quiz-draft-local.js';
import { draftQuizWithModel } from './quiz-draft-remote.js';
import { seenBy, type CoachingRepo, type ContentRow, type QuizRow } from './repo.js';

export interface QuizDeps {
  repo: CoachingRepo;
  progress: ProgressRepo;
  meetings: Pick<MeetingsService, 'rowById'>;
  transcriptOf: (meetingId: string) => Promise<TranscriptData | null>;
  ai: AiProviderResolver;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** Whose videos a call reaches: a learner's view, the organisation's own, or every one. */
export type QuizScope = 'learner' | 'organisation' | 'platform';

function scopeOf(caller: Caller, scope: QuizScope): SQL | undefined {
  if (scope === 'platform') return undefined;
  if (scope === 'learner') return seenBy(caller.organizationId);
  return and(
    eq(coachingContents.organizationId, caller.organizationId),
    eq(coachingContents.isDefault, false),
  );
}

/** Ids the author never typed: q1, q1o1, … in the order written. */
export function toStored(questions: QuizQuestionInput[]): StoredQuizQuestion[] {
  return questions.map((q, i) => {
    const id = `q${i + 1}`;
    const options = q.options.map((o, j) => ({
      id: `${id}o${j + 1}`,
      text: o.text,
      correct: o.correct,
    }));
    return {
      id,
      text: q.text,
      kind: q.kind,
      options: options.map(({ id: oid, text }) => ({ id: oid, text })),
      correct: options.filter((o) => o.correct).map((o) => o.id),
      moment: q.moment ?? null,
    };
  });
}

/** The learner's quiz: the answer key is dropped here, the one place a quiz leaves for them. */
export function learnerQuiz(row: QuizRow, content: ContentRow): Quiz {
  return {
    id: row.id,
    meetingId: row.meetingId,
    title: row.title || content.title,
    isDefault: content.isDefault,
    questions: row.questions.map(({ id, text, kind, options, moment }) => ({
      id,
      text,
      kind,
      options: options.map((o) => ({ id: o.id, text: o.text })),
      moment,
    })),
  };
}

function authorQuiz(row: QuizRow, content: ContentRow): QuizWithKey {
  const learner = learnerQuiz(row, content);
  return {
    ...learner,
    questions: learner.questions.map((q, i) => ({
      ...q,
      correct: row.questions[i]?.correct ?? [],
    })),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Questions answered exactly right (every correct option, nothing else) and the percentage. */
export function scoreOf(questions: StoredQuizQuestion[], answers: Record<string, string[]>) {
  const correct = questions.filter((q) => sameSet(answers[q.id] ?? [], q.correct)).length;
  const score = questions.length ? Math.round((1000 * correct) / questions.length) / 10 : 0;
  return { correct, score };
}

/**
 * A connected model's failure as the API says it: a key the provider refused is the caller's
 * to fix (400, naming the provider); any other provider failure its own message (502).
 */
function draftFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isAiError(err)) {
    return new AppError(err.kind === 'key-expired' ? 400 : 502, err.message || C.quizDraftFailed);
  }
  return new AppError(500, C.quizDraftFailed);
}

function toAttempt(row: AttemptRow, meetingId: string): Attempt {
  return {
    id: row.id,
    quizId: row.quizId,
    meetingId,
    status: row.status,
    userAnswers: row.answers,
    score: row.score,
    correctCount: row.correctCount,
    questionCount: row.questionCount,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * Quizzes on training videos and assessments (spec 1 §7). Authors write the correct options;
 * learners get the questions without them, answer in an attempt, and the server scores it on
 * submit. A submitted attempt is fixed; the next GET starts a new one.
 */
export function createQuizService(deps: QuizDeps) {
  const { repo, progress, now } = deps;

  /** Whose videos an author reaches: the super admin every one, others their organisation's. */
  const authorScope = (caller: Caller): QuizScope =>
    crossesOrganisations(caller) ? 'platform' : 'organisation';

  async function videoIn(caller: Caller, meetingId: string, scope: QuizScope) {
    const content = await repo.byMeeting(meetingId, scopeOf(caller, scope));
    if (!content || content.type !== 'video') throw notFound(C.videoNotFound);
    return content;
  }

  async function quizIn(caller: Caller, meetingId: string, scope: QuizScope) {
    const content = await videoIn(caller, meetingId, scope);
    const quiz = await repo.quizOf(meetingId);
    if (!quiz) throw notFound(C.quizNotFound);
    return { content, quiz };
  }

  /** A quiz the learner may take, by its id (another organisation's is not found). */
  async function takeable(caller: Caller, quizId: string) {
    const quiz = await repo.quizById(quizId);
    const content = quiz
      ? await repo.byMeeting(quiz.meetingId, seenBy(caller.organizationId))
      : null;
    if (!quiz || !content) throw notFound(C.quizNotFound);
    return { quiz, content };
  }

  async function ownAttempt(caller: Caller, attemptId: string) {
    const attempt = await progress.ownAttempt(caller.userId, attemptId);
    const quiz = attempt ? await repo.quizById(attempt.quizId) : null;
    if (!attempt || !quiz) throw notFound(C.attemptNotFound);
    return { attempt, quiz };
  }

  return {
    async create(
      caller: Caller,
      body: { meetingId: string; title?: string | undefined; questions: QuizQuestionInput[] },
      scope: QuizScope,
    ): Promise<QuizWithKey> {
      const content = await videoIn(caller, body.meetingId, scope);
      const row = await repo.insertQuiz({
        meetingId: body.meetingId,
        organizationId: content.organizationId,
        title: body.title ?? '',
        questions: toStored(body.questions),
        createdBy: caller.userId,
        now: now(),
      });
      if (!row) throw conflict(C.quizExists);
      return authorQuiz(row, content);
    },

    async authorFetch(caller: Caller, meetingId: string, scope: QuizScope): Promise<QuizWithKey> {
      const { content, quiz } = await quizIn(caller, meetingId, scope);
      return authorQuiz(quiz, content);
    },

    async fetch(caller: Caller, meetingId: string): Promise<Quiz> {
      const { content, quiz } = await quizIn(caller, meetingId, 'learner');
      return learnerQuiz(quiz, content);
    },

    /**
     * Draft questions from the video's transcript for the author to edit (issue 15 item 4),
     * not saved: the model the author's organisation connected writes them, or, with none, the
     * built-in engine makes them from key sentences. Each is tied to the moment answering it.
     */
    async generate(
      caller: Caller,
      body: { meetingId: string; count?: number | undefined },
    ): Promise<QuizDraft> {
      await videoIn(caller, body.meetingId, authorScope(caller));
      const transcript = await deps.transcriptOf(body.meetingId);
      if (!transcript || transcript.words.length === 0) throw badRequest(C.transcriptNotReady);
      const meeting = await deps.meetings.rowById(body.meetingId);
      const lastWord = transcript.words[transcript.words.length - 1]?.end ?? 0;
      const durationSec = meeting?.durationSec || transcript.audioLengthSec || lastWord;
      const count = body.count ?? QUIZ_DRAFT.count;
      // The author's organisation drafts: the super admin's is the platform's.
      const resolved = await deps.ai.providerFor(caller.organizationId);
      if (resolved.provider.kind === 'local') {
        const questions = draftQuizLocally(transcript.words, durationSec, count);
        if (questions.length === 0) throw badRequest(C.transcriptTooShort);
        return { questions, provider: 'local', model: resolved.model };
      }
      const lines = dialogueBlocks(transcript.words, {}).map((b) => ({
        speaker: b.speakerName,
        start: b.startTime,
        end: b.endTime,
        text: b.text,
      }));
      const drafted = await draftQuizWithModel(resolved, lines, durationSec, count).catch(
        (err: unknown) => {
          deps.log.warn({ err, meetingId: body.meetingId }, 'quiz draft failed');
          throw draftFailure(err);
        },
      );
      if (drafted.questions.length === 0) throw new AppError(422, C.quizDraftUnusable);
      return drafted;
    },

    /** The super admin deletes any quiz; an organisation's author only its own videos'. */
    async remove(caller: Caller, meetingId: string): Promise<{ message: string }> {
      const { quiz } = await quizIn(caller, meetingId, authorScope(caller));
      if (!(await repo.removeQuiz(quiz.id))) throw notFound(C.quizNotFound);
      return { message: C.quizDeleted };
    },

    async attempt(caller: Caller, quizId: string): Promise<Attempt> {
      const { quiz } = await takeable(caller, quizId);
      const start = () =>
        progress.startAttempt({
          quizId: quiz.id,
          userId: caller.userId,
          organizationId: caller.organizationId,
          questionCount: quiz.questions.length,
          now: now(),
        });
      // A parallel call may start it between the read and the insert: then read theirs.
      const row =
        (await progress.openAttempt(quiz.id, caller.userId)) ??
        (await start()) ??
        (await progress.openAttempt(quiz.id, caller.userId));
      if (!row) throw conflict(C.fetchAssessmentFailed);
      return toAttempt(row, quiz.meetingId);
    },

    async answer(
      caller: Caller,
      attemptId: string,
      body: { questionId: string; answers: string[] },
    ): Promise<Attempt> {
      const { attempt, quiz } = await ownAttempt(caller, attemptId);
      if (attempt.status === 'completed') throw conflict(C.attemptCompleted);
      const question = quiz.questions.find((q) => q.id === body.questionId);
      if (!question) throw badRequest(C.questionNotFound);
      const answers = [...new Set(body.answers)];
      const ids = new Set(question.options.map((o) => o.id));
      if (answers.some((a) => !ids.has(a))) throw badRequest(C.answerNotAnOption);
      if (question.kind === 'single' && answers.length > 1) throw badRequest(C.singleChoice);
      const row = await progress.saveAnswer(attempt.id, question.id, answers);
      if (!row) throw conflict(C.attemptCompleted);
      return toAttempt(row, quiz.meetingId);
    },

    async submit(caller: Caller, attemptId: string): Promise<Attempt> {
      const { attempt, quiz } = await ownAttempt(caller, attemptId);
      // Submitting again answers the score it got; nothing changes.
      if (attempt.status === 'completed') return toAttempt(attempt, quiz.meetingId);
      const { correct, score } = scoreOf(quiz.questions, attempt.answers);
      const row =
        (await progress.complete(attempt.id, score, correct, now())) ??
        (await progress.ownAttempt(caller.userId, attempt.id));
      if (!row) throw notFound(C.attemptNotFound);
      if (row.score !== null) {
        await progress.recordScore(caller.userId, quiz.meetingId, row.score, now());
      }
      return toAttempt(row, quiz.meetingId);
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
