import { describe, expect, it } from 'vitest';
import { decodeAll, decodePcm } from './decode.js';
import { fixture, readRttm } from './test-fixtures.js';
import { coveredSeconds, detectSpeech, mergeSegments, overlapSeconds } from './vad.js';

describe('Silero VAD', () => {
  it('finds speech over most of jfk.wav', async () => {
    const speech = await detectSpeech(await decodeAll(fixture('speech/jfk.wav')));
    expect(speech.length).toBeGreaterThan(0);
    // JFK speaks for about 9.5 s of 11 s with pauses between phrases.
    expect(coveredSeconds(speech)).toBeGreaterThan(7);
  });

  it('matches the speech regions of two-speakers.wav from its RTTM (streamed input)', async () => {
    const speech = await detectSpeech(
      decodePcm(fixture('diarization/two-speakers.wav'), { frameSamples: 1000 }),
    );
    const reference = mergeSegments(readRttm('diarization/two-speakers.rttm'), 0);
    const both = overlapSeconds(speech, reference);
    const recall = both / coveredSeconds(reference);
    const precision = both / coveredSeconds(speech);
    console.log(
      `VAD vs RTTM on two-speakers.wav: recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.8);
    expect(precision).toBeGreaterThanOrEqual(0.8);
  });

  it('merges segments across short gaps', () => {
    expect(
      mergeSegments(
        [
          { start: 2.5, end: 3 },
          { start: 0, end: 1 },
          { start: 1.5, end: 1.8 },
        ],
        0.6,
      ),
    ).toEqual([
      { start: 0, end: 1.8 },
      { start: 2.5, end: 3 },
    ]);
  });
});
