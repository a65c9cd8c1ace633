import {
  contextTokensOf,
  parseJson,
  runPrompt,
  withoutEngineNote,
  type Citation,
  type CompletionResult,
} from '@parley/ai';
import {
  INSIGHT_MESSAGES,
  type InsightCitation,
  type InsightCitations,
  type InsightResult,
} from '@parley/contracts';
import { AppError } from '../../platform/errors.js';
import type { ResolvedModel } from '../ai-providers/index.js';
import { citedMoments, insideRecording, type PromptMaterial } from './material.js';
import type { InsightPrompt } from './prompts.js';

/** One prompt's answer, ready to store: the spec's result shape plus what it cost. */
export interface PromptOutcome {
  promptName: string;
  group: InsightPrompt['group'];
  result: InsightResult;
  citations: InsightCitations;
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
}

const SCORE_SCHEMA = {
  name: 'score_result',
  schema: {
    type: 'object',
    properties: {
      score: { type: 'number', minimum: 0, maximum: 100 },
      insights: { type: 'array', items: { type: 'string' } },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['score', 'insights', 'tags'],
    additionalProperties: false,
  },
} as const;

/** A model's JSON, wherever it put it: the structured output, or the text's outer object. */
function jsonOf(res: CompletionResult): unknown {
  return res.json !== undefined ? res.json : (parseJson(res.text) ?? null);
}

/** "Score: 72", "score of 72/100": a score a model wrote as prose instead of JSON. */
const PROSE_SCORE = /\bscore\b[^\d\n]{0,20}(\d{1,3}(?:\.\d+)?)(?:\s*(?:\/|out of)\s*100)?/i;

/**
 * The score answer as an object, read leniently: the JSON (structured output or the text's
 * outer object), else a score written in prose with the other lines as insights. Null when
 * the answer has no score at all.
 */
function scoreAnswerOf(res: CompletionResult): Record<string, unknown> | null {
  const json = jsonOf(res);
  if (
    json &&
    typeof json === 'object' &&
    Number.isFinite(Number((json as { score?: unknown }).score))
  ) {
    return json as Record<string, unknown>;
  }
  const prose = PROSE_SCORE.exec(res.text);
  if (!prose) return null;
  const insights = linesOf(res).filter((l) => !PROSE_SCORE.test(l));
  return { score: Number(prose[1]), insights, tags: [] };
}

/** Added to the instructions of the one retry after an answer without a score. */
const JSON_ONLY =
  'Answer with the JSON object only: {"score": <0-100>, "insights": [...], "tags": [...]}. ' +
  'No prose before or after it.';

/** A statement as text: models sometimes answer {text: …} or {insight: …} objects. */
function statementOf(x: unknown): string | null {
  if (typeof x === 'string') return x;
  if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    for (const key of ['text', 'insight', 'item', 'line', 'value']) {
      if (typeof o[key] === 'string') return o[key];
    }
  }
  return null;
}

const BULLET = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;
/** A one-line answer that there is nothing to list ("No action items were found..."). */
const NOTHING = /^(?:no\b|none\b|there (?:are|were) no\b|the transcript is empty\b)/i;

/**
 * The answer's lines without what is not an item: headings ("Key questions:"), the built-in
 * engine's source note and its notice that it could not follow an instruction.
 */
function linesOf(res: CompletionResult): string[] {
  const lines = withoutEngineNote(res.text)
    .split(/\r?\n/)
    .map((l) => l.replace(BULLET, '').trim())
    .filter(
      (l) => l.length > 0 && !l.endsWith(':') && !l.startsWith('The built-in engine could not'),
    );
  const only = lines[0];
  if (lines.length === 1 && only && NOTHING.test(only) && !/\d{1,2}:\d{2}/.test(only)) return [];
  return lines;
}

const contentWords = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}']{4,}/gu) ?? []);

