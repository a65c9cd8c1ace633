import type { AsrEngine } from '../asr/types.js';

type Transcribe = Pick<AsrEngine, 'transcribe'>;

/**
 * The engine shared by every live stream of a process, at most `max` windows at once (one
 * per core by default): more would only make each window slower, and finals wait in the
 * order they were cut.
 */
export function limitEngine(
  engine: Transcribe,
  max: number,
): Transcribe & { waiting(): number; idle(): boolean } {
  let running = 0;
  const queue: (() => void)[] = [];
  // A finished window hands its slot straight to the next waiting one.
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  return {
    waiting: () => queue.length,
    /** A free slot and nobody waiting: room for work that may be skipped (interim results). */
    idle: () => running < max && queue.length === 0,
    async transcribe(input, opts) {
      if (running >= max) await new Promise<void>((resolve) => queue.push(resolve));
      else running++;
      try {
        return await engine.transcribe(input, opts);
      } finally {
        release();
      }
    },
  };
}
