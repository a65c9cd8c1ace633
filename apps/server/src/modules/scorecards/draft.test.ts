import { describe, expect, it } from 'vitest';
import { SCORECARD_MESSAGES as S } from '@parley/contracts';
import { FIXTURE } from '../../test/transcripts-kit.js';
import type { TranscriptData } from '../transcripts/index.js';
import { ratingsFromAnswer } from './draft-remote.js';
import { draftMaterial } from './material.js';

const rubric = ['1', '2', '3', '4', '5'];
const kit = [
  { name: 'Music', description: '', questions: [], rubric },
  { name: 'Leadership', description: '', questions: [], rubric },
  { name: 'Sales', description: '', questions: [], rubric },
];
const material = draftMaterial(
  { ...FIXTURE, editedAt: null } as unknown as TranscriptData,
  { speaker_01: 'Ada' },
  [],
);

describe("a connected model's draft", () => {
  it('keeps only evidence inside the recording that matches the transcript', () => {
    const { ratings, summary } = ratingsFromAnswer(
      {
        summary: 'A friendly talk.',
        competencies: [
          {
            competency: 'music',
            discussed: true,
            rating: 4,
            notes: 'Mentions friends who play.',
            evidence: [
              // Right words, wrong time: moved to where they were said.
              { start: 1, end: 2, quote: "I've had friends that play" },
              // Past the end of the 30 s recording.
              { start: 95, end: 99, quote: 'opera' },
              // Words nobody said.
              { start: 8.4, end: 10, quote: 'I led a team of twelve' },
              // A time without a quote: the turn spoken then.
              { start: 9, end: 10 },
            ],
          },
          {
            competency: 'Leadership',
            discussed: true,
            rating: 5,
            notes: 'Led a team.',
            evidence: [{ start: 12, end: 14, quote: 'I led a team of twelve' }],
          },
        ],
      },
      kit,
      material,
    );
    expect(summary).toBe('A friendly talk.');
    expect(ratings[0]).toMatchObject({ competency: 'Music', rating: 4, discussed: true });
    expect(ratings[0]?.evidence).toEqual([
      { start: 21.79, end: 27.79, speaker: 'Ada', quote: "I've had friends that play" },
      {
        start: 8.34,
        end: 14.7,
        speaker: 'Speaker 1',
        quote: 'opera but it got a new chair of',
      },
    ]);
    // Rated without any moment of the transcript behind it: no rating.
    expect(ratings[1]).toMatchObject({ competency: 'Leadership', rating: null, discussed: false });
    expect(ratings[1]?.evidence).toEqual([]);
    // Left out by the model.
    expect(ratings[2]).toEqual({
      competency: 'Sales',
      rating: null,
      discussed: false,
      notes: S.notDiscussed,
      evidence: [],
    });
  });

  it('answers every competency as not discussed when the answer is not JSON', () => {
    const { ratings } = ratingsFromAnswer(null, kit, material);
    expect(ratings.every((r) => !r.discussed && r.rating === null)).toBe(true);
  });
});
