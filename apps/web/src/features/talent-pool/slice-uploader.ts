/**
 * Sends a recording's MediaRecorder slices to the server one at a time, in order, as they are
 * made, so closing the tab loses only the slice in flight. A failed send is retried with a
 * growing pause; the server accepts a slice it already has, so a retry after a lost answer is
 * harmless.
 */
export interface SliceUploader {
  push(slice: Blob): void;
  /** Resolves once every slice pushed so far is on the server; rejects if one never got there. */
  drain(): Promise<void>;
  /** Slices stored on the server. */
  readonly sent: number;
}

export function createSliceUploader(opts: {
  /** The slice index the server expects next (more than 0 when a run resumes). */
  firstIndex: number;
  send(index: number, slice: Blob): Promise<unknown>;
  tries?: number;
  /** The pause before retry n (1-based). */
  pauseMs?: (n: number) => number;
  sleep?: (ms: number) => Promise<void>;
}): SliceUploader {
  const tries = opts.tries ?? 5;
  const pauseMs = opts.pauseMs ?? ((n) => Math.min(8000, 500 * 2 ** (n - 1)));
  const sleep = opts.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  let nextIndex = opts.firstIndex;
  let sent = 0;
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown = null;

  async function sendOne(index: number, slice: Blob): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await opts.send(index, slice);
        sent += 1;
        return;
      } catch (err) {
        if (attempt >= tries) throw err;
        await sleep(pauseMs(attempt));
      }
    }
  }

  return {
    push(slice) {
      if (slice.size === 0) return;
      const index = nextIndex;
      nextIndex += 1;
      chain = chain.then(async () => {
        // After a slice that never arrived, later ones would leave a hole: stop there.
        if (failure) return;
        try {
          await sendOne(index, slice);
        } catch (err) {
          failure = err;
        }
      });
    },
    async drain() {
      await chain;
      if (failure) throw failure;
    },
    get sent() {
      return sent;
    },
  };
}
