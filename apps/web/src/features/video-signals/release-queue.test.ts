import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReleaseQueue, LIP_SYNC_RELEASE } from './release-queue';

describe('the lip-sync release queue (spec 2 §4: one per 900 ms once 10 have arrived)', () => {
  let released: number[];
  beforeEach(() => {
    vi.useFakeTimers();
    released = [];
  });
  afterEach(() => vi.useRealTimers());
  const queue = () => createReleaseQueue<number>((n) => released.push(n));
  const pushAll = (q: { push(n: number): void }, from: number, to: number) => {
    for (let n = from; n <= to; n++) q.push(n);
  };

  it('uses the spec constants', () => {
    expect(LIP_SYNC_RELEASE).toEqual({ afterArrived: 10, everyMs: 900 });
  });

  it('holds the first nine, however long they wait', () => {
    const q = queue();
    pushAll(q, 1, 9);
    vi.advanceTimersByTime(60_000);
    expect(released).toEqual([]);
    expect([q.arrived, q.queued]).toEqual([9, 9]);
  });

  it('releases the oldest when the tenth arrives, then one per 900 ms in order', () => {
    const q = queue();
    pushAll(q, 1, 12);
    expect(released).toEqual([1]);
    vi.advanceTimersByTime(899);
    expect(released).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(released).toEqual([1, 2]);
    vi.advanceTimersByTime(900 * 20);
    expect(released).toEqual([...Array(12).keys()].map((i) => i + 1));
    expect([q.arrived, q.queued]).toEqual([12, 0]);
  });

  it('keeps the pace, not the threshold, once the queue has run dry', () => {
    const q = queue();
    pushAll(q, 1, 10); // 1 at 0 ms, 2 at 900 … 10 at 8100
    vi.advanceTimersByTime(8100);
    expect(released).toHaveLength(10);
    // 300 ms after the last release: waits out the rest of the 900 ms.
    vi.advanceTimersByTime(300);
    q.push(11);
    q.push(12);
    expect(released).toHaveLength(10);
    vi.advanceTimersByTime(600);
    expect(released.at(-1)).toBe(11);
    vi.advanceTimersByTime(900);
    expect(released.at(-1)).toBe(12);
    // Long after: released at once.
    vi.advanceTimersByTime(5000);
    q.push(13);
    expect(released.at(-1)).toBe(13);
  });

  it('starts over on reset: nothing more from before, ten to wait for again', () => {
    const q = queue();
    pushAll(q, 1, 15);
    q.reset();
    vi.advanceTimersByTime(10_000);
    expect(released).toEqual([1]);
    pushAll(q, 101, 109);
    vi.advanceTimersByTime(10_000);
    expect(released).toEqual([1]);
    q.push(110);
    expect(released).toEqual([1, 101]);
  });
});
