import { describe, expect, it } from 'vitest';
import { decodeAll } from '../decode.js';
import { diarizationErrorRate } from '../der.js';
import { fixture, readRttm } from '../test-fixtures.js';
import { joinClips, type Piece } from '../test-joined.js';
import { detectSpeech } from '../vad.js';
import { diarize } from './diarize.js';
import { blockFeatures, VoiceFeatures } from './features.js';

// Measured when this test was written, VAD segments from Silero, no speaker count given:
//   two-speakers.wav: 2 speakers, DER 0.233 with a 0.25 s collar (0.348 without),
//   talk time of the two speakers 17 % and 29 % off the RTTM's after mapping.
// The limits allow a small margin over those figures; a worse result is a regression.
// Why the talk time is that far off (Diane's 18-21.5 s stretch goes to Sheila): it is the
// models' objective, not the search. Started from the RTTM's labels, resegmentation with
// the same Gaussian models settles on a labelling within ~10 % of the RTTM's talk times,
// but that labelling scores ~500 nats worse (blocks' log-likelihood − change costs) than
// the one found from k-means; more starts, a tied covariance, pitch weights, delta terms
// or jackknifed models did not change that. Better speaker features are the way forward.
const DER_LIMIT = 0.26;
const TALK_TIME_LIMIT = 0.35;

const talkTime = (turns: readonly { speaker: string; start: number; end: number }[]) => {
  const out: Record<string, number> = {};
  for (const t of turns) out[t.speaker] = (out[t.speaker] ?? 0) + (t.end - t.start);
  return out;
};

