import { describe, expect, it } from 'vitest';
import { HELD_AUDIO_SEC, HeldAudio } from './held-audio.js';

const RATE = 16_000;
const chunk = (value: number, samples = RATE / 10) => new Int16Array(samples).fill(value);

describe('audio held while the live session opens', () => {
  it('is handed over once per participant, in order, as one piece each', () => {
    const held = new HeldAudio();
    const ana = { id: 'a', name: 'Ana' };
    const ben = { id: 'b', name: 'Ben' };
    held.hold(ana, chunk(1));
    held.hold(ben, chunk(7));
    held.hold(ana, chunk(2));
    held.hold({ ...ana, name: 'Ana Lima' }, chunk(3));
    const out = held.take();
    expect(out.map((o) => o.speaker)).toEqual([{ id: 'a', name: 'Ana Lima' }, ben]);
    const first = out[0]!.pcm;
    expect(first.length).toBe(3 * (RATE / 10));
    expect([first[0], first[RATE / 10], first[2 * (RATE / 10)]]).toEqual([1, 2, 3]);
    // Taken once: nothing is pushed twice.
    expect(held.take()).toEqual([]);
  });

  it('keeps only the latest seconds of a participant who talks long before it opens', () => {
    const held = new HeldAudio();
    const tenths = HELD_AUDIO_SEC * 10 + 50;
    for (let i = 0; i < tenths; i++) held.hold({ id: 'a', name: 'Ana' }, chunk(i));
    const [only] = held.take();
    expect(only!.pcm.length).toBe(HELD_AUDIO_SEC * RATE);
    expect(only!.pcm[0]).toBe(50);
    expect(only!.pcm.at(-1)).toBe(tenths - 1);
  });

  it('keeps nothing once cleared (consent withdrawn before the recording began)', () => {
    const held = new HeldAudio();
    held.hold({ id: 'a', name: 'Ana' }, chunk(1));
    held.clear();
    expect(held.take()).toEqual([]);
  });
});
