import { parseJson } from '@parley/ai';
import { z } from 'zod';
import type { AnswerFeedback, GoalResult, PracticeGoal } from '@parley/contracts';
import type { ResolvedModel } from '../ai-providers/index.js';
import type { AnswerInput } from './feedback-engine.js';

/** What the model is asked for; every part is checked and a bad part falls back to the rules. */
const answerSchema = z.object({
  answers: z.array(
    z.object({
      question: z.number().int(),
      score: z.number().min(0).max(100),
      strengths: z.array(z.string().max(300)).max(5),
      practiseNext: z.array(z.string().max(300)).max(5),
    }),
  ),
  betterAnswer: z
    .object({ question: z.number().int(), text: z.string().min(20).max(3000) })
    .nullable(),
  goals: z.array(
    z.object({
      goalId: z.string(),
      met: z.boolean().nullable(),
      rating: z.number().int().min(1).max(10).nullable(),
      reason: z.string().max(400),
    }),
  ),
});

export interface ModelFeedback {
  answers: Map<number, Pick<AnswerFeedback, 'score' | 'strengths' | 'practiseNext'>>;
  betterAnswer: { question: number; text: string } | null;
  goals: Map<string, Pick<GoalResult, 'met' | 'rating' | 'reason'>>;
}

/**
 * Feedback written by the model the organisation connected (Zai). Only answers with enough
 * signal are sent (`answers`); the weakest is the one the caller names, so the model and the
 * page agree on which answer the better one replaces. Null when the reply is unusable.
 */
export async function feedbackFromModel(
  { provider, model }: ResolvedModel,
  role: string,
  answers: readonly AnswerInput[],
  goals: readonly Pick<PracticeGoal, 'id' | 'kind' | 'text'>[],
): Promise<ModelFeedback | null> {
  const brief = [
    `Role practised: ${role}`,
    ...answers.map(
      (a) =>
        `Answer ${a.question} — question: ${a.questionText}\nTranscript: ${a.transcript.slice(0, 3000)}`,
    ),
    goals.length
      ? `Practice goals (yes_no: say met true/false; rating: 1-10):\n${goals.map((g) => `${g.id} [${g.kind}] ${g.text}`).join('\n')}`
      : 'No practice goals.',
  ].join('\n\n');
  const res = await provider.complete({
    model,
    temperature: 0.2,
    maxOutputTokens: 600 + 250 * answers.length,
    messages: [
      {
        role: 'system',
        content:
          'You coach job seekers after a mock interview. Judge only what the transcripts say; never invent facts or numbers about the candidate. For each answer give a score 0-100, up to 3 strengths and up to 3 things to practise next. Write a better version of the weakest answer, keeping the candidate’s own facts and marking missing ones as [placeholders]. Score each goal. Answer only with JSON {"answers":[{"question","score","strengths","practiseNext"}],"betterAnswer":{"question","text"},"goals":[{"goalId","met","rating","reason"}]}.',
      },
      { role: 'user', content: brief },
    ],
  });
  const parsed = answerSchema.safeParse(res.json ?? parseJson(res.text));
  if (!parsed.success) return null;
  const known = new Set(answers.map((a) => a.question));
  return {
    answers: new Map(
      parsed.data.answers
        .filter((a) => known.has(a.question))
        .map((a) => [a.question, { ...a, score: Math.round(a.score) }]),
    ),
    betterAnswer:
      parsed.data.betterAnswer && known.has(parsed.data.betterAnswer.question)
        ? parsed.data.betterAnswer
        : null,
    goals: new Map(
      parsed.data.goals.map((g) => {
        const kind = goals.find((x) => x.id === g.goalId)?.kind;
        // A yes/no goal carries no rating, a rated one no yes/no.
        return [g.goalId, kind === 'yes_no' ? { ...g, rating: null } : { ...g, met: null }];
      }),
    ),
  };
}