describe('speaker diarization', () => {
  it('finds the two speakers of two-speakers.wav and their turns', async () => {
    const pcm = await decodeAll(fixture('diarization/two-speakers.wav'));
    const speech = await detectSpeech(pcm);
    const { turns, speakerCount } = diarize(blockFeatures(pcm), speech);
    const reference = readRttm('diarization/two-speakers.rttm');
    const scored = diarizationErrorRate(reference, turns, 0.25);
    const strict = diarizationErrorRate(reference, turns, 0);
    const refTalk = talkTime(reference);
    const hypTalk = talkTime(turns);
    const errors = Object.entries(scored.mapping).map(
      ([hyp, ref]) => Math.abs(hypTalk[hyp]! - refTalk[ref]!) / refTalk[ref]!,
    );
    console.log(
      `diarization of two-speakers.wav: ${speakerCount} speakers, DER ${scored.der.toFixed(3)} ` +
        `(collar 0.25 s; missed ${scored.missed.toFixed(2)} s, false alarm ${scored.falseAlarm.toFixed(2)} s, ` +
        `confusion ${scored.confusion.toFixed(2)} s of ${scored.reference.toFixed(2)} s), ` +
        `DER ${strict.der.toFixed(3)} without collar, talk-time errors ${errors.map((e) => `${(100 * e).toFixed(0)} %`).join(', ')}`,
    );
    expect(speakerCount).toBe(2);
    expect(new Set(turns.map((t) => t.speaker))).toEqual(new Set(['speaker_00', 'speaker_01']));
    expect(turns[0]!.speaker).toBe('speaker_00');
    expect(scored.der).toBeLessThanOrEqual(DER_LIMIT);
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toBeLessThanOrEqual(TALK_TIME_LIMIT);
    // Turns come in order of start; one speaker's turns never overlap each other.
    for (let i = 1; i < turns.length; i++)
      expect(turns[i]!.start).toBeGreaterThanOrEqual(turns[i - 1]!.start);
    for (const a of turns)
      for (const b of turns)
        if (a !== b && a.speaker === b.speaker)
          expect(a.end <= b.start || b.end <= a.start).toBe(true);
  });

  it('keeps a single voice as one speaker (jfk.wav, a FLEURS clip)', async () => {
    for (const rel of ['speech/jfk.wav', 'speech/fleurs-en-000.ogg']) {
      const pcm = await decodeAll(fixture(rel));
      const { speakerCount, turns } = diarize(blockFeatures(pcm), await detectSpeech(pcm));
      expect(speakerCount, rel).toBe(1);
      expect(turns.every((t) => t.speaker === 'speaker_00')).toBe(true);
    }
  });

  // An independent check on real voices: recordings joined from the single-speaker clips
  // (see test-joined.ts), each clip cut at a pause and the halves alternated, so a speaker
  // returns after another. Figures measured when this test was written (no count given):
  //   001 / 003 alternating:  1 speaker of 2, DER 0.352 (the two voices are not separated)
  //   jfk / 000 / 002:        2 speakers of 3, DER 0.458
  //   jfk / 004 / jfk:        2 speakers, DER 0.240
  //   000 / 002 alternating:  2 speakers, DER 0.000
  // The limits are those figures with a small margin; the counts that are wrong today are
  // printed, not asserted, so the test records the method's limits without pretending.
  const clip = (name: string, part: Piece['part'], speaker: string): Piece => ({
    clip: `speech/${name}`,
    part,
    speaker,
  });
  /** Each speaker's clip cut in two: every first half in turn, then every second half. */
  const halves = (...speakers: [name: string, speaker: string][]): Piece[] =>
    (['first', 'second'] as const).flatMap((part) =>
      speakers.map(([name, speaker]) => clip(name, part, speaker)),
    );
  const joined: { name: string; pieces: Piece[]; derLimit: number; countRight: boolean }[] = [
    {
      name: '001 / 003 alternating',
      pieces: halves(['fleurs-en-001.ogg', 'a'], ['fleurs-en-003.ogg', 'b']),
      derLimit: 0.37,
      countRight: false,
    },
    {
      name: 'jfk / 000 / 002',
      pieces: halves(['jfk.wav', 'jfk'], ['fleurs-en-000.ogg', 'a'], ['fleurs-en-002.ogg', 'b']),
      derLimit: 0.48,
      countRight: false,
    },
    {
      name: 'jfk / 004 / jfk',
      pieces: [
        clip('jfk.wav', 'first', 'jfk'),
        clip('fleurs-en-004.ogg', 'whole', 'd'),
        clip('jfk.wav', 'second', 'jfk'),
      ],
      derLimit: 0.26,
      countRight: true,
    },
    {
      name: '000 / 002 alternating',
      pieces: halves(['fleurs-en-000.ogg', 'a'], ['fleurs-en-002.ogg', 'b']),
      derLimit: 0.05,
      countRight: true,
    },
  ];
  for (const j of joined)
    it(`diarizes clips of known speakers joined together (${j.name})`, async () => {
      const { pcm, reference, speakers } = await joinClips(j.pieces);
      const { turns, speakerCount } = diarize(blockFeatures(pcm), await detectSpeech(pcm));
      const scored = diarizationErrorRate(reference, turns, 0.25);
      const refTalk = talkTime(reference);
      const hypTalk = talkTime(turns);
      const errors = Object.entries(scored.mapping).map(
        ([hyp, ref]) =>
          `${ref} ${((100 * Math.abs(hypTalk[hyp]! - refTalk[ref]!)) / refTalk[ref]!).toFixed(0)} %`,
      );
      console.log(
        `diarization of joined ${j.name}: ${speakerCount} speakers of ${speakers}, ` +
          `DER ${scored.der.toFixed(3)} (collar 0.25 s; missed ${scored.missed.toFixed(2)} s, ` +
          `false alarm ${scored.falseAlarm.toFixed(2)} s, confusion ${scored.confusion.toFixed(2)} s ` +
          `of ${scored.reference.toFixed(2)} s), talk-time errors ${errors.join(', ')}`,
      );
      if (j.countRight) expect(speakerCount).toBe(speakers);
      expect(scored.der).toBeLessThanOrEqual(j.derLimit);
    });

  it('takes the number of participants as a bound, never splitting one voice to reach it', async () => {
    const pcm = await decodeAll(fixture('speech/jfk.wav'));
    const speech = await detectSpeech(pcm);
    const blocks = blockFeatures(pcm);
    for (const speakers of [1, 2, 4]) {
      const { speakerCount, turns } = diarize(blocks, speech, { speakers });
      expect(speakerCount, `${speakers} participants`).toBe(1);
      expect(turns.every((t) => t.speaker === 'speaker_00')).toBe(true);
    }
    expect(diarize(blocks, [], {}).turns).toEqual([]);
  });

  it('merges two voices when the bound is below what it hears (two-speakers.wav told 1)', async () => {
    const pcm = await decodeAll(fixture('diarization/two-speakers.wav'));
    const { speakerCount } = diarize(blockFeatures(pcm), await detectSpeech(pcm), { speakers: 1 });
    expect(speakerCount).toBe(1);
  });

  it('decides who speaks with a learned embedder when one is given', async () => {
    // Two clips of different people joined; the embedder stands in for a speaker model by
    // knowing the truth: it answers the direction of the voice heard in most of its window.
    const { pcm, reference } = await joinClips([
      clip('fleurs-en-001.ogg', 'whole', 'a'),
      clip('fleurs-en-003.ogg', 'whole', 'b'),
    ]);
    const speech = await detectSpeech(pcm);
    const lengths: number[] = [];
    let cursor = 0;
    const audio = (startSec: number, endSec: number) => {
      cursor = (startSec + endSec) / 2;
      return pcm.subarray(Math.floor(startSec * 16000), Math.ceil(endSec * 16000));
    };
    const embedder = (samples: Float32Array, sampleRate: number) => {
      expect(sampleRate).toBe(16000);
      lengths.push(samples.length / sampleRate);
      const who = reference.find((r) => r.start <= cursor && cursor < r.end)?.speaker;
      return Float32Array.from(who === 'b' ? [0.1, 1, 0.05] : [1, 0.1, 0.05]);
    };
    const { speakerCount, turns } = diarize(blockFeatures(pcm), speech, { embedder, audio });
    expect(speakerCount).toBe(2);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(1.5 + 1e-6);
    // What is left of the DER is the VAD's misses; who speaks is right to a window or so.
    const scored = diarizationErrorRate(reference, turns, 0.25);
    console.log(
      `embedder path: confusion ${scored.confusion.toFixed(2)} s, DER ${scored.der.toFixed(3)}`,
    );
    expect(scored.confusion).toBeLessThanOrEqual(0.25); // measured 0.00 s
    // The bound still holds: told one participant, the embedder's two voices become one.
    expect(diarize(blockFeatures(pcm), speech, { embedder, audio, speakers: 1 }).speakerCount).toBe(
      1,
    );
    expect(() => diarize(blockFeatures(pcm), speech, { embedder })).toThrow(/audio/);
  });

  it('gives the same statistics streamed in odd-sized chunks as in one piece', async () => {
    const pcm = await decodeAll(fixture('speech/jfk.wav'));
    const whole = blockFeatures(pcm);
    const streamed = new VoiceFeatures();
    for (let i = 0; i < pcm.length; i += 777) streamed.push(pcm.subarray(i, i + 777));
    const parts = streamed.finish();
    expect(parts.map((b) => [b.index, b.n, b.voiced])).toEqual(
      whole.map((b) => [b.index, b.n, b.voiced]),
    );
    expect(parts[5]!.sum[0]).toBeCloseTo(whole[5]!.sum[0]!, 6);
  });
});
