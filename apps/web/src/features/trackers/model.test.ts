import { describe, expect, it } from 'vitest';
import type { MeetingTrackerHits, TrackerWeeklyCounts } from '@parley/contracts';
import { phrasesOf, trackerMarks, trackerTicks, validateTracker, weeklyRows } from './model';

describe('the tracker form', () => {
  it('takes one phrase a line or comma-separated, blanks dropped', () => {
    expect(phrasesOf('Gong\n  Chorus.ai , security review\n\n,')).toEqual([
      'Gong',
      'Chorus.ai',
      'security review',
    ]);
  });

  it('sends the name and phrases, and says what is wrong field by field', () => {
    expect(validateTracker({ name: ' Competitors ', phrases: 'Gong\nChorus' })).toEqual({
      ok: true,
      body: { name: 'Competitors', phrases: ['Gong', 'Chorus'] },
    });
    const empty = validateTracker({ name: '', phrases: '' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.errors.name).toBe('Give the tracker a name');
      expect(empty.errors.phrases).toBe('Give the tracker at least one phrase');
    }
    const twice = validateTracker({ name: 'Pricing', phrases: 'price\nPrice' });
    expect(twice.ok || twice.errors.phrases).toBe('Each phrase once, please');
  });
});

const HITS: MeetingTrackerHits = {
  trackers: [
    { id: 't1', name: 'Competitors' },
    { id: 't2', name: 'Pricing' },
  ],
  hits: [
    {
      trackerId: 't1',
      phrase: 'Gong',
      start: 65.2,
      end: 65.6,
      wordStart: 120,
      wordEnd: 120,
      speaker: 'speaker_01',
      speakerName: 'Bob Buyer',
      side: 'theirs',
    },
    {
      trackerId: 't2',
      phrase: 'per seat',
      start: 3725,
      end: 3725.9,
      wordStart: 800,
      wordEnd: 801,
      speaker: 'speaker_00',
      speakerName: 'Speaker 1',
      side: 'unknown',
    },
  ],
};

describe('the meeting page’s marks', () => {
  it('names the tracker, phrase, moment and speaker in each tick’s tooltip', () => {
    expect(trackerTicks(HITS)).toEqual([
      { time: 65.2, label: 'Competitors: “Gong” (00:01:05, Bob Buyer)' },
      { time: 3725, label: 'Pricing: “per seat” (01:02:05, Speaker 1)' },
    ]);
    expect(trackerTicks(undefined)).toEqual([]);
  });

  it('marks each mention’s time span with its tracker’s name', () => {
    expect(trackerMarks(HITS)).toEqual([
      { start: 65.2, end: 65.6, label: 'Competitors' },
      { start: 3725, end: 3725.9, label: 'Pricing' },
    ]);
  });
});

describe('weekly chart rows', () => {
  const counts = (weekStart: string, trackerId: string, total: number) => ({
    weekStart,
    trackerId,
    ours: 0,
    theirs: 0,
    unknown: total,
    total,
  });

  it('gives every week from the first mention to the last, quiet weeks as 0', () => {
    const data: TrackerWeeklyCounts = {
      trackers: [
        { id: 't1', name: 'Competitors' },
        { id: 't2', name: 'Pricing' },
      ],
      weeks: [
        counts('2026-10-26', 't1', 3),
        counts('2026-11-09', 't1', 1),
        counts('2026-11-09', 't2', 4),
      ],
    };
    expect(weeklyRows(data)).toEqual([
      { week: '2026-10-26', t1: 3, t2: 0 },
      // Across the end of summer time: weeks are counted in UTC, so none is skipped or doubled.
      { week: '2026-11-02', t1: 0, t2: 0 },
      { week: '2026-11-09', t1: 1, t2: 4 },
    ]);
  });

  it('draws nothing without a mention', () => {
    expect(weeklyRows({ trackers: [{ id: 't1', name: 'A' }], weeks: [] })).toEqual([]);
    expect(weeklyRows(undefined)).toEqual([]);
  });
});
