/** A rubric-like JSON answer: a 0-100 score with insights and tags. */
export interface ScoredJson {
  score: number;
  insights: string[];
  tags: string[];
  [key: string]: unknown;
}

/** True when the schema asks for a numeric `score` (so parts can be merged without a model). */
export function schemaHasScore(schema: Record<string, unknown>): boolean {
  const props = schema.properties;
  if (!props || typeof props !== 'object') return false;
  const score = (props as Record<string, unknown>).score;
  if (!score || typeof score !== 'object') return false;
  const type = (score as { type?: unknown }).type;
  return (
    type === 'number' ||
    type === 'integer' ||
    (Array.isArray(type) && type.some((t) => t === 'number' || t === 'integer'))
  );
}

/**
 * The JSON a model wrote as text: inside a Markdown fence, or the first object or array in its
 * prose, with or without words after it. Undefined when there is none.
 */
export function parseJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = (fenced?.[1] ?? text).trim();
  // From the first object or the first array, whichever opens first, then the other.
  const starts = [body.indexOf('{'), body.indexOf('[')].filter((i) => i >= 0).sort((a, b) => a - b);
  for (const start of starts) {
    const closer = body[start] === '{' ? '}' : ']';
    for (const end of [body.length, body.lastIndexOf(closer) + 1]) {
      if (end <= start) continue;
      try {
        return JSON.parse(body.slice(start, end));
      } catch {
        // Words after the JSON: try again up to its last closing bracket.
      }
    }
  }
  return undefined;
}

export function asScored(value: unknown): ScoredJson | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const score = typeof v.score === 'number' ? v.score : Number(v.score);
  if (!Number.isFinite(score)) return null;
  const strings = (x: unknown) =>
    Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [];
  return { ...v, score, insights: strings(v.insights), tags: strings(v.tags) };
}

function dedupe(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = s.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One score for the whole meeting from the parts' scores: the mean weighted by each part's
 * length (a 2-minute tail does not weigh as much as a 20-minute part); insights and tags
 * concatenated without repeats. Other fields come from the first part.
 */
export function mergeScored(parts: { value: ScoredJson; weight: number }[]): ScoredJson {
  const total = parts.reduce((a, p) => a + p.weight, 0) || 1;
  const score = parts.reduce((a, p) => a + p.value.score * p.weight, 0) / total;
  return {
    ...parts[0]?.value,
    score: Math.round(score * 10) / 10,
    insights: dedupe(parts.flatMap((p) => p.value.insights)),
    tags: dedupe(parts.flatMap((p) => p.value.tags)),
  };
}
