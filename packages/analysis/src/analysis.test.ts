import { describe, expect, it } from 'vitest';
import {
  assignSpeakers,
  computeAnalytics,
  findFillers,
  longestMonologue,
  turnsFromSpeech,
} from './analytics.js';
import { mapLimit, planPieces } from './pieces.js';
import { normalizeWords, wordErrorRate } from './wer.js';

describe('word error rate', () => {
  it('ignores case and punctuation and counts edits', () => {
    expect(normalizeWords("And so, my fellow Americans: don't!")).toEqual([
      'and',
      'so',
      'my',
      'fellow',
      'americans',
      'dont',
    ]);
    expect(wordErrorRate('ask not what your country', 'Ask not, what your country!')).toBe(0);
    // one substitution (b→x) and two insertions (e, z) over four reference words
    expect(wordErrorRate('a b c d', 'a x c e d z')).toBeCloseTo(3 / 4);
    expect(wordErrorRate('a b c d', 'a d')).toBeCloseTo(2 / 4);
    expect(wordErrorRate('a b', '')).toBe(1);
  });
});

describe('pieces', () => {
  it('cuts only in silences and never exceeds the longest piece', () => {
    const speech = [
      { start: 1, end: 10 },
      { start: 12, end: 25 },
      { start: 27, end: 40 },
      { start: 41, end: 110 },
    ];
    const pieces = planPieces(speech, 30, 0);
    expect(pieces[0]).toEqual({ start: 1, end: 25 });
    expect(pieces[1]).toEqual({ start: 27, end: 40 });
    expect(pieces.every((p) => p.end - p.start <= 30)).toBe(true);
    expect(pieces[pieces.length - 1]!.end).toBe(110);
  });

  it('runs tasks with bounded concurrency in order', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 3, 2], 2, async (x) => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, x));
      running--;
      return x * 2;
    });
    expect(out).toEqual([10, 2, 6, 4]);
    expect(peak).toBe(2);
  });
});

describe('analytics', () => {
  const turns = turnsFromSpeech([
    { start: 0, end: 4 },
    { start: 4.5, end: 6 },
    { start: 9, end: 10 },
  ]);
  const words = assignSpeakers(
    [
      { word: 'um', start: 0.1, end: 0.3, confidence: 1 },
      { word: 'you', start: 1, end: 1.2, confidence: 1 },
      { word: 'know', start: 1.2, end: 1.4, confidence: 1 },
      { word: 'hello', start: 9.2, end: 9.6, confidence: 1 },
    ],
    turns,
  );

  it('merges short pauses into turns and computes talk time, monologue and rate', () => {
    expect(turns).toEqual([
      { speaker: 'speaker_00', start: 0, end: 6 },
      { speaker: 'speaker_00', start: 9, end: 10 },
    ]);
    const a = computeAnalytics(words, turns, 12);
    expect(a.talkTimeSec).toEqual({ speaker_00: 7 });
    expect(a.talkTimePercent).toEqual({ speaker_00: 100 });
    // The 3 s pause between the two turns ends the monologue (MONOLOGUE_PAUSE_SEC).
    expect(a.longestMonologueSec).toBe(6);
    expect(a.wordsPerMinute.speaker_00).toBeCloseTo((4 * 60) / 7, 1);
    expect(a.audioLengthSec).toBe(12);
  });

  it('finds one- and two-word fillers with their times', () => {
    expect(findFillers(words)).toEqual([
      { word: 'um', start: 0.1, speaker: 'speaker_00' },
      { word: 'you know', start: 1, speaker: 'speaker_00' },
    ]);
  });
});

describe('longest monologue', () => {
  const t = (speaker: string, start: number, end: number) => ({ speaker, start, end });

  it('joins one speaker’s turns across short pauses, ends at a long pause or the other speaker', () => {
    expect(longestMonologue([])).toBeNull();
    expect(longestMonologue([t('a', 0, 4), t('a', 5, 9), t('b', 10, 12)])).toEqual({
      speaker: 'a',
      sec: 9,
    });
    // A 4 s silence: two monologues of 4 s, not one of 12.
    expect(longestMonologue([t('a', 0, 4), t('a', 8, 12)])).toEqual({ speaker: 'a', sec: 4 });
    // b talks inside a's pause (overlapping turns sort by start): a's stretch restarts.
    expect(longestMonologue([t('a', 0, 5), t('b', 4, 6), t('a', 6.5, 9)])?.sec).toBe(5);
  });
});
