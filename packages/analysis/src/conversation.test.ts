import { describe, expect, it } from 'vitest';
import { computeAnalytics } from './analytics.js';
import {
  bucketSecFor,
  computeEngagement,
  computeInteractivity,
  computeSentiment,
  sentimentLabel,
  sentimentOf,
  speakingRateOverTime,
  wordsByTurn,
} from './conversation.js';

/** Words spread evenly over [start, end) for one speaker. */
function say(speaker: string, start: number, end: number, text: string) {
  const parts = text.split(' ');
  const step = (end - start) / parts.length;
  return parts.map((word, i) => ({
    word,
    speaker,
    start: start + i * step,
    end: start + (i + 1) * step,
  }));
}

const turns = [
  { speaker: 'A', start: 0, end: 10 },
  { speaker: 'B', start: 12, end: 20 },
  { speaker: 'A', start: 30, end: 40 },
  { speaker: 'B', start: 70, end: 90 },
  { speaker: 'A', start: 95, end: 100 }, // no words: skipped by sentiment
];
const words = [
  ...say('A', 0, 10, 'this is great i love it'),
  ...say('B', 12, 20, 'that is terrible and awful'),
  ...say('A', 30, 40, 'the table is brown'),
  ...say('B', 70, 90, 'we had a good and happy meeting today'),
];

describe('sentiment', () => {
  it('labels with VADER thresholds and scores words offline', () => {
    expect(sentimentLabel(0.05)).toBe('positive');
    expect(sentimentLabel(0.049)).toBe('neutral');
    expect(sentimentLabel(-0.05)).toBe('negative');
    expect(sentimentOf('This is great, I love it!')).toBeGreaterThan(0.5);
    expect(sentimentOf('terrible awful')).toBeLessThan(-0.5);
    expect(sentimentOf('the table')).toBe(0);
  });

  it('groups words into their turns', () => {
    expect(wordsByTurn(words, turns).map((ws) => ws.length)).toEqual([6, 5, 4, 8, 0]);
  });

  it('scores each turn, the whole weighted by words, and each minute', () => {
    const s = computeSentiment(words, turns, 720);
    expect(s.turns.map((t) => [t.speaker, t.start, t.end, t.words, t.label])).toEqual([
      ['A', 0, 10, 6, 'positive'],
      ['B', 12, 20, 5, 'negative'],
      ['A', 30, 40, 4, 'neutral'],
      ['B', 70, 90, 8, 'positive'],
    ]);
    const c = s.turns.map((t) => t.compound);
    expect(c[2]).toBe(0);
    const mean = (6 * c[0]! + 5 * c[1]! + 8 * c[3]!) / 23;
    expect(s.overall.compound).toBeCloseTo(mean, 3);
    expect(s.overall.label).toBe(sentimentLabel(mean));
    expect(s.overTime).toHaveLength(12);
    expect(s.overTime[0]).toMatchObject({ start: 0, end: 60, words: 15 });
    expect(s.overTime[0]!.compound).toBeCloseTo((6 * c[0]! + 5 * c[1]!) / 15, 3);
    expect(s.overTime[1]).toMatchObject({ start: 60, end: 120, words: 8, compound: c[3] });
    expect(s.overTime[2]).toMatchObject({ words: 0, compound: null });
  });

  it('leaves silent minutes null and copes with no words', () => {
    const s = computeSentiment([], [], 130);
    expect(s.turns).toEqual([]);
    expect(s.overall).toEqual({ compound: 0, label: 'neutral' });
    // 130 s gets 15 s buckets; the last one ends with the recording.
    expect(s.overTime).toHaveLength(9);
    expect(s.overTime.every((b) => b.compound === null)).toBe(true);
    expect(s.overTime.at(-1)).toMatchObject({ start: 120, end: 130 });
  });
});

describe('interactivity and speaking rate', () => {
  it('counts speaker switches per minute', () => {
    // A→B, B→A, A→B, B→A over 100 s
    expect(computeInteractivity(turns, 100)).toEqual({
      speakerSwitches: 4,
      switchesPerMinute: 2.4,
    });
    expect(computeInteractivity([], 0)).toEqual({ speakerSwitches: 0, switchesPerMinute: 0 });
  });

  it('gives words per minute of talk per speaker in 60 s windows on a long recording', () => {
    const r = speakingRateOverTime(words, turns, 720);
    // A: 10 words in 20 s of talk, then 0 words in 5 s; B: 5 words in 8 s, then 8 in 20 s.
    expect(r.A!.slice(0, 3)).toEqual([
      { start: 0, end: 60, wpm: 30 },
      { start: 60, end: 120, wpm: 0 },
      { start: 120, end: 180, wpm: null },
    ]);
    expect(r.B!.slice(0, 2)).toEqual([
      { start: 0, end: 60, wpm: 37.5 },
      { start: 60, end: 120, wpm: 24 },
    ]);
    expect(r.A).toHaveLength(12);
  });

  it('cuts short recordings into round buckets of at least 10 s, so a clip still draws a line', () => {
    expect(bucketSecFor(33)).toBe(10);
    expect(bucketSecFor(200)).toBe(20);
    expect(bucketSecFor(600)).toBe(60);
    expect(bucketSecFor(7200)).toBe(60);
    const r = speakingRateOverTime(words, turns, 100);
    expect(r.A!.map((w) => [w.start, w.end])).toEqual(
      Array.from({ length: 10 }, (_, i) => [i * 10, i * 10 + 10]),
    );
  });
});

describe('engagement', () => {
  it('mixes the four components with their documented weights', () => {
    const e = computeEngagement({
      switchesPerMinute: 2,
      talkTimeSec: { A: 30, B: 30 },
      wordsPerMinute: { A: 140, B: 200 },
      overallCompound: 0.5,
    });
    expect(e.components).toEqual({
      interactivity: { score: 0.5, weight: 0.3 },
      balance: { score: 1, weight: 0.25 },
      pace: { score: 0.75, weight: 0.2 }, // A 1, B 30 wpm over the band → 0.5
      sentiment: { score: 0.75, weight: 0.25 },
    });
    expect(e.score).toBe(Math.round(100 * (0.3 * 0.5 + 0.25 + 0.2 * 0.75 + 0.25 * 0.75)));
    expect(e.method).toMatch(/heuristic/i);
  });

  it('is bounded and gives a lone speaker no balance or interactivity', () => {
    const lone = computeEngagement({
      switchesPerMinute: 0,
      talkTimeSec: { A: 60 },
      wordsPerMinute: { A: 150 },
      overallCompound: 1,
    });
    expect(lone.components.balance.score).toBe(0);
    expect(lone.score).toBe(45);
    const best = computeEngagement({
      switchesPerMinute: 10,
      talkTimeSec: { A: 10, B: 10, C: 10 },
      wordsPerMinute: { A: 120, B: 150, C: 170 },
      overallCompound: 1,
    });
    expect(best.score).toBe(100);
    const empty = computeEngagement({
      switchesPerMinute: 0,
      talkTimeSec: {},
      wordsPerMinute: {},
      overallCompound: 0,
    });
    expect(empty.score).toBe(13);
  });

  it('appears in computeAnalytics with the other new fields', () => {
    const a = computeAnalytics(words, turns, 100);
    expect(a.interactivity.speakerSwitches).toBe(4);
    expect(a.sentiment.turns).toHaveLength(4);
    expect(Object.keys(a.speakingRateOverTime)).toEqual(['A', 'B']);
    expect(a.engagement.score).toBeGreaterThanOrEqual(0);
    expect(a.engagement.score).toBeLessThanOrEqual(100);
  });
});
