import { z } from 'zod';
import { contextTokensOf, parseJson, runPrompt, type TranscriptLine } from '@parley/ai';
import { QUIZ_LIMITS, type QuizDraftQuestion } from '@parley/contracts';
import type { ResolvedModel } from '../ai-providers/index.js';

const SCHEMA = {
  name: 'quiz',
  schema: {
    type: 'object',
    properties: {
      questions: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            question: { type: 'string' },
            options: { type: 'array', items: { type: 'string' } },
            correct: { type: 'array', items: { type: 'integer' } },
            start: { type: 'number' },
            end: { type: 'number' },
          },
          required: ['question', 'options', 'correct', 'start', 'end'],
          additionalProperties: false,
        },
      },
    },
    required: ['questions'],
    additionalProperties: false,
  },
} as const;

/** One question as the model may write it; anything else about it is checked below. */
const answeredQuestion = z.object({
  question: z.string(),
  options: z.array(z.unknown()),
  correct: z.array(z.unknown()),
  start: z.coerce.number(),
  end: z.coerce.number(),
});

function instructions(count: number, durationSec: number): string {
  return [
    'You write a quiz for sales learners who watched this training video, from its transcript.',
    `Write ${count} questions that check the video's key points, spread over the whole video.`,
    'Each question has 3 or 4 short options; "correct" lists the zero-based indices of the correct options (one for most questions, more only when several options are right).',
    `Tie each question to the moment of the video that answers it: "start" and "end" in seconds as in the transcript, within 0 and ${Math.floor(durationSec)}.`,
    'Ask only about what the transcript says. Never invent facts, names or figures, and never ask about something the transcript does not answer.',
    'Answer with JSON only: {"questions": [{"question", "options", "correct", "start", "end"}]}.',
  ].join('\n\n');
}

const cut = (text: string) => text.trim().slice(0, QUIZ_LIMITS.text);
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The model's answer as draft questions: each validated on its own, so one malformed question
 * does not cost the others. Dropped: a question without text, with fewer than two distinct
 * options, without a correct option among them, or whose moment is not inside the video.
 */
export function questionsFromAnswer(
  answer: unknown,
  durationSec: number,
  count: number,
): QuizDraftQuestion[] {
  const items =
    answer &&
    typeof answer === 'object' &&
    Array.isArray((answer as { questions?: unknown }).questions)
      ? (answer as { questions: unknown[] }).questions
      : [];
  const out: QuizDraftQuestion[] = [];
  for (const item of items) {
    if (out.length >= count) break;
    const parsed = answeredQuestion.safeParse(item);
    if (!parsed.success) continue;
    const q = parsed.data;
    const text = cut(q.question);
    // Options kept in the model's order; a repeated or empty one is dropped with its index.
    const options: { text: string; index: number }[] = [];
    q.options.forEach((o, index) => {
      if (typeof o !== 'string') return;
      const t = cut(o);
      if (t && !options.some((x) => x.text.toLowerCase() === t.toLowerCase())) {
        options.push({ text: t, index });
      }
    });
    const correct = new Set(q.correct.filter((c): c is number => Number.isInteger(c)));
    const kept = options.slice(0, QUIZ_LIMITS.options);
    const right = kept.filter((o) => correct.has(o.index)).length;
    const inside =
      Number.isFinite(q.start) &&
      Number.isFinite(q.end) &&
      q.start >= 0 &&
      q.end >= q.start &&
      q.start < durationSec &&
      q.end <= durationSec + 1;
    if (!text || kept.length < 2 || right === 0 || right === kept.length || !inside) continue;
    out.push({
      text,
      kind: right > 1 ? 'multiple' : 'single',
      options: kept.map((o) => ({ text: o.text, correct: correct.has(o.index) })),
      moment: { start: round2(q.start), end: round2(Math.min(q.end, durationSec)) },
    });
  }
  return out;
}

/** Zai's questions by a connected model: asked for JSON, then held to the video. */
export async function draftQuizWithModel(
  { provider, model }: ResolvedModel,
  lines: TranscriptLine[],
  durationSec: number,
  count: number,
) {
  const res = await runPrompt(provider, {
    model,
    instructions: instructions(count, durationSec),
    transcript: lines,
    jsonSchema: SCHEMA,
    // About 150 tokens a question with its options, and room for the JSON around them.
    settings: { temperature: 0.2, maxOutputTokens: Math.min(8192, 400 + 200 * count) },
    contextTokens: contextTokensOf(model),
  });
  return {
    questions: questionsFromAnswer(res.json ?? parseJson(res.text), durationSec, count),
    provider: res.provider,
    model: res.model,
  };
}
