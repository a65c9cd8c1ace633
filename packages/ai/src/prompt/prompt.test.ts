import { describe, expect, it } from 'vitest';
import { repeatedTranscript, twoSpeakerTranscript } from '../test-transcript.js';
import { chunkTranscript, lineTokens } from './chunk.js';
import { parseCitations } from './citations.js';
import { parseJson } from './merge.js';
import { rankLines } from './rank.js';
import { estimateTokens, formatTimestamp, renderTranscript } from './render.js';

const { lines, names } = twoSpeakerTranscript();

describe('rendering', () => {
  it('renders "[HH:MM:SS] Speaker: text" lines with participant names', () => {
    const text = renderTranscript(lines, names).split('\n');
    expect(text).toHaveLength(13);
    expect(text[7]).toBe("[00:00:14] Sheila: And I'm Sheila in Texas, originally from Chicago.");
    expect(renderTranscript(lines).split('\n')[0]).toBe('[00:00:06] speaker_00: Hello?');
    expect(formatTimestamp(3725.9)).toBe('01:02:05');
  });

  it('estimates tokens conservatively (at least one per 4 characters of English)', () => {
    const text = renderTranscript(lines, names);
    expect(estimateTokens(text)).toBeGreaterThanOrEqual(Math.ceil(text.length / 4));
    expect(estimateTokens(text)).toBeLessThan(text.length / 3);
    expect(estimateTokens('会議の要約')).toBe(5);
    expect(estimateTokens('')).toBe(0);
  });
});

describe('chunkTranscript', () => {
  it('packs whole turns into chunks that each fit the budget, losing nothing', () => {
    const long = repeatedTranscript(10);
    const chunks = chunkTranscript(long, 300);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.reduce((n, l) => n + lineTokens(l), 0)).toBeLessThanOrEqual(300);
    }
    expect(chunks.flat()).toEqual(long);
  });

  it('cuts a turn longer than the budget at sentence ends, keeping text and time order', () => {
    const text = lines.map((l) => l.text).join(' ');
    const turn = { speaker: 'speaker_00', start: 100, end: 130, text };
    const pieces = chunkTranscript([turn], 40).flat();
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.map((p) => p.text).join(' ')).toBe(text);
    for (const p of pieces) {
      expect(lineTokens(p)).toBeLessThanOrEqual(40);
      expect(p.start).toBeGreaterThanOrEqual(100);
      expect(p.end).toBeLessThanOrEqual(130);
      // Every piece but a word run ends a sentence.
      expect(p.text).toMatch(/[.?!]$/);
    }
    expect(pieces.map((p) => p.start)).toEqual(
      [...pieces.map((p) => p.start)].sort((a, b) => a - b),
    );
  });

  it('cuts between words when a single sentence is too long, and refuses an impossible budget', () => {
    const sentence = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const pieces = chunkTranscript(
      [{ speaker: 'speaker_01', start: 0, end: 60, text: sentence }],
      30,
    ).flat();
    expect(pieces.map((p) => p.text).join(' ')).toBe(sentence);
    for (const p of pieces) expect(lineTokens(p)).toBeLessThanOrEqual(30);
    expect(() => chunkTranscript(lines, 5)).toThrow(RangeError);
  });
});

describe('parseCitations', () => {
  it('turns [HH:MM:SS] and [MM:SS] markers into citations of the line spoken then', () => {
    const answer =
      'Sheila lives in Texas [00:00:14]. Diane is also from Chicago [00:17].\n' +
      'Diane did not know Sheila was on the line [00:00:08].\n' +
      'They discussed budgets [01:10:00].';
    const citations = parseCitations(answer, lines);
    expect(citations.map((c) => c.quote)).toEqual([
      "I didn't know you were there.",
      "And I'm Sheila in Texas, originally from Chicago.",
      "Oh, I'm originally from Chicago also.",
    ]);
    expect(citations[0]).toMatchObject({ start: 8.916, end: 9.798, speaker: 'speaker_00' });
  });

  it('reads ranges and lists inside one bracket', () => {
    const citations = parseCitations('Introductions [00:00:12-00:00:14; 00:00:20]', lines);
    expect(citations.map((c) => Math.floor(c.start))).toEqual([12, 14, 20]);
  });
});

describe('rankLines', () => {
  it('ranks the line that answers a question first', () => {
    const ranked = rankLines('Where is Sheila originally from?', lines, 3);
    expect(ranked[0]?.line.text).toBe("And I'm Sheila in Texas, originally from Chicago.");
    expect(ranked[0]?.coverage).toBe(1);
    expect(ranked.map((r) => r.score)).toEqual(
      [...ranked.map((r) => r.score)].sort((a, b) => b - a),
    );
  });

  it('finds nothing for words the meeting never used', () => {
    expect(rankLines('quarterly revenue forecast', lines, 5)).toEqual([]);
  });
});

describe('parseJson', () => {
  it('reads a model’s JSON wherever it wrote it, and nothing when there is none', () => {
    expect(parseJson('{"score": 7}')).toEqual({ score: 7 });
    expect(parseJson('Here you go:\n```json\n{"score": 7}\n```\nHope it helps.')).toEqual({
      score: 7,
    });
    expect(parseJson('Sure! {"questions": [{"text": "Why?"}]} Let me know.')).toEqual({
      questions: [{ text: 'Why?' }],
    });
    expect(parseJson('Scores [see below]: {"score": 7}')).toEqual({ score: 7 });
    expect(parseJson('[1, 2] then')).toEqual([1, 2]);
    expect(parseJson('I cannot help with that.')).toBeUndefined();
    expect(parseJson('{"score": 7')).toBeUndefined();
  });
});
