import { AI_MESSAGES, type PromptRunResult, type PromptStreamEvent } from '@parley/contracts';
import {
  isAiError,
  keyExpiredMessage,
  runPrompt,
  type CompletionResult,
  type GenerationSettings,
  type ProviderKind,
  type TranscriptLine,
} from '@parley/ai';
import { AppError } from '../../platform/errors.js';
import { statusOf, type AiProviderResolver } from '../ai-providers/index.js';
import type { Caller } from '../../platform/http/caller.js';
import { streamError } from '../../platform/http/event-stream.js';

/** A run's settings once validated (spec 3 §7 prompt/result). */
export interface RunInput {
  promptText: string;
  model: string;
  transcription?: string;
  meetingId?: string;
  maxOutputToken?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
}

export interface PromptRunnerDeps {
  ai: AiProviderResolver;
  /** The meeting's stored transcript as the reader may see it (transcripts service). */
  transcriptOf(caller: Caller, meetingId: string): Promise<TranscriptLine[]>;
  /** Counts a run against the model in the catalogue. */
  countUse(model: string): Promise<void>;
  /** The model's context window in tokens (the catalogue's, or a safe default). */
  contextTokensOf(model: string): Promise<number>;
}

/** 'Name: text' lines of a pasted transcription; untimed, so times are 0. */
function linesOfText(text: string): TranscriptLine[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^([^:]{1,60}):\s*(.*)$/.exec(l);
      return { speaker: m?.[1] ?? 'Speaker', start: 0, end: 0, text: m?.[2] ?? l };
    });
}

export function toRunResult(r: CompletionResult): PromptRunResult {
  return {
    result: r.text,
    model: r.model,
    provider: r.provider,
    usage: r.usage,
    costUsd: r.costUsd,
    durationMs: Math.round(r.durationMs),
    finishReason: r.finishReason,
    citations: r.citations ?? [],
  };
}

/** Spec 2 §8 / 3 §8: a refused key names the provider; other failures 'Error getting results'. */
export function failureMessage(kind: ProviderKind, err: unknown): string {
  if (err instanceof AppError) return err.message;
  const status = statusOf(err);
  if (status === 401 || status === 403) return keyExpiredMessage(kind);
  // AiError messages are written for users ('… did not answer in time.'): say what happened.
  return isAiError(err)
    ? `${AI_MESSAGES.gettingResults}: ${err.message}`
    : AI_MESSAGES.gettingResults;
}

/** The status a failed run answers with (a 401 from the provider is a key for the caller to fix). */
const failureStatus = (err: unknown) => (statusOf(err) === 401 ? 400 : 502);

/** Turns a run that reports deltas through a callback into the events to send, in order. */
async function* eventsOf(
  start: (onDelta: (text: string) => void) => Promise<PromptRunResult>,
  failure: (err: unknown) => PromptStreamEvent,
  signal: AbortSignal,
): AsyncGenerator<PromptStreamEvent> {
  const queue: PromptStreamEvent[] = [];
  let finished = false;
  let wake: (() => void) | null = null;
  const push = (e: PromptStreamEvent) => {
    queue.push(e);
    wake?.();
  };
  start((text) => push({ event: 'delta', data: { text } }))
    .then(
      (result) => push({ event: 'done', data: { result } }),
      (err: unknown) => {
        if (!signal.aborted) push(failure(err));
      },
    )
    .finally(() => {
      finished = true;
      wake?.();
    });
  for (;;) {
    const next = queue.shift();
    if (next) yield next;
    else if (finished) return;
    else await new Promise<void>((resolve) => (wake = resolve));
  }
}

export function createPromptRunner(deps: PromptRunnerDeps) {
  /** Resolves the provider and the transcript first, so their errors come back as plain 4xx. */
  async function prepare(caller: Caller, input: RunInput) {
    const transcript = input.meetingId
      ? await deps.transcriptOf(caller, input.meetingId)
      : linesOfText(input.transcription ?? '');
    const { provider, model } = await deps.ai.providerFor(caller.organizationId, input.model);
    const settings: GenerationSettings = {
      ...(input.maxOutputToken !== undefined ? { maxOutputTokens: input.maxOutputToken } : {}),
      ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
      ...(input.topP !== undefined ? { topP: input.topP } : {}),
      ...(input.topK !== undefined ? { topK: input.topK } : {}),
      ...(input.frequencyPenalty !== undefined ? { frequencyPenalty: input.frequencyPenalty } : {}),
      ...(input.presencePenalty !== undefined ? { presencePenalty: input.presencePenalty } : {}),
    };
    const contextTokens = await deps.contextTokensOf(model);
    // runPrompt splits a transcript too long for the model's context and merges the parts.
    const execute = (onDelta?: (text: string) => void, signal?: AbortSignal) =>
      runPrompt(provider, {
        model,
        instructions: input.promptText,
        transcript,
        settings,
        contextTokens,
        ...(onDelta ? { onDelta } : {}),
        ...(signal ? { signal } : {}),
      }).then(async (r) => {
        await deps.countUse(model);
        return toRunResult(r);
      });
    return { provider, execute };
  }

  return {
    async complete(caller: Caller, input: RunInput): Promise<PromptRunResult> {
      const { provider, execute } = await prepare(caller, input);
      try {
        return await execute();
      } catch (err) {
        throw new AppError(failureStatus(err), failureMessage(provider.kind, err));
      }
    },

    /**
     * Prepares the run (throwing 4xx as usual), then returns how to run it as the events to
     * send: deltas, then `done`, or `error` with the status and message the whole-result
     * variant would answer if the provider fails midway.
     */
    async stream(
      caller: Caller,
      input: RunInput,
    ): Promise<(signal: AbortSignal) => AsyncIterable<PromptStreamEvent>> {
      const { provider, execute } = await prepare(caller, input);
      return (signal) =>
        eventsOf(
          (onDelta) => execute(onDelta, signal),
          (err) => streamError(failureStatus(err), failureMessage(provider.kind, err)),
          signal,
        );
    },
  };
}
export type PromptRunner = ReturnType<typeof createPromptRunner>;
