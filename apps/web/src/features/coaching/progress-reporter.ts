/** Spec 1 §7 coaching/progress: sent at most this often while a video plays. */
export const PROGRESS_INTERVAL_MS = 10_000;

/** A player this close to the end has played it: its last time update can fall just short. */
const END_TOLERANCE_S = 0.25;

export interface ProgressSample {
  /** Where the player is, in seconds. */
  position: number;
  /** The video's length in seconds. */
  total: number;
}

export interface ProgressReporter {
  /** The player moved: sends when the last report is at least the interval old. */
  update(sample: ProgressSample): void;
  /** The user leaves: sends the latest position unless it was already sent. */
  flush(): void;
}

/**
 * Throttles the player's time updates into progress reports: at most one per interval while
 * watching, and the last position when the user leaves. Whole seconds are reported, so a
 * resume lands on the second the user saw; a position already reported is not sent again.
 * Samples at 0 before any other are ignored: the player reports 0 while it loads, before it
 * seeks to where the user stopped, and that must not overwrite the saved position. The end is
 * reported as the whole length (not its floor, which would leave a finished video at 99 %), at
 * once.
 */
export function createProgressReporter(
  send: (sample: ProgressSample, leaving: boolean) => void,
  now: () => number = Date.now,
  intervalMs = PROGRESS_INTERVAL_MS,
): ProgressReporter {
  let latest: ProgressSample | null = null;
  let sent: ProgressSample | null = null;
  let sentAt = -Infinity;

  const normalise = (s: ProgressSample): ProgressSample | null => {
    if (!Number.isFinite(s.total) || s.total <= 0 || !Number.isFinite(s.position)) return null;
    const total = Math.round(s.total * 1000) / 1000;
    if (s.position >= total - END_TOLERANCE_S) return { position: total, total };
    return { position: Math.min(total, Math.max(0, Math.floor(s.position))), total };
  };
  const differs = (s: ProgressSample) =>
    !sent || sent.position !== s.position || sent.total !== s.total;
  const report = (s: ProgressSample, leaving: boolean) => {
    sent = s;
    sentAt = now();
    send(s, leaving);
  };

  return {
    update(sample) {
      const s = normalise(sample);
      // The player sits at 0 before it plays or seeks to the resume point: nothing watched yet.
      if (!s || (latest === null && s.position === 0)) return;
      latest = s;
      const ended = s.position === s.total;
      if ((ended || now() - sentAt >= intervalMs) && differs(s)) report(s, false);
    },
    flush() {
      if (latest && differs(latest)) report(latest, true);
    },
  };
}
