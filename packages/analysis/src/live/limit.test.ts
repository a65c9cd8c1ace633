import { describe, expect, it } from 'vitest';
import type { AsrEngine, Transcript } from '../asr/types.js';
import { limitEngine } from './limit.js';

describe('limitEngine', () => {
  it('runs at most `max` windows at once, in the order they were asked, and every one', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    // An engine that takes a few milliseconds per window and says which window it read.
    const engine: Pick<AsrEngine, 'transcribe'> = {
      async transcribe(input): Promise<Transcript> {
        running++;
        most = Math.max(most, running);
        order.push((input as Float32Array)[0]!);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return {
          words: [{ word: String((input as Float32Array)[0]), start: 0, end: 1, confidence: 1 }],
        };
      },
    };
    const limited = limitEngine(engine, 2);
    const asks = Array.from({ length: 7 }, (_, i) => limited.transcribe(Float32Array.of(i)));
    expect(limited.waiting()).toBe(5);
    expect(limited.idle()).toBe(false);
    const results = await Promise.all(asks);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.words[0]!.word)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(limited.waiting()).toBe(0);
    expect(limited.idle()).toBe(true);
  });

  it('a failed window frees its slot', async () => {
    const limited = limitEngine(
      { transcribe: async () => Promise.reject(new Error('engine down')) },
      1,
    );
    await expect(limited.transcribe(new Float32Array(1))).rejects.toThrow('engine down');
    await expect(limited.transcribe(new Float32Array(1))).rejects.toThrow('engine down');
  });
});
