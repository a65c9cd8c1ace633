import { AI_MESSAGES, type PromptRunResult, type PromptStreamEvent } from '@parley/contracts';
import {
  keyExpiredMessage,
  type CompletionRequest,
  type CompletionResult,
  type ProviderKind,
  type TranscriptLine,
} from '@parley/ai';
import { AppError } from '../../platform/errors.js';
import type { AiProviderResolver } from '../ai-providers/resolver.js';
import { statusOf } from '../ai-providers/credentials.js';
import type { Viewer } from '../meetings/visibility.js';

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
  transcriptOf(viewer: Viewer, meetingId: string): Promise<TranscriptLine[]>;
  /** Counts a run against the model in the catalogue. */
  countUse(model: string): Promise<void>;
}

const SYSTEM = [
  'You are Zai, the meeting assistant of Parley.',
  'Answer from the meeting transcript given with the request; do not invent what was not said.',
  'When you refer to a moment, cite its time as [mm:ss].',
].join(' ');

const clock = (sec: number) => {
  const s = Math.max(0, Math.floor(sec));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
const render = (lines: TranscriptLine[]) =>
  lines.map((l) => `[${clock(l.start)}] ${l.speaker}: ${l.text}`).join('\n');

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
  return AI_MESSAGES.gettingResults;
}

export function createPromptRunner(deps: PromptRunnerDeps) {
  /** Resolves the provider and the transcript first, so their errors come back as plain 4xx. */
  async function prepare(viewer: Viewer, input: RunInput, signal?: AbortSignal) {
    const lines = input.meetingId
      ? await deps.transcriptOf(viewer, input.meetingId)
      : linesOfText(input.transcription ?? '');
    const { provider, model } = await deps.ai.providerFor(viewer.organizationId, input.model);
    const request: CompletionRequest = {
      model,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: `${input.promptText}\n\nTranscript:\n${render(lines)}` },
      ],
      grounding: { transcript: lines, question: input.promptText },
      ...(input.maxOutputToken !== undefined ? { maxOutputTokens: input.maxOutputToken } : {}),
      ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
      ...(input.topP !== undefined ? { topP: input.topP } : {}),
      ...(input.topK !== undefined ? { topK: input.topK } : {}),
      ...(input.frequencyPenalty !== undefined ? { frequencyPenalty: input.frequencyPenalty } : {}),
      ...(input.presencePenalty !== undefined ? { presencePenalty: input.presencePenalty } : {}),
      ...(signal ? { signal } : {}),
    };
    return { provider, request };
  }

  return {
    async complete(viewer: Viewer, input: RunInput): Promise<PromptRunResult> {
      const { provider, request } = await prepare(viewer, input);
      try {
        const result = toRunResult(await provider.complete(request));
        await deps.countUse(request.model);
        return result;
      } catch (err) {
        throw new AppError(statusOf(err) === 401 ? 400 : 502, failureMessage(provider.kind, err));
      }
    },

    /**
     * Prepares the run (throwing 4xx as usual), then returns the events to send: deltas,
     * then `done`, or `error` with the spec's message if the provider fails midway.
     */
    async stream(
      viewer: Viewer,
      input: RunInput,
      signal: AbortSignal,
    ): Promise<AsyncIterable<PromptStreamEvent>> {
      const { provider, request } = await prepare(viewer, input, signal);
      return (async function* events(): AsyncGenerator<PromptStreamEvent> {
        try {
          for await (const e of provider.stream(request)) {
            if (e.type === 'delta') yield { type: 'delta', text: e.text };
            else {
              await deps.countUse(request.model);
              yield { type: 'done', result: toRunResult(e.result) };
            }
          }
        } catch (err) {
          if (signal.aborted) return;
          yield { type: 'error', message: failureMessage(provider.kind, err) };
        }
      })();
    },
  };
}
export type PromptRunner = ReturnType<typeof createPromptRunner>;
