import { describe, expect, it } from 'vitest';
import { CallPolicy, MAX_RETRY_WAIT_MS } from './call-policy.js';
import { AiError, retryAfterFromHeaders, toAiError } from './errors.js';

const apiError = (status: number, message: string, headers: Record<string, string> = {}) =>
  Object.assign(new Error(message), { status, headers: new Headers(headers) });

describe('toAiError', () => {
  it.each([
    [401, 'key-expired'],
    [403, 'key-expired'],
    [429, 'rate-limited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
    [529, 'unavailable'],
    [404, 'bad-request'],
    [413, 'context-too-long'],
  ] as const)('HTTP %i is %s', (status, kind) => {
    expect(toAiError(apiError(status, 'x'), 'openai').kind).toBe(kind);
  });

  it("knows Gemini's answer to a wrong key (400 API_KEY_INVALID) is an expired key", () => {
    const err = toAiError(
      apiError(
        400,
        '{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT","details":[{"reason":"API_KEY_INVALID"}]}}',
      ),
      'gemini',
    );
    expect(err).toMatchObject({ kind: 'key-expired', message: 'Gemini Key is expired!' });
  });

  it('recognises a prompt too long for the context window', () => {
    const openai = apiError(
      400,
      "This model's maximum context length is 16385 tokens. However, your messages resulted in 20000 tokens.",
    );
    expect(toAiError(openai, 'openai').kind).toBe('context-too-long');
    expect(
      toAiError(apiError(400, 'prompt is too long: 210000 tokens > 200000 maximum'), 'anthropic')
        .kind,
    ).toBe('context-too-long');
  });

  it('reads the wait from Retry-After, retry-after-ms or Gemini RetryInfo', () => {
    expect(toAiError(apiError(429, 'x', { 'retry-after': '7' }), 'anthropic').retryAfterMs).toBe(
      7000,
    );
    expect(
      toAiError(apiError(429, 'x', { 'retry-after-ms': '250', 'retry-after': '1' }), 'openai')
        .retryAfterMs,
    ).toBe(250);
    expect(
      toAiError(apiError(429, '{"details":[{"retryDelay":"27s"}]}'), 'gemini').retryAfterMs,
    ).toBe(27_000);
    expect(
      retryAfterFromHeaders(
        new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }),
        Date.parse('2026-01-01T00:00:00Z'),
      ),
    ).toBe(10_000);
  });

  it('calls a failure without an HTTP answer unavailable', () => {
    const err = toAiError(new TypeError('fetch failed'), 'anthropic');
    expect(err).toMatchObject({
      kind: 'unavailable',
      status: undefined,
      message: 'ClaudeAI could not be reached.',
    });
    expect(err.retryable).toBe(true);
  });
});

describe('CallPolicy back-off', () => {
  const failure = (retryAfterMs?: number) =>
    new AiError({
      kind: 'unavailable',
      provider: 'openai',
      message: 'x',
      status: 503,
      retryAfterMs,
    });

  it('doubles the wait each retry, with jitter between half and all of it', () => {
    const low = new CallPolicy('openai', { retryBaseDelayMs: 100 }, () => 0);
    const high = new CallPolicy('openai', { retryBaseDelayMs: 100 }, () => 1);
    expect([0, 1, 2].map((r) => low.delayBefore(r, failure()))).toEqual([50, 100, 200]);
    expect([0, 1, 2].map((r) => high.delayBefore(r, failure()))).toEqual([100, 200, 400]);
    expect(high.delayBefore(20, failure())).toBe(MAX_RETRY_WAIT_MS);
  });

  it('waits what the provider asked, but gives up rather than wait longer than the cap', () => {
    const policy = new CallPolicy('openai', {});
    expect(policy.delayBefore(0, failure(1500))).toBe(1500);
    expect(policy.delayBefore(0, failure(MAX_RETRY_WAIT_MS + 1))).toBeNull();
  });

  it('defaults to 3 retries and 60 s per attempt', () => {
    expect(new CallPolicy('gemini', {})).toMatchObject({ maxRetries: 3, timeoutMs: 60_000 });
  });
});
