/**
 * How a job records its progress: a fraction at most once per interval (the final 1 always),
 * each write chained after the one before so they land in order, and `flush` awaited before
 * the job writes its outcome, so a late progress write never overwrites it.
 */
export interface ProgressReporter {
  /** Records a fraction 0..1 unless one was recorded less than the interval ago. */
  report(fraction: number): void;
  /** Queues a write after those before it, never throttled (a stage change). */
  then(write: () => Promise<unknown>): void;
  /** Resolves once every queued write has landed. */
  flush(): Promise<void>;
}

export function createProgressReporter(opts: {
  intervalMs: number;
  /** Records a percentage 0–100. */
  write(percent: number): Promise<unknown>;
  /** A failed write is reported here and the job goes on. */
  onError(err: unknown): void;
}): ProgressReporter {
  let written = 0;
  let chain: Promise<unknown> = Promise.resolve();
  const enqueue = (write: () => Promise<unknown>) => {
    chain = chain.then(write).catch(opts.onError);
  };
  return {
    report(fraction) {
      const t = Date.now();
      if (t - written < opts.intervalMs && fraction < 1) return;
      written = t;
      const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
      enqueue(() => opts.write(percent));
    },
    then: enqueue,
    flush: () => chain.then(() => undefined),
  };
}
