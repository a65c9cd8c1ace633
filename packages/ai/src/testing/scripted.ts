import type { ChatMessage, TokenUsage } from '../types.js';

/** What every protocol test server can be told to do; each option is off by default. */
export interface ScriptedBehaviour {
  /** 0 (default) picks a free port. */
  port?: number;
  /** The only key accepted; any other gets the provider's 401. Default 'test-key'. */
  apiKey?: string;
  /** The answer's text from the request's messages; default: names the model and the prompt. */
  reply?: (messages: ChatMessage[], model: string) => string;
  /** Models listed and served; a request for another model gets the provider's 404. */
  models?: string[];
  /** The first `times` generation requests get 429 with Retry-After (default 1 s). */
  rateLimit?: { times: number; retryAfterSeconds?: number };
  /** The first `times` generation requests (after any rate limits) get `status` (default 503). */
  unavailable?: { times: number; status?: number };
  /** Wait before answering each generation request. */
  delayMs?: number;
  /** Wait between streamed chunks. */
  streamChunkDelayMs?: number;
  /** Drop the connection after this many streamed text chunks (a network failure mid-answer). */
  breakStreamAfter?: number;
  /** Token counts to report; default about four characters a token of prompt and answer. */
  usage?: TokenUsage;
  /** OpenAI protocol only: false acts as a compatible server that never reports usage. */
  reportUsage?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. '/v1/chat/completions'. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined for GET). */
  body: unknown;
  /** The status the server answered with. */
  status?: number;
}

export interface ProviderTestServer {
  /** The base URL to give the adapter (`baseUrl`) or an organisation's provider settings. */
  url: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const DEFAULT_TEST_KEY = 'test-key';

export function approxTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Names the model and quotes the prompt, so a test can tell two models' answers apart. */
export function defaultReply(messages: ChatMessage[], model: string): string {
  const prompt = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const words = prompt.split(/\s+/).filter(Boolean).length;
  const excerpt = prompt.length > 80 ? `${prompt.slice(0, 80)}…` : prompt;
  return `${model} read your ${words}-word prompt: "${excerpt}". Here is my answer in several words.`;
}

/** A value that satisfies a JSON Schema (or Gemini's upper-case variant), for default replies. */
export function sampleFromSchema(schema: unknown, seed: string): unknown {
  if (typeof schema !== 'object' || schema === null) return seed;
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('const' in s) return s.const;
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0)
    return sampleFromSchema(alternatives[0], seed);
  const type = String(Array.isArray(s.type) ? s.type[0] : (s.type ?? '')).toLowerCase();
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [k, sampleFromSchema(v, seed)]),
      );
    }
    case 'array': {
      const count = Math.max(1, Number(s.minItems ?? 1));
      return Array.from({ length: count }, () => sampleFromSchema(s.items, seed));
    }
    case 'number':
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : -Infinity;
      const max = typeof s.maximum === 'number' ? s.maximum : Infinity;
      return Math.min(max, Math.max(min, seed.split(/\s+/).filter(Boolean).length));
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return seed;
  }
}

/** Splits an answer into stream chunks of a word each (with the spaces after it). */
export function streamPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** Cuts an answer to a token budget, as a provider stops at max tokens. */
export function truncateToTokens(
  text: string,
  maxTokens: number | undefined,
): { text: string; cut: boolean } {
  if (maxTokens === undefined || approxTokens(text) <= maxTokens) return { text, cut: false };
  return { text: text.slice(0, maxTokens * 4), cut: true };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
