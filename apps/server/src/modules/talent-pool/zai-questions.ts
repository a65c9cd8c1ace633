import { parseJson } from '@parley/ai';
import { z } from 'zod';
import type { MockQuestion } from '@parley/contracts';
import type { ResolvedModel } from '../ai-providers/index.js';
import type { QuestionInput } from './questions.js';

const SCHEMA = {
  name: 'mock_interview_questions',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['questions'],
    properties: {
      questions: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text', 'topic'],
          properties: { text: { type: 'string' }, topic: { type: 'string' } },
        },
      },
    },
  },
} as const;

/** One question as asked for; a malformed one is dropped, not the whole answer. */
const questionSchema = z.object({
  text: z.string().trim().min(10).max(500),
  topic: z.string().max(60),
});
const answerSchema = z.object({ questions: z.array(z.unknown()) });

/**
 * Questions written by the model the organisation connected (Zai), from the role, level,
 * company, job description and the resume's skills and experience. Returns the distinct,
 * well-formed ones (possibly fewer than asked); the caller tops them up from the bank.
 */
export async function questionsFromModel(
  { provider, model }: ResolvedModel,
  input: QuestionInput,
  experience: string,
): Promise<MockQuestion[]> {
  const brief = [
    `Role: ${input.role}`,
    `Level: ${input.level} (Easy: fundamentals; Medium: trade-offs and concrete stories; Hard: judgement under ambiguity and scale)`,
    `Company: ${input.company}`,
    `Skills to probe: ${[...input.skills, ...input.resumeSkills].join(', ') || 'none given'}`,
    `Job description: ${input.jobDescription.slice(0, 4000) || 'none given'}`,
    `Candidate's experience: ${experience.slice(0, 3000) || 'not given'}`,
  ].join('\n');
  const res = await provider.complete({
    model,
    temperature: 0.4,
    maxOutputTokens: 200 + 120 * input.count,
    jsonSchema: SCHEMA,
    messages: [
      {
        role: 'system',
        content:
          'You are an experienced interviewer preparing a one-way mock interview. Write distinct spoken questions, one sentence or two each, tailored to the candidate. Answer only with JSON {"questions":[{"text","topic"}]}.',
      },
      { role: 'user', content: `${brief}\n\nWrite ${input.count} questions.` },
    ],
  });
  const parsed = answerSchema.safeParse(res.json ?? parseJson(res.text));
  if (!parsed.success) return [];
  const seen = new Set<string>();
  return parsed.data.questions
    .flatMap((raw) => {
      const q = questionSchema.safeParse(raw);
      return q.success ? [q.data] : [];
    })
    .filter((q) => {
      const key = q.text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, input.count)
    .map((q) => ({ text: q.text, topic: q.topic || 'general', source: 'ai' as const }));
}
