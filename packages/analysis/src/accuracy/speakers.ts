// Speakers: diarization error rate (with and without the NIST 0.25 s collar) and how often the
// number of speakers is right, through the product's speech step on recordings with reference
// turns. The count is estimated as for a meeting without known participants; a second pass
// gives the true count, as when the participants or the calendar invite are known.
import type { AsrEngine } from '../asr/types.js';
import { diarizationErrorRate } from '../der.js';
import { runSpeechStep } from '../pipeline.js';
import { dataset, fixturePath, readRttm, SOURCES } from './fixtures.js';
import { mean, round, shareMetric, valueMetric } from './stats.js';
import type { SignalAccuracy } from './types.js';

export const DIARIZATION_RECORDINGS = [
  'two-speakers',
  ...['dev00', 'dev01', 'trn01', 'trn03', 'trn05', 'trn07', 'trn08', 'trn09'].map(
    (n) => `ami/${n}`,
  ),
] as const;

/** NIST md-eval's no-score zone around each reference boundary, seconds. */
export const DER_COLLAR_SEC = 0.25;

export interface SpeakersRow {
  recording: string;
  speakers: number;
  /** Speakers found when the count is not given. */
  estimatedCount: number;
  der: number;
  derCollar: number;
  /** DER (no collar) when the true count is given. */
  derCountGiven: number;
}

/**
 * Diarization does not use the words, so the speech step runs with an engine that transcribes
 * nothing: the decode, voice activity and speaker steps are the product's own, without the
 * minutes speech-to-text would add to every recording.
 */
const NO_TRANSCRIPT: AsrEngine = {
  name: 'none',
  model: 'none',
  quality: 'speaker turns only',
  transcribe: () => Promise.resolve({ words: [] }),
};

export async function measureSpeakers(progress: (line: string) => void): Promise<SpeakersRow[]> {
  const rows: SpeakersRow[] = [];
  for (const recording of DIARIZATION_RECORDINGS) {
    const reference = readRttm(`diarization/${recording}.rttm`);
    const speakers = new Set(reference.map((t) => t.speaker)).size;
    const file = fixturePath(`diarization/${recording}.wav`);
    const estimated = await runSpeechStep(file, { engine: NO_TRANSCRIPT });
    const given = await runSpeechStep(file, { engine: NO_TRANSCRIPT, speakers });
    const row: SpeakersRow = {
      recording,
      speakers,
      estimatedCount: estimated.speakerCount.value,
      der: round(diarizationErrorRate(reference, estimated.turns, 0).der),
      derCollar: round(diarizationErrorRate(reference, estimated.turns, DER_COLLAR_SEC).der),
      derCountGiven: round(diarizationErrorRate(reference, given.turns, 0).der),
    };
    rows.push(row);
    progress(
      `${recording}: ${row.estimatedCount} of ${speakers} speakers, DER ${row.der} ` +
        `(collar ${row.derCollar}), count given ${row.derCountGiven}`,
    );
  }
  return rows;
}

export function speakersSignal(rows: readonly SpeakersRow[]): SignalAccuracy {
  const n = rows.length;
  const countRight = rows.filter((r) => r.estimatedCount === r.speakers).length;
  const ami = rows.filter((r) => r.recording.startsWith('ami/')).length;
  const over = `mean over ${n} recordings`;
  return {
    key: 'speakers',
    name: 'Speakers (who spoke when)',
    estimate: false,
    method:
      'Speech is cut into turns and each turn given to a speaker; the diarization error rate is ' +
      'the share of speech time missed, falsely detected or given to the wrong person.',
    metrics: [
      valueMetric(
        'der',
        'Diarization error rate',
        mean(rows.map((r) => r.der)),
        'share',
        'lower',
        over,
      ),
      valueMetric(
        'der-collar',
        `Diarization error rate, ${DER_COLLAR_SEC} s collar`,
        mean(rows.map((r) => r.derCollar)),
        'share',
        'lower',
        `${over}; ${DER_COLLAR_SEC} s around each reference boundary not scored (NIST)`,
      ),
      shareMetric('speaker-count', 'Speaker count right', countRight, n, 'count not given'),
      valueMetric(
        'der-count-given',
        'Diarization error rate, count given',
        mean(rows.map((r) => r.derCountGiven)),
        'share',
        'lower',
        `${over}; number of speakers known from the participants`,
      ),
    ],
    data: [dataset(SOURCES.ami, ami), dataset(SOURCES.pyannoteSample, n - ami)],
    breakdown: [
      {
        title: 'Per recording',
        columns: [
          { key: 'speakers', name: 'Speakers', unit: 'count' },
          { key: 'found', name: 'Found', unit: 'count' },
          { key: 'der', name: 'DER', unit: 'share' },
          { key: 'der-collar', name: 'DER (collar)', unit: 'share' },
          { key: 'der-count-given', name: 'DER (count given)', unit: 'share' },
        ],
        rows: rows.map((r) => ({
          label: r.recording,
          cells: [r.speakers, r.estimatedCount, r.der, r.derCollar, r.derCountGiven],
        })),
      },
    ],
    notes: ['Overlapping speech is scored for every speaker who talks, as in NIST md-eval.'],
  };
}
