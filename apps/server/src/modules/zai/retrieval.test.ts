import { describe, expect, it } from 'vitest';
import { estimateTokens } from '@parley/ai';
import { introductionsCall, scienceReading } from '../../test/assistant-kit.js';
import { selectExcerpts, type MeetingPassages } from './retrieval.js';

const names: Record<string, string> = { speaker_00: 'Diane', speaker_01: 'Sheila' };
const intro: MeetingPassages = {
  meeting: { id: 'a', meetingName: 'Introductions call' },
  lines: introductionsCall().map((u) => ({ ...u, speaker: names[u.speaker] ?? u.speaker })),
};
const science: MeetingPassages = {
  meeting: { id: 'b', meetingName: 'Science reading' },
  lines: scienceReading().map((u) => ({ ...u, speaker: 'Speaker 1' })),
};

describe('selectExcerpts', () => {
  it('keeps the best line with its neighbours, in time order, labelled by meeting', () => {
    const e = selectExcerpts('Where is Sheila originally from?', [intro, science], {
      budgetTokens: 2000,
    });
    expect(e.relevant).toBe(true);
    const chicago = e.lines.findIndex((l) => l.text.includes('originally from Chicago'));
    expect(chicago).toBeGreaterThan(0);
    // The line before it ("This is Diane in New Jersey.") is kept for context.
    expect(e.lines[chicago - 1]?.text).toBe('This is Diane in New Jersey.');
    expect(e.lines[chicago]?.speaker).toBe('Sheila · Introductions call');
    expect(e.origins.get('Sheila · Introductions call')).toEqual({
      meetingIndex: 0,
      speaker: 'Sheila',
    });
    expect(e.text.startsWith('Meeting "Introductions call":\n[')).toBe(true);
    expect(e.text).toContain(
      "\n[00:00:14] Sheila · Introductions call: And I'm Sheila in Texas, originally from Chicago.",
    );
    const starts = e.lines
      .filter((l) => l.speaker.endsWith('Introductions call'))
      .map((l) => l.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('stays within the token budget, best lines first', () => {
    const all = selectExcerpts('Chicago Jersey Texas Yankee', [intro], { budgetTokens: 10_000 });
    const small = selectExcerpts('Chicago Jersey Texas Yankee', [intro], { budgetTokens: 60 });
    expect(small.lines.length).toBeLessThan(all.lines.length);
    expect(small.lines.length).toBeGreaterThan(0);
    const lineTokens = small.lines.reduce(
      (sum, l) => sum + estimateTokens(`[00:00:00] ${l.speaker}: ${l.text}`) + 1,
      0,
    );
    expect(lineTokens).toBeLessThanOrEqual(60);
  });

  it('keeps the whole meeting, evenly thinned to the budget, for a question about all of it', () => {
    const all = selectExcerpts('Summarise this meeting', [intro], {
      budgetTokens: 10_000,
      whole: true,
    });
    expect(all.relevant).toBe(true);
    expect(all.lines).toHaveLength(intro.lines.length);
    const thin = selectExcerpts('Summarise this meeting', [intro], {
      budgetTokens: 80,
      whole: true,
    });
    expect(thin.lines.length).toBeLessThan(intro.lines.length);
    // Thinned across the whole span, not only its start.
    const last = intro.lines.at(-1)?.start ?? 0;
    expect(thin.lines.at(-1)?.start ?? 0).toBeGreaterThan(last / 2);
  });

  it('finds nothing relevant for a question the meetings do not touch', () => {
    const e = selectExcerpts('What quarterly revenue did finance forecast?', [intro, science], {
      budgetTokens: 2000,
    });
    expect(e).toMatchObject({ relevant: false, lines: [], text: '' });
  });

  it('keeps two meetings of the same name apart', () => {
    const twin: MeetingPassages = {
      ...science,
      meeting: { id: 'c', meetingName: 'Introductions call' },
    };
    const e = selectExcerpts('cabbage juice colour', [intro, twin], { budgetTokens: 2000 });
    expect(e.text).toContain('Meeting "Introductions call (2)":');
    expect(e.origins.get('Speaker 1 · Introductions call (2)')?.meetingIndex).toBe(1);
  });
});
