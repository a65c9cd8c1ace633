import {
  FEEDBACK_MESSAGES as F,
  GOAL_LIMITS,
  TALENT_PROFILE_MESSAGES as M,
  type AnswerFeedback,
  type GoalResult,
  type MockFeedback,
  type PracticeGoal,
  type PracticeGoalBody,
} from '@parley/contracts';
import type { MockAnswerRecord } from '../../platform/db/schema.js';
import { isUuid } from '../../platform/db/values.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { MeetingsService } from '../meetings/index.js';
import {
  builtInAnswerFeedback,
  builtInBetterAnswer,
  weakestAnswer,
  type AnswerInput,
} from './feedback-engine.js';
import { builtInGoalResult } from './goal-rules.js';
import type { FeedbackRepo, GoalRow } from './feedback-repo.js';
import type { MockInterviewRow, TalentPoolRepo } from './repo.js';
import { feedbackFromModel } from './zai-feedback.js';

export interface FeedbackDeps {
  repo: TalentPoolRepo;
  feedback: FeedbackRepo;
  ai: AiProviderResolver;
  meetings: Pick<MeetingsService, 'get'>;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

const BUILT_IN = 'built-in';

const goalOut = (g: GoalRow): PracticeGoal => ({
  id: g.id,
  kind: g.kind,
  text: g.text,
  createdAt: g.createdAt.toISOString(),
});

/**
 * One input per question answered: the answer and its follow-up's answer read as one, over
 * the moment from the first one's start to the last one's end.
 */
export function answersOf(row: MockInterviewRow): AnswerInput[] {
  const byQuestion = new Map<number, MockAnswerRecord[]>();
  for (const a of row.answers)
    byQuestion.set(a.question, [...(byQuestion.get(a.question) ?? []), a]);
  return [...byQuestion.entries()]
    .sort(([a], [b]) => a - b)
    .map(([question, records]) => {
      const ordered = [...records].sort((a, b) => Number(a.followUp) - Number(b.followUp));
      const starts = ordered.flatMap((r) => (r.startMs === undefined ? [] : [r.startMs]));
      const ends = ordered.flatMap((r) => (r.endMs === undefined ? [] : [r.endMs]));
      const q = row.questions[question];
      return {
        question,
        questionText: q?.text ?? '',
        topic: q?.topic ?? 'general',
        transcript: ordered
          .map((r) => r.transcript.trim())
          .filter(Boolean)
          .join(' '),
        moment:
          starts.length && ends.length
            ? { start: Math.min(...starts) / 1000, end: Math.max(...ends) / 1000 }
            : null,
      };
    });
}

/**
 * Feedback on analysed mock interviews (issue 19 item 6) and the seeker's practice goals.
 * Feedback is written when the interview's meeting has been analysed: by the organisation's
 * model when one is connected, part by part falling back to the built-in rules.
 */
export function createFeedbackService(deps: FeedbackDeps) {
  const { repo, feedback, ai, now, log } = deps;

  async function own(caller: Caller, id: string): Promise<MockInterviewRow> {
    const row = isUuid(id) ? await repo.mockInterview(caller.userId, id) : null;
    if (!row) throw notFound(M.mockInterviewNotFound);
    return row;
  }

  async function write(row: MockInterviewRow, goals: GoalRow[]) {
    const inputs = answersOf(row);
    const builtIn = inputs.map(builtInAnswerFeedback);
    const heard = inputs.filter((_, i) => builtIn[i]!.score !== null);
    let by = BUILT_IN;
    let model: Awaited<ReturnType<typeof feedbackFromModel>> = null;
    const resolved = await ai.providerFor(row.organizationId).catch(() => null);
    if (resolved && resolved.provider.kind !== 'local' && heard.length > 0) {
      try {
        model = await feedbackFromModel(resolved, row.jobRole, heard, goals);
        if (model) by = resolved.model;
      } catch (err) {
        log.warn(
          { err, interviewId: row.id },
          'mock interview feedback from the model failed; the rules answer',
        );
      }
    }
    // An answer without enough signal keeps the rules' "not enough signal", whoever writes.
    const answers: AnswerFeedback[] = builtIn.map((b) => {
      const m = b.score === null ? undefined : model?.answers.get(b.question);
      return m ? { ...b, ...m } : b;
    });
    const weakest = weakestAnswer(answers);
    const weakInput = weakest ? inputs.find((i) => i.question === weakest.question) : undefined;
    const fromModel = model?.betterAnswer;
    const betterAnswer = fromModel
      ? {
          question: fromModel.question,
          questionText: inputs.find((i) => i.question === fromModel.question)?.questionText ?? '',
          text: fromModel.text,
        }
      : weakInput
        ? {
            question: weakInput.question,
            questionText: weakInput.questionText,
            text: builtInBetterAnswer(weakInput),
          }
        : null;
    const goalResults: GoalResult[] = goals.map((g) => {
      const rules = builtInGoalResult(g, inputs);
      const m = rules.met === null && rules.rating === null ? undefined : model?.goals.get(g.id);
      return m ? { ...rules, ...m } : rules;
    });
    await feedback.saveFeedback({
      interviewId: row.id,
      organizationId: row.organizationId,
      userId: row.userId,
      by,
      answers,
      betterAnswer,
      goals: goalResults,
      createdAt: now(),
    });
  }

  return {
    /**
     * Told that a meeting's analysis finished: when it is a mock interview's recording, the
     * interview is analysed and its feedback written against the goals that exist now.
     */
    async meetingAnalysed(meetingId: string): Promise<void> {
      const row = await repo.byMeeting(meetingId);
      if (!row) return;
      const goals = await feedback.goals(row.userId);
      await write(row, goals);
      await repo.updateMockInterview(row.id, { state: 'analysed' });
    },

    async feedback(caller: Caller, id: string): Promise<MockFeedback> {
      const row = await own(caller, id);
      const [stored, meeting] = await Promise.all([
        feedback.feedbackOf(row.id),
        row.meetingId ? deps.meetings.get(caller, row.meetingId).catch(() => null) : null,
      ]);
      return {
        interviewId: row.id,
        state: row.state as MockFeedback['state'],
        meetingId: row.meetingId,
        analysisStatus: meeting?.inferenceStatus ?? null,
        statusReason: meeting?.statusReason ?? null,
        feedback: stored && {
          by: stored.by,
          answers: stored.answers,
          betterAnswer: stored.betterAnswer ?? null,
          goals: stored.goals,
          createdAt: stored.createdAt.toISOString(),
        },
      };
    },

    async goals(caller: Caller) {
      return { data: (await feedback.goals(caller.userId)).map(goalOut) };
    },

    async createGoal(caller: Caller, body: Required<PracticeGoalBody>): Promise<PracticeGoal> {
      if ((await feedback.goals(caller.userId)).length >= GOAL_LIMITS.max) {
        throw conflict(F.tooManyGoals);
      }
      return goalOut(
        await feedback.createGoal({
          organizationId: caller.organizationId,
          userId: caller.userId,
          kind: body.kind,
          text: body.text,
          createdAt: now(),
        }),
      );
    },

    async updateGoal(caller: Caller, id: string, body: Required<PracticeGoalBody>) {
      const row = isUuid(id)
        ? await feedback.updateGoal(caller.userId, id, { ...body, updatedAt: now() })
        : null;
      if (!row) throw notFound(F.goalNotFound);
      return goalOut(row);
    },

    async deleteGoal(caller: Caller, id: string) {
      if (!isUuid(id) || !(await feedback.deleteGoal(caller.userId, id))) {
        throw notFound(F.goalNotFound);
      }
      return { message: 'Practice goal deleted' };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
