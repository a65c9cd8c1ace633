import { AiError, timeoutError, toAiError, type RemoteProviderKind } from './errors.js';
import type { RemoteProviderConfig } from './types.js';

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 3;
export const DEFAULT_RETRY_BASE_MS = 500;
/** Back-off and Retry-After waits are capped here (the spec's own back-off cap, 2 §9). */
export const MAX_RETRY_WAIT_MS = 30_000;

/**
 * The same time-out and retry behaviour for all three SDKs (their own retries are off):
 * each attempt gets `timeoutMs`; 429 and 5xx are retried up to `maxRetries` times with
 * exponential back-off and full jitter, or after the provider's Retry-After when it gave one.
 * Time-outs are not retried: a user waiting on a prompt should hear about it after one.
 */
export class CallPolicy {
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryBaseMs: number;

  constructor(
    readonly provider: RemoteProviderKind,
    config: Pick<RemoteProviderConfig, 'timeoutMs' | 'maxRetries' | 'retryBaseDelayMs'>,
    private readonly random: () => number = Math.random,
  ) {
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = config.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.retryBaseMs = config.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_MS;
  }

  /** The wait before retry number `retry` (0-based), or null when it is not worth waiting. */
  delayBefore(retry: number, err: AiError): number | null {
    if (err.retryAfterMs !== undefined) {
      return err.retryAfterMs <= MAX_RETRY_WAIT_MS ? err.retryAfterMs : null;
    }
    const ceiling = Math.min(MAX_RETRY_WAIT_MS, this.retryBaseMs * 2 ** retry);
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  /** Runs one request with time-out and retries; `attempt` gets the signal to pass to the SDK. */
  async run<T>(
    outer: AbortSignal | undefined,
    attempt: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    for (let retry = 0; ; retry++) {
      const timer = new AttemptTimer(this.timeoutMs, outer);
      try {
        return await attempt(timer.signal);
      } catch (err) {
        const failure = this.failure(err, timer, outer);
        await this.waitOrThrow(retry, failure, outer);
      } finally {
        timer.dispose();
      }
    }
  }

  /**
   * Opens a stream with the same retries, then reads it. The time-out then applies to the gap
   * between chunks (a long answer may take minutes); the wait while our reader is busy with a
   * chunk does not count. Failures mid-stream are AiErrors and are not retried, since part of
   * the answer has already been handed on.
   */
  async *stream<C>(
    outer: AbortSignal | undefined,
    open: (signal: AbortSignal) => Promise<AsyncIterable<C>>,
  ): AsyncGenerator<C> {
    let timer: AttemptTimer;
    let chunks: AsyncIterable<C>;
    for (let retry = 0; ; retry++) {
      timer = new AttemptTimer(this.timeoutMs, outer);
      try {
        chunks = await open(timer.signal);
        break;
      } catch (err) {
        timer.dispose();
        await this.waitOrThrow(retry, this.failure(err, timer, outer), outer);
      }
    }
    try {
      for await (const chunk of chunks) {
        timer.pause();
        yield chunk;
        timer.arm();
      }
      // Some SDKs end a stream quietly when its signal aborts; a cut-off answer is not an answer.
      if (outer?.aborted || timer.timedOut) throw new Error('stream aborted');
    } catch (err) {
      throw this.failure(err, timer, outer);
    } finally {
      timer.dispose();
    }
  }

  private failure(err: unknown, timer: AttemptTimer, outer: AbortSignal | undefined): unknown {
    if (outer?.aborted) return outer.reason;
    if (timer.timedOut) return timeoutError(this.provider, this.timeoutMs);
    return toAiError(err, this.provider);
  }

  private async waitOrThrow(
    retry: number,
    failure: unknown,
    outer: AbortSignal | undefined,
  ): Promise<void> {
    if (!(failure instanceof AiError) || !failure.retryable || retry >= this.maxRetries)
      throw failure;
    const delay = this.delayBefore(retry, failure);
    if (delay === null) throw failure;
    await sleep(delay, outer);
  }
}

/** One attempt's deadline, also aborted when the caller's own signal is. */
class AttemptTimer {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onOuterAbort = () => this.controller.abort(this.outer?.reason);
  timedOut = false;

  constructor(
    private readonly ms: number,
    private readonly outer: AbortSignal | undefined,
  ) {
    if (outer?.aborted) this.controller.abort(outer.reason);
    outer?.addEventListener('abort', this.onOuterAbort, { once: true });
    this.arm();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  arm(): void {
    this.pause();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error(`timed out after ${this.ms} ms`));
    }, this.ms);
  }

  pause(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.pause();
    this.outer?.removeEventListener('abort', this.onOuterAbort);
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
