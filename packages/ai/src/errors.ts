import { keyExpiredMessage, PROVIDER_DISPLAY_NAMES } from './models.js';
import type { ProviderKind } from './types.js';

export type AiErrorKind =
  'key-expired' | 'rate-limited' | 'timeout' | 'unavailable' | 'bad-request' | 'context-too-long';

export type RemoteProviderKind = Exclude<ProviderKind, 'local'>;

/**
 * The one error every provider call throws, whatever SDK sits underneath. `message` is fit to
 * show a user (spec 2 §8 for an expired key); `detail` keeps the provider's own words for logs.
 */
export class AiError extends Error {
  override readonly name = 'AiError';
  readonly kind: AiErrorKind;
  readonly provider: ProviderKind;
  /** HTTP status the provider answered with; undefined when no answer came. */
  readonly status: number | undefined;
  /** How long the provider asked us to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  readonly detail: string | undefined;

  constructor(init: {
    kind: AiErrorKind;
    provider: ProviderKind;
    message: string;
    status?: number;
    retryAfterMs?: number;
    detail?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.provider = init.provider;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs;
    this.detail = init.detail;
  }

  /** 429 and 5xx are worth another attempt; everything else fails the same way again. */
  get retryable(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'unavailable';
  }
}

export function isAiError(err: unknown): err is AiError {
  return err instanceof AiError;
}

const CONTEXT_PATTERNS = [
  /context[_ ]length/i,
  /maximum context/i,
  /prompt is too long/i,
  /too many tokens/i,
  /exceeds the maximum number of tokens/i,
  /input token count/i,
];

interface ErrorShape {
  status?: unknown;
  headers?: unknown;
  message?: unknown;
}

/** Milliseconds from Retry-After (seconds or an HTTP date) or OpenAI's retry-after-ms. */
export function retryAfterFromHeaders(headers: unknown, now = Date.now()): number | undefined {
  if (!(headers instanceof Headers)) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Gemini puts the wait in the body: details[].retryDelay = "27s" (google.rpc.RetryInfo). */
export function retryAfterFromGoogleBody(message: string): number | undefined {
  const match = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1000;
}

function messageFor(kind: AiErrorKind, provider: RemoteProviderKind, status?: number): string {
  const name = PROVIDER_DISPLAY_NAMES[provider];
  switch (kind) {
    case 'key-expired':
      return keyExpiredMessage(provider);
    case 'rate-limited':
      return `${name} is rate limiting requests; try again shortly.`;
    case 'timeout':
      return `${name} did not answer in time.`;
    case 'unavailable':
      return status ? `${name} is unavailable (HTTP ${status}).` : `${name} could not be reached.`;
    case 'context-too-long':
      return `The prompt is too long for this ${name} model.`;
    case 'bad-request':
      return `${name} refused the request${status ? ` (HTTP ${status})` : ''}.`;
  }
}

function kindForStatus(status: number, detail: string): AiErrorKind {
  if (status === 401 || status === 403) return 'key-expired';
  // Gemini answers a wrong API key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID.
  if (status === 400 && /API_KEY_INVALID|API key not valid/i.test(detail)) return 'key-expired';
  if (status === 429) return 'rate-limited';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'unavailable';
  if (status === 413 || CONTEXT_PATTERNS.some((p) => p.test(detail))) return 'context-too-long';
  return 'bad-request';
}

/**
 * Turns whatever an SDK threw into an AiError. All three SDKs put the HTTP status on `status`;
 * OpenAI and Anthropic also carry the response headers, Gemini only the body (in `message`).
 */
export function toAiError(err: unknown, provider: RemoteProviderKind): AiError {
  if (err instanceof AiError) return err;
  const shape: ErrorShape = typeof err === 'object' && err !== null ? (err as ErrorShape) : {};
  const detail = typeof shape.message === 'string' ? shape.message : String(err);
  const status = typeof shape.status === 'number' ? shape.status : undefined;
  if (status === undefined) {
    // No HTTP answer: connection refused, reset mid-stream, or an error event inside a stream.
    const kind: AiErrorKind = /overloaded|rate.?limit/i.test(detail)
      ? /overloaded/i.test(detail)
        ? 'unavailable'
        : 'rate-limited'
      : 'unavailable';
    return new AiError({ kind, provider, message: messageFor(kind, provider), detail, cause: err });
  }
  const kind = kindForStatus(status, detail);
  const retryAfterMs = retryAfterFromHeaders(shape.headers) ?? retryAfterFromGoogleBody(detail);
  return new AiError({
    kind,
    provider,
    status,
    retryAfterMs,
    message: messageFor(kind, provider, status),
    detail,
    cause: err,
  });
}

export function timeoutError(provider: RemoteProviderKind, timeoutMs: number): AiError {
  return new AiError({
    kind: 'timeout',
    provider,
    message: `${messageFor('timeout', provider)} (${Math.round(timeoutMs / 100) / 10} s)`,
  });
}
