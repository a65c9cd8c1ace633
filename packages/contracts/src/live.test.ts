import { describe, expect, it } from 'vitest';
import {
  applyLiveSegment,
  liveSpeakerLabel,
  type LiveSegment,
  type ShownLiveSegment,
} from './live.js';

const seg = (over: Partial<LiveSegment> & { id: string }): LiveSegment => ({
  name: 'Ana',
  content: 'hello',
  timeStamps: { start: 0, end: 1 },
  isFinal: false,
  ...over,
});

/** Applies segments in order, collecting warnings. */
function run(segments: LiveSegment[], start: ShownLiveSegment[] = []) {
  const warnings: string[] = [];
  const shown = segments.reduce(
    (acc, s) => applyLiveSegment(acc, s, (w) => warnings.push(w)),
    start,
  );
  return { shown, warnings };
}

describe('live transcript merge rules (spec 2 §4 Live transcription)', () => {
  it('an interim segment per speaker is updated in place', () => {
    const { shown } = run([
      seg({ id: 'a-0', content: 'hello' }),
      seg({ id: 'b-0', name: 'Ben', content: 'hi' }),
      seg({ id: 'a-0', content: 'hello there', timeStamps: { start: 0, end: 2 } }),
    ]);
    expect(shown.map((s) => [s.name, s.content, s.isFinal])).toEqual([
      ['Ana', 'hello there', false],
      ['Ben', 'hi', false],
    ]);
    expect(shown[0]!.timeStamps).toEqual({ start: 0, end: 2 });
  });

  it('a final segment is appended and clears that speaker’s interim one', () => {
    const { shown } = run([
      seg({ id: 'a-0', content: 'hello th' }),
      seg({ id: 'b-0', name: 'Ben', content: 'hi' }),
      seg({ id: 'a-0', content: 'hello there', isFinal: true }),
    ]);
    expect(shown.map((s) => [s.name, s.content, s.isFinal])).toEqual([
      ['Ana', 'hello there', true],
      ['Ben', 'hi', false],
    ]);
  });

  it('neighbouring finals of the same speaker are merged into one', () => {
    const { shown } = run([
      seg({ id: 'a-0', content: 'ask not', isFinal: true, timeStamps: { start: 0, end: 2 } }),
      seg({
        id: 'a-1',
        content: 'what your country',
        isFinal: true,
        timeStamps: { start: 3, end: 5 },
      }),
    ]);
    expect(shown).toEqual([
      {
        id: 'a-0',
        name: 'Ana',
        content: 'ask not what your country',
        timeStamps: { start: 0, end: 5 },
        isFinal: true,
      },
    ]);
  });

  it('finals of different speakers, or a final and an interim, stay apart', () => {
    const { shown } = run([
      seg({ id: 'a-0', content: 'one', isFinal: true }),
      seg({ id: 'b-0', name: 'Ben', content: 'two', isFinal: true }),
      seg({ id: 'b-1', name: 'Ben', content: 'thr' }),
      seg({ id: 'a-1', content: 'four', isFinal: true }),
    ]);
    expect(shown.map((s) => [s.name, s.content, s.isFinal])).toEqual([
      ['Ana', 'one', true],
      ['Ben', 'two', true],
      ['Ana', 'four', true],
      ['Ben', 'thr', false],
    ]);
  });

  it('segments without a name are dropped; a final one with a warning', () => {
    const { shown, warnings } = run([
      seg({ id: 'x-0', name: undefined, content: 'ghost' }),
      seg({ id: 'x-1', name: null, content: 'ghost', isFinal: true }),
    ]);
    expect(shown).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/without a name/);
  });

  it('an empty name is kept and shown as You', () => {
    const { shown } = run([seg({ id: 'm-0', name: '', content: 'me talking', isFinal: true })]);
    expect(shown).toHaveLength(1);
    expect(liveSpeakerLabel(shown[0]!.name)).toBe('You');
    expect(liveSpeakerLabel('Ana')).toBe('Ana');
  });

  it('a final word without content or timestamps is ignored with a warning, and still clears the interim', () => {
    const { shown, warnings } = run([
      seg({ id: 'a-0', content: 'hm' }),
      seg({ id: 'a-0', content: '', isFinal: true }),
      seg({ id: 'a-1', content: 'words', isFinal: true, timeStamps: undefined }),
    ]);
    expect(shown).toEqual([]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/without content/);
    expect(warnings[1]).toMatch(/without timestamps/);
  });

  it('does not change the list it was given', () => {
    const before: ShownLiveSegment[] = [
      { id: 'a-0', name: 'Ana', content: 'x', timeStamps: { start: 0, end: 1 }, isFinal: false },
    ];
    const copy = structuredClone(before);
    applyLiveSegment(before, seg({ id: 'a-0', content: 'xy', isFinal: true }));
    expect(before).toEqual(copy);
  });
});
