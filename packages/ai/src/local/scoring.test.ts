import { describe, expect, it } from 'vitest';
import { twoSpeakerTranscript } from '../test-transcript.js';
import { measureSignals } from './signals.js';
import { speakerView, weightedScore } from './scoring.js';

describe('what the scores are built from', () => {
  it("gathers one speaker's words, first line and longest turn", () => {
    const { lines } = twoSpeakerTranscript();
    const m = measureSignals(lines);
    const speaker = lines[1]?.speaker ?? '';
    const view = speakerView(lines, m, speaker);
    const own = lines.filter((l) => l.speaker === speaker);
    expect(view.text).toBe(own.map((l) => l.text).join(' '));
    expect(view.wordTotal).toBe(m.wordCount[speaker]);
    expect(view.firstLine).toEqual([lines.findIndex((l) => l.speaker === speaker)]);
    expect(view.longest.every((i) => lines[i]?.speaker === speaker)).toBe(true);
    // Someone who never spoke has nothing to cite but is still scored.
    expect(speakerView(lines, m, 'nobody')).toMatchObject({ text: '', firstLine: [], longest: [] });
  });

  it('weighs the parts and drops empty tags', () => {
    const parts = [
      { value: 100, weight: 3 },
      { value: 0, weight: 1 },
    ];
    expect(weightedScore(parts, [], ['fluent', '', 'concise'], 'How.')).toEqual({
      score: 75,
      insights: [],
      tags: ['fluent', 'concise'],
      method: 'How.',
    });
  });
});