/** The provider's own citation that best matches a statement (shared words), if any. */
function matchingCitation(statement: string, pool: readonly Citation[]): Citation | null {
  const words = contentWords(statement);
  let best: Citation | null = null;
  let bestShared = 1;
  for (const c of pool) {
    if (!c.quote) continue;
    let shared = 0;
    for (const w of contentWords(c.quote)) if (words.has(w)) shared++;
    if (shared > bestShared) {
      best = c;
      bestShared = shared;
    }
  }
  return best;
}

/**
 * Statements with their moments: times the statement cites, else the provider's citation
 * that shares its words, else the provider's i-th citation when it gave one per statement.
 */
function cite(statements: string[], res: CompletionResult, material: PromptMaterial) {
  const pool = res.citations ?? [];
  const texts: string[] = [];
  const items: InsightCitation[][] = [];
  statements.forEach((raw, i) => {
    const { text, citations } = citedMoments(raw, material);
    if (!text) return;
    let found: InsightCitation[] = citations;
    if (found.length === 0) {
      const match =
        matchingCitation(text, pool) ?? (pool.length === statements.length ? pool[i] : null);
      if (match) found = [{ ...match }];
    }
    texts.push(text);
    items.push(insideRecording(found, material.durationSec));
  });
  return { texts, items };
}

function uniqueByStart(citations: InsightCitation[]): InsightCitation[] {
  const seen = new Set<number>();
  return citations
    .filter((c) => (seen.has(c.start) ? false : (seen.add(c.start), true)))
    .sort((a, b) => a.start - b.start);
}

/** Runs one prompt on the material and shapes the answer as the spec's result item. */
export async function runInsightPrompt(
  { provider, model }: ResolvedModel,
  prompt: InsightPrompt,
  material: PromptMaterial,
  signal?: AbortSignal,
): Promise<PromptOutcome> {
  // runPrompt fits the transcript to the model's context (parts, then one merged answer).
  const ask = (strict: boolean) =>
    runPrompt(provider, {
      model,
      instructions: strict ? `${prompt.instructions}\n\n${JSON_ONLY}` : prompt.instructions,
      transcript: material.lines,
      ...(material.signals ? { signals: material.signals } : {}),
      ...(prompt.output === 'score' ? { jsonSchema: SCORE_SCHEMA } : {}),
      settings: { temperature: strict ? 0 : 0.2 },
      contextTokens: contextTokensOf(model),
      ...(signal ? { signal } : {}),
    });
  let res = await ask(false);

  const base = {
    promptName: prompt.name,
    group: prompt.group,
    provider: res.provider,
    model: res.model,
    inputTokens: res.usage.inputTokens,
    outputTokens: res.usage.outputTokens,
    costUsd: res.costUsd,
  };
  if (prompt.output === 'lines') {
    const { texts, items } = cite(linesOf(res), res, material);
    return { ...base, result: texts, citations: { score: uniqueByStart(items.flat()), items } };
  }

  // A model that answered prose without a score (some OpenAI-compatible servers ignore the
  // structured mode) is asked once more, firmly; then the caller gets a 502 that says so.
  let json = scoreAnswerOf(res);
  if (!json) {
    res = await ask(true);
    json = scoreAnswerOf(res);
  }
  if (!json) throw new AppError(502, INSIGHT_MESSAGES.notJson(res.model || model, prompt.name));
  const score = Number(json.score);
  const insights = Array.isArray(json.insights) ? json.insights.map(statementOf) : [];
  const tags = Array.isArray(json.tags)
    ? json.tags.map(statementOf).filter((t): t is string => !!t?.trim())
    : [];
  const { texts, items } = cite(
    insights.filter((s): s is string => !!s),
    res,
    material,
  );
  const own = insideRecording(res.citations ?? [], material.durationSec);
  return {
    ...base,
    result: {
      score: Math.round(Math.min(100, Math.max(0, score))),
      insights: texts,
      tags: tags.map((t) => t.trim()).slice(0, 8),
    },
    citations: { score: uniqueByStart([...own, ...items.flat()]), items },
  };
}
