import { LOCAL_MODEL } from '../models.js';
import { estimateTokens } from '../prompt/render.js';
import type { CompletionRequest, CompletionResult, LlmProvider, StreamEvent } from '../types.js';
import { runTask, taskInput } from './handlers.js';
import { LOCAL_ENGINE_NOTE, LOCAL_SOURCE, uniqueCitations } from './output.js';
import { detectTask } from './tasks.js';

/** Words per streamed delta: small enough that the first one arrives early. */
const WORDS_PER_DELTA = 3;

/**
 * The built-in engine `parley-local`: no key, no network, no language model. It works from
 * `req.grounding` (the structured transcript and measured signals) with extractive and
 * heuristic methods, and reads the prompt only to choose the task.
 */
export function createLocalEngine(): LlmProvider {
  return {
    kind: 'local',
    complete: async (req) => completeLocally(req),
    stream: (req) => streamLocally(req),
    testConnection: async () => ({
      ok: true,
      models: [LOCAL_MODEL],
      message: 'The built-in engine is always available: it needs no key and no network.',
    }),
  };
}

function completeLocally(req: CompletionRequest): CompletionResult {
  const started = performance.now();
  req.signal?.throwIfAborted();
  const task = detectTask(req);
  const output = runTask(
    task,
    taskInput(req.grounding?.transcript ?? [], req.grounding?.signals, req.grounding?.focusSpeaker),
  );
  let text: string;
  let json: unknown;
  let finishReason: CompletionResult['finishReason'] = 'stop';
  if (req.jsonSchema) {
    json = { ...output.json, source: LOCAL_SOURCE };
    text = JSON.stringify(json, null, 2);
  } else {
    const limited = limitLines(output.text, req.maxOutputTokens);
    finishReason = limited.truncated ? 'length' : 'stop';
    text = `${limited.text}\n\n${LOCAL_ENGINE_NOTE}`;
  }
  const input = req.messages.map((m) => m.content).join('\n');
  return {
    text,
    json,
    provider: 'local',
    model: LOCAL_MODEL,
    usage: { inputTokens: estimateTokens(input), outputTokens: estimateTokens(text) },
    costUsd: 0,
    finishReason,
    citations: uniqueCitations(output.citations),
    ...(output.noAnswer ? { noAnswer: true } : {}),
    durationMs: performance.now() - started,
  };
}

/** Keeps whole lines within the requested output budget (the workbench's maxTokens). */
function limitLines(text: string, maxOutputTokens?: number): { text: string; truncated: boolean } {
  if (!maxOutputTokens || estimateTokens(text) <= maxOutputTokens)
    return { text, truncated: false };
  const kept: string[] = [];
  let used = 0;
  for (const line of text.split('\n')) {
    const cost = estimateTokens(line) + 1;
    if (used + cost > maxOutputTokens && kept.length > 0) break;
    kept.push(line);
    used += cost;
  }
  return { text: kept.join('\n'), truncated: true };
}

async function* streamLocally(req: CompletionRequest): AsyncIterable<StreamEvent> {
  const result = completeLocally(req);
  const pieces =
    result.text.match(new RegExp(`(?:\\S+\\s*){1,${WORDS_PER_DELTA}}|\\s+`, 'g')) ?? [];
  for (const piece of pieces) {
    req.signal?.throwIfAborted();
    yield { type: 'delta', text: piece };
    // Hand the event loop back between deltas, as a network stream would.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  yield { type: 'done', result };
}
