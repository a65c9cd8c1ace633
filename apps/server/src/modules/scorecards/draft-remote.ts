import { contextTokensOf, parseJson, runPrompt } from '@parley/ai';
import {
  MAX_EVIDENCE,
  SCORECARD_MESSAGES as S,
  type Evidence,
  type JobCompetency,
} from '@parley/contracts';
import type { StoredRating } from '../../platform/db/schema.js';
import type { ResolvedModel } from '../ai-providers/index.js';
import { grounded, type DraftMaterial } from './material.js';

const SCHEMA = {
  name: 'scorecard',
  schema: {
    type: 'object',
    properties: {
      summary: { type: 'string' },
      competencies: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            competency: { type: 'string' },
            discussed: { type: 'boolean' },
            rating: { type: ['integer', 'null'], minimum: 1, maximum: 5 },
            notes: { type: 'string' },
            evidence: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  start: { type: 'number' },
                  end: { type: 'number' },
                  quote: { type: 'string' },
                },
                required: ['start', 'end', 'quote'],
                additionalProperties: false,
              },
            },
          },
          required: ['competency', 'discussed', 'rating', 'notes', 'evidence'],
          additionalProperties: false,
        },
      },
    },
    required: ['summary', 'competencies'],
    additionalProperties: false,
  },
} as const;

function instructions(kit: readonly JobCompetency[], m: DraftMaterial): string {
  const competencies = kit
    .map((c) => {
      const rubric = c.rubric.map((r, i) => `    ${i + 1}: ${r}`).join('\n');
      const questions = c.questions.map((q) => `    - ${q}`).join('\n');
      return `- ${c.name}: ${c.description}\n  Questions:\n${questions}\n  Rubric:\n${rubric}`;
    })
    .join('\n');
  const scores = m.categories.map((c) => `${c.name} ${c.score}/100`).join(', ');
  return [
    'You draft an interviewer scorecard for the candidate in this interview transcript.',
    'Rate each competency of the interview kit from 1 to 5 using its rubric, from what the candidate said.',
    'Cite as evidence the moments the rating rests on: start and end in seconds as in the transcript, and the exact words spoken as the quote.',
    'When nothing in the transcript bears on a competency, answer discussed false, rating null and no evidence. Never invent evidence.',
    scores ? `Measured scores of the interview: ${scores}.` : '',
    `Interview kit:\n${competencies}`,
    'Answer with JSON only: {"summary": string, "competencies": [{"competency", "discussed", "rating", "notes", "evidence": [{"start", "end", "quote"}]}]}.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The model's JSON, from structured output or the text's outer object. */
function jsonOf(res: { json?: unknown; text: string }): Record<string, unknown> | null {
  const json = res.json && typeof res.json === 'object' ? res.json : parseJson(res.text);
  return json && typeof json === 'object' && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : null;
}

const key = (s: string) => s.trim().toLowerCase();

/**
 * The model's answer as ratings of the kit, in the kit's order: a competency the model left
 * out, or rated without a moment of the transcript behind it, keeps no rating but the model's
 * note; evidence outside the recording or not matching the transcript is dropped (grounded).
 */
export function ratingsFromAnswer(
  answer: Record<string, unknown> | null,
  kit: readonly JobCompetency[],
  m: DraftMaterial,
): { ratings: StoredRating[]; summary: string } {
  const items = Array.isArray(answer?.competencies) ? (answer.competencies as unknown[]) : [];
  const byName = new Map<string, Record<string, unknown>>();
  for (const item of items) {
    if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      if (typeof o.competency === 'string') byName.set(key(o.competency), o);
    }
  }
  const ratings = kit.map((c): StoredRating => {
    const o = byName.get(key(c.name));
    const raw = Array.isArray(o?.evidence) ? (o.evidence as Partial<Evidence>[]) : [];
    const evidence = raw
      .map((e) => (e && typeof e === 'object' ? grounded(e, m) : null))
      .filter((e): e is Evidence => e !== null)
      .slice(0, MAX_EVIDENCE);
    const notes = typeof o?.notes === 'string' ? o.notes.trim().slice(0, 2000) : '';
    const rating = Number(o?.rating);
    if (!o || o.discussed === false || evidence.length === 0 || !Number.isInteger(rating)) {
      return {
        competency: c.name,
        rating: null,
        discussed: false,
        notes: notes || S.notDiscussed,
        evidence: [],
      };
    }
    return {
      competency: c.name,
      rating: Math.min(5, Math.max(1, rating)),
      discussed: true,
      notes,
      evidence,
    };
  });
  const summary = typeof answer?.summary === 'string' ? answer.summary.trim().slice(0, 5000) : '';
  return { ratings, summary };
}

/** Zai's draft by a connected model: asked for JSON, then held to the transcript. */
export async function draftWithModel(
  { provider, model }: ResolvedModel,
  kit: readonly JobCompetency[],
  m: DraftMaterial,
) {
  const res = await runPrompt(provider, {
    model,
    instructions: instructions(kit, m),
    transcript: m.lines.map((l) => ({
      speaker: l.speakerName,
      start: l.start,
      end: l.end,
      text: l.text,
    })),
    jsonSchema: SCHEMA,
    settings: { temperature: 0 },
    contextTokens: contextTokensOf(model),
  });
  return { ...ratingsFromAnswer(jsonOf(res), kit, m), provider: res.provider, model: res.model };
}
