/**
 * Spec 2 §4 and §9: lip-sync events are queued and released one per 900 ms once 10 have
 * arrived. The server sends a window whenever the analysis passes one, in bursts as fast as
 * frames are read; the page shows them at a steady pace instead.
 */
export const LIP_SYNC_RELEASE = { afterArrived: 10, everyMs: 900 } as const;

export interface ReleaseQueue<T> {
  push(item: T): void;
  /** Drops what is queued and waits for `afterArrived` items again (meeting change, new run). */
  reset(): void;
  /** Items pushed since the last reset. */
  readonly arrived: number;
  /** Items pushed but not released yet. */
  readonly queued: number;
}

/**
 * Buffers items until `afterArrived` have arrived, then releases the oldest at once and one
 * more every `everyMs` while any are queued. When the queue runs dry the pace is kept, not the
 * threshold: a later item is released as soon as `everyMs` has passed since the previous
 * release (at once if it already has). Never more than one release per `everyMs`.
 */
export function createReleaseQueue<T>(
  onRelease: (item: T) => void,
  opts: { afterArrived: number; everyMs: number } = LIP_SYNC_RELEASE,
): ReleaseQueue<T> {
  let queue: T[] = [];
  let arrived = 0;
  // Pending while the last release is less than `everyMs` old.
  let cooling: ReturnType<typeof setTimeout> | null = null;

  const release = () => {
    cooling = null;
    const next = queue.shift();
    if (next === undefined) return;
    cooling = setTimeout(release, opts.everyMs);
    onRelease(next);
  };

  return {
    push(item) {
      arrived++;
      queue.push(item);
      if (arrived >= opts.afterArrived && cooling === null) release();
    },
    reset() {
      if (cooling !== null) clearTimeout(cooling);
      cooling = null;
      queue = [];
      arrived = 0;
    },
    get arrived() {
      return arrived;
    },
    get queued() {
      return queue.length;
    },
  };
}
