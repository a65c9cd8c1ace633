// Diarization scored on the AMI meeting excerpts (fixtures/diarization/ami), shared by the
// diarization test and bench/diarization.bench.mjs.
import { decodeAll } from './decode.js';
import { diarizationErrorRate, singleVoiceOracle, type DerResult } from './der.js';
import { diarize, type DiarizedTurn, type DiarizeOptions } from './diarize/diarize.js';
import { blockFeatures } from './diarize/features.js';
import { fixture, readRttm } from './test-fixtures.js';
import { detectSpeech } from './vad.js';

/** The eight 30 s excerpts, 2 to 4 speakers each. */
export const AMI_EXCERPTS = [
  'dev00',
  'dev01',
  'trn01',
  'trn03',
  'trn05',
  'trn07',
  'trn08',
  'trn09',
] as const;

export interface ExcerptScore {
  name: string;
  trueCount: number;
  count: number;
  /** DER without a collar, and with NIST's 0.25 s. */
  strict: DerResult;
  collar: DerResult;
  /**
   * DER (no collar) of the best any single-voice labelling of the VAD's speech could do:
   * the reference's speaker at every instant of detected speech, one speaker at a time.
   * What is left is missed speech, false alarms and overlapped speech.
   */
  floor: number;
  overlapTurns: number;
  /** The turns, when asked for with keepTurns. */
  turns?: DiarizedTurn[];
}

/** Decodes, detects speech, diarizes and scores one excerpt of `dir` (under fixtures/). */
export async function scoreExcerpt(
  name: string,
  opts: { giveCount?: boolean; keepTurns?: boolean; dir?: string } & Omit<
    DiarizeOptions,
    'speakers'
  > = {},
): Promise<ExcerptScore> {
  const { giveCount, keepTurns, dir = 'diarization/ami', ...diarizeOpts } = opts;
  const pcm = await decodeAll(fixture(`${dir}/${name}.wav`));
  const speech = await detectSpeech(pcm);
  const reference = readRttm(`${dir}/${name}.rttm`);
  const trueCount = new Set(reference.map((r) => r.speaker)).size;
  const result = diarize(blockFeatures(pcm), speech, {
    ...diarizeOpts,
    ...(diarizeOpts.embedder ? { audio: pcm } : {}),
    ...(giveCount ? { speakers: trueCount } : {}),
  });
  return {
    name,
    trueCount,
    count: result.speakerCount,
    strict: diarizationErrorRate(reference, result.turns, 0),
    collar: diarizationErrorRate(reference, result.turns, 0.25),
    floor: diarizationErrorRate(reference, singleVoiceOracle(reference, speech), 0).der,
    overlapTurns: result.turns.filter((t) => t.overlap).length,
    ...(keepTurns ? { turns: result.turns } : {}),
  };
}
