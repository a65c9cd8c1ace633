import type {
  ChatMessage,
  CompletionRequest,
  CompletionResult,
  ConversationSignals,
  GenerationSettings,
  LlmProvider,
  TranscriptLine,
} from '../types.js';
import { chunkTranscript } from './chunk.js';
import { parseCitations } from './citations.js';
import { asScored, mergeScored, parseJson, schemaHasScore } from './merge.js';
import {
  messageTokens,
  partialsMessage,
  systemMessage,
  transcriptMessage,
  transcriptOverhead,
  type PartialAnswer,
  type Phase,
} from './messages.js';
import { estimateTokens } from './render.js';

/** Output tokens kept free in the context when the settings do not name a limit. */
export const DEFAULT_OUTPUT_TOKENS = 1024;
/** Part answers computed at once (remote providers rate-limit bursts). */
const PARALLEL_PARTS = 2;

export interface RunPromptOptions {
  model: string;
  instructions: string;
  transcript: TranscriptLine[];
  /** Participant names by speaker label, used when rendering the transcript. */
  names?: Record<string, string>;
  signals?: ConversationSignals;
  question?: string;
  /** The speaker label the built-in engine's scores are about (the candidate). */
  focusSpeaker?: string;
  settings?: GenerationSettings;
  jsonSchema?: CompletionRequest['jsonSchema'];
  /** The model's context window in tokens (from the model catalogue). */
  contextTokens: number;
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface RunPromptResult extends CompletionResult {
  /** Parts the transcript was split into (1 when it fitted). */
  chunks: number;
  calls: number;
  /** The largest request sent, in estimated input tokens. */
  largestRequestTokens: number;
}

/** Room for transcript lines in one request: the context minus instructions, output and a margin. */
export function transcriptBudget(opts: RunPromptOptions, phase: Phase = 'part'): number {
  const output = opts.settings?.maxOutputTokens ?? DEFAULT_OUTPUT_TOKENS;
  const margin = Math.max(128, Math.ceil(opts.contextTokens * 0.05));
  const fixed =
    messageTokens([systemMessage(opts.instructions, phase)]) +
    transcriptOverhead(opts.question) +
    4;
  const budget = opts.contextTokens - output - margin - fixed;
  if (budget < 64) {
    throw new RangeError(
      `A ${opts.contextTokens}-token context leaves no room for the transcript after the instructions and ${output} output tokens.`,
    );
  }
  return budget;
}

/**
 * Runs one prompt over a transcript. When the rendered transcript does not fit the model's
 * context, it is split at turn boundaries, each part is answered, and the answers are
 * combined: scored JSON is merged here (length-weighted mean score), anything else by one more
 * call (several rounds when the part answers do not fit either). The local engine has no
 * context window and always gets the whole transcript.
 */
export async function runPrompt(
  provider: LlmProvider,
  opts: RunPromptOptions,
): Promise<RunPromptResult> {
  const started = performance.now();
  const calls: CompletionResult[] = [];
  let largest = 0;
  const call = async (messages: ChatMessage[], transcript: TranscriptLine[], stream: boolean) => {
    const req: CompletionRequest = {
      model: opts.model,
      messages,
      ...opts.settings,
      maxOutputTokens: opts.settings?.maxOutputTokens ?? DEFAULT_OUTPUT_TOKENS,
      ...(opts.jsonSchema ? { jsonSchema: opts.jsonSchema } : {}),
      grounding: {
        transcript,
        signals: opts.signals,
        question: opts.question,
        focusSpeaker: opts.focusSpeaker,
      },
      signal: opts.signal,
    };
    largest = Math.max(largest, messageTokens(messages));
    const result =
      stream && opts.onDelta
        ? await streamed(provider, req, opts.onDelta)
        : await provider.complete(req);
    calls.push(result);
    return result;
  };

  const chunks =
    provider.kind === 'local'
      ? [opts.transcript]
      : chunkTranscript(opts.transcript, transcriptBudget(opts), opts.names);
  let final: CompletionResult;
  if (chunks.length <= 1) {
    const messages = [
      systemMessage(opts.instructions, 'whole'),
      transcriptMessage(opts.transcript, null, opts.names, opts.question),
    ];
    final = await call(messages, opts.transcript, true);
  } else {
    const parts = await mapLimit(chunks, PARALLEL_PARTS, (lines, index) =>
      call(
        [
          systemMessage(opts.instructions, 'part'),
          transcriptMessage(lines, { index, count: chunks.length }, opts.names, opts.question),
        ],
        lines,
        false,
      ),
    );
    const merged =
      opts.jsonSchema && schemaHasScore(opts.jsonSchema.schema) ? mergeScores(parts, chunks) : null;
    if (merged) {
      final = merged;
      opts.onDelta?.(merged.text);
    } else {
      final = await combine(
        parts.map((p, i) => partial(p, chunks[i] ?? [])),
        opts,
        (messages, stream) => call(messages, opts.transcript, stream),
      );
    }
  }

  const costs = calls.map((c) => c.costUsd);
  return {
    ...final,
    citations: final.citations ?? parseCitations(final.text, opts.transcript),
    usage: {
      inputTokens: calls.reduce((a, c) => a + c.usage.inputTokens, 0),
      outputTokens: calls.reduce((a, c) => a + c.usage.outputTokens, 0),
    },
    costUsd: costs.some((c) => c === null) ? null : costs.reduce<number>((a, c) => a + (c ?? 0), 0),
    durationMs: performance.now() - started,
    chunks: chunks.length,
    calls: calls.length,
    largestRequestTokens: largest,
  };
}

function partial(result: CompletionResult, lines: TranscriptLine[]): PartialAnswer {
  return { from: lines[0]?.start ?? 0, to: lines[lines.length - 1]?.end ?? 0, text: result.text };
}

/** Combines part answers by model calls, in rounds of as many as fit one request. */
async function combine(
  partials: PartialAnswer[],
  opts: RunPromptOptions,
  call: (messages: ChatMessage[], stream: boolean) => Promise<CompletionResult>,
): Promise<CompletionResult> {
  const budget = transcriptBudget(opts, 'combine');
  let round = partials;
  for (;;) {
    const groups: PartialAnswer[][] = [];
    for (const p of round) {
      const group = groups[groups.length - 1];
      if (group && estimateTokens(partialsMessage([...group, p]).content) <= budget) group.push(p);
      else groups.push([p]);
    }
    const last = groups.length === 1;
    if (!last && groups.length === round.length) {
      throw new RangeError('The part answers are too long to combine within the model context.');
    }
    const results = await mapLimit(groups, PARALLEL_PARTS, (g) =>
      call([systemMessage(opts.instructions, 'combine'), partialsMessage(g, opts.question)], last),
    );
    if (last) return results[0] as CompletionResult;
    round = results.map((r, i) => ({
      from: groups[i]?.[0]?.from ?? 0,
      to: groups[i]?.at(-1)?.to ?? 0,
      text: r.text,
    }));
  }
}

/** Scored JSON parts merged without a model call; null when a part did not answer in that shape. */
function mergeScores(
  parts: CompletionResult[],
  chunks: TranscriptLine[][],
): CompletionResult | null {
  const scored = parts.map((p, i) => ({
    value: asScored(p.json ?? parseJson(p.text)),
    weight: (chunks[i] ?? []).reduce((a, l) => a + l.text.length, 0),
  }));
  if (scored.some((s) => s.value === null)) return null;
  const json = mergeScored(
    scored.map((s) => ({ value: s.value as NonNullable<typeof s.value>, weight: s.weight })),
  );
  const citations = parts.flatMap((p) => p.citations ?? []);
  const last = parts[parts.length - 1] as CompletionResult;
  return {
    ...last,
    text: JSON.stringify(json, null, 2),
    json,
    citations: citations.length ? citations : undefined,
  };
}

async function streamed(
  provider: LlmProvider,
  req: CompletionRequest,
  onDelta: (text: string) => void,
): Promise<CompletionResult> {
  for await (const event of provider.stream(req)) {
    if (event.type === 'delta') onDelta(event.text);
    else return event.result;
  }
  throw new Error(`The ${provider.kind} stream ended without a result.`);
}

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
