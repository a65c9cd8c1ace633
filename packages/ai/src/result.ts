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

type FinishReason = CompletionResult['finishReason'];

export interface AnswerParts {
  provider: ProviderKind;
  /** The model the provider says answered; the requested one when it did not say. */
  model: string | undefined;
  text: string;
  usage: TokenUsage | undefined;
  finishReason: FinishReason;
  startedAt: number;
}

/**
 * A streamed answer as it arrives: each delta adds to its text; the provider's last word on
 * model, usage and stop reason is kept; `done()` is the final event with the whole answer.
 */
export class StreamedAnswer {
  text = '';
  model: string | undefined;
  usage: TokenUsage | undefined;
  /** The provider's own stop reason, mapped by `finishReason` at the end. */
  reason: string | null | undefined;
  private readonly startedAt = Date.now();

  constructor(
    private readonly req: CompletionRequest,
    private readonly provider: ProviderKind,
    private readonly finishReason: (reason: string | null | undefined) => FinishReason,
  ) {}

  delta(text: string): StreamEvent {
    this.text += text;
    return { type: 'delta', text };
  }

  done(): StreamEvent {
    const { req, provider, model, text, usage, startedAt } = this;
    const finishReason = this.finishReason(this.reason);
    return {
      type: 'done',
      result: buildResult(req, { provider, model, text, usage, finishReason, startedAt }),
    };
  }
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
