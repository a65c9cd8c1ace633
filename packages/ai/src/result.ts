import { costOf } from './catalog.js';
import type {
  ChatMessage,
  CompletionRequest,
  CompletionResult,
  ProviderKind,
  StreamEvent,
  TokenUsage,
} from './types.js';

/** Rough tokens for text a provider did not count: about four characters a token in English. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The answer as JSON, or undefined when it is not (an answer cut off at maxOutputTokens, or a
 * model that wrapped it in a Markdown fence, which is unwrapped first).
 */
export function parseJsonAnswer(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  try {
    return JSON.parse(fenced?.[1] ?? text);
  } catch {
    return undefined;
  }
}

export interface AnswerParts {
  provider: ProviderKind;
  /** The model the provider says answered; the requested one when it did not say. */
  model: string | undefined;
  text: string;
  usage: TokenUsage | undefined;
  finishReason: CompletionResult['finishReason'];
  startedAt: number;
}

/** The last event of a stream: the whole answer, as `complete` would have given it. */
export function doneEvent(req: CompletionRequest, parts: AnswerParts): StreamEvent {
  return { type: 'done', result: buildResult(req, parts) };
}

export function buildResult(req: CompletionRequest, parts: AnswerParts): CompletionResult {
  const model = parts.model || req.model;
  const usage = parts.usage ?? {
    inputTokens: estimateTokens(req.messages.map((m: ChatMessage) => m.content).join('\n')),
    outputTokens: estimateTokens(parts.text),
  };
  const result: CompletionResult = {
    text: parts.text,
    provider: parts.provider,
    model,
    usage,
    costUsd: costOf(model, usage) ?? costOf(req.model, usage),
    finishReason: parts.finishReason,
    durationMs: Date.now() - parts.startedAt,
  };
  if (!parts.usage) result.usageEstimated = true;
  if (req.jsonSchema) {
    const json = parseJsonAnswer(parts.text);
    if (json !== undefined) result.json = json;
  }
  return result;
}
