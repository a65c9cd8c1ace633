// Lip sync: does a person's mouth move with the voice on the sound track? Mouth opening (from
// the mesh) against voice energy (RMS of the 16 kHz sound, in dB) over the same short windows.
// Loudness in dB rather than raw RMS: a few loud syllables otherwise dominate the correlation
// (on talking-face.mp4 at 2 fps raw RMS gave -0.06 to 0.2 depending on the frame phase, dB 0.11-0.30).
import { pearson, type VoiceEnergy } from './measures.js';

/** Seconds of sound around each frame: a syllable, so the energy matches what the lips show. */
export const LIP_SYNC_WINDOW_SEC = 0.2;
/** Agreement at or above which a speaker's lips are taken to follow the voice. */
export const LIP_SYNC_AGREEMENT_THRESHOLD = 0.2;
/** Fewer frames than this give no verdict. */
export const LIP_SYNC_MIN_FRAMES = 10;

/** Added to the RMS before the logarithm: -80 dB, quieter than any microphone's noise floor. */
const SILENCE_RMS = 1e-4;

export interface MouthSample {
  t: number;
  opening: number;
}

export interface LipSyncResult {
  personId: string;
  /** Pearson correlation of mouth opening and voice level (dB), -1..1; null when it cannot be computed. */
  agreement: number | null;
  frames: number;
  status: 'in_sync' | 'out_of_sync' | 'insufficient_data';
  /** Per frame, for charts: seconds, mouth opening (face heights), voice level (dB full scale). */
  samples: { t: number; mouthOpening: number; voiceDb: number }[];
}

/** The voice's loudness around `t`, the way every lip-sync figure reads it. */
export type VoiceLevel = Pick<VoiceEnergy, 'rms'>;

export function lipSample(m: MouthSample, energy: VoiceLevel): LipSyncResult['samples'][number] {
  const half = LIP_SYNC_WINDOW_SEC / 2;
  return {
    t: m.t,
    mouthOpening: Math.round(m.opening * 10_000) / 10_000,
    voiceDb:
      Math.round(20 * Math.log10(energy.rms(m.t - half, m.t + half) + SILENCE_RMS) * 10) / 10,
  };
}

/** Agreement (rounded Pearson r) and its verdict, given at least `minFrames` samples. */
export function agreementOf(
  samples: LipSyncResult['samples'],
  minFrames = LIP_SYNC_MIN_FRAMES,
): Pick<LipSyncResult, 'agreement' | 'status'> {
  const r =
    samples.length >= minFrames
      ? pearson(
          samples.map((s) => s.mouthOpening),
          samples.map((s) => s.voiceDb),
        )
      : undefined;
  const agreement = r === undefined ? null : Math.round(r * 1000) / 1000;
  const status =
    agreement === null
      ? 'insufficient_data'
      : agreement >= LIP_SYNC_AGREEMENT_THRESHOLD
        ? 'in_sync'
        : 'out_of_sync';
  return { agreement, status };
}

export function lipSync(personId: string, mouth: MouthSample[], energy: VoiceLevel): LipSyncResult {
  const samples = mouth.map((m) => lipSample(m, energy));
  return { personId, ...agreementOf(samples), frames: samples.length, samples };
}
