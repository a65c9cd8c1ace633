// Heart rate from skin colour (rPPG) on skin patches of people with a contact-sensor reference:
// the mean absolute error where a rate is given, and the share of patches given one (the
// analysis answers no number when the signal cannot be trusted).
import { analyzePhysiologyFile } from '../physiology/file.js';
import { dataset, fixturePath, readCsv, SOURCES } from './fixtures.js';
import { mean, round, shareMetric, valueMetric } from './stats.js';
import type { SignalAccuracy } from './types.js';

export interface HeartRateRow {
  patch: string;
  subject: string;
  region: string;
  referenceBpm: number;
  /** null when the analysis gave no heart rate. */
  measuredBpm: number | null;
}

interface Patch {
  rel: string;
  subject: string;
  region: string;
  referenceBpm: number;
}

/** Every patch with its reference: rppg-set/truth.csv and the older rppg/heart-rate.csv. */
export function heartRatePatches(): Patch[] {
  const set = readCsv('rppg-set/truth.csv').map((r) => ({
    rel: `rppg-set/${r.file}`,
    subject: `${r.country} ${r.subject}`.replace('_', ' '),
    region: r.region!,
    referenceBpm: Number(r.heart_rate_bpm),
  }));
  const older = readCsv('rppg/heart-rate.csv').map((r) => ({
    rel: `rppg/${r.video}`,
    subject: 'India video1',
    region: /_(\w+)\.avi$/.exec(r.video!)?.[1] ?? '',
    referenceBpm: Number(r.mean_heart_rate_bpm),
  }));
  return [...older, ...set];
}

export async function measureHeartRate(progress: (line: string) => void): Promise<HeartRateRow[]> {
  const rows: HeartRateRow[] = [];
  for (const p of heartRatePatches()) {
    const result = await analyzePhysiologyFile(fixturePath(p.rel), { skinPatch: true });
    const measuredBpm = result.heartRate.bpm === null ? null : round(result.heartRate.bpm, 1);
    rows.push({
      patch: p.rel.replace(/^.*\//, ''),
      subject: p.subject,
      region: p.region,
      referenceBpm: p.referenceBpm,
      measuredBpm,
    });
    progress(`${p.rel}: ${measuredBpm ?? 'no answer'} bpm (reference ${p.referenceBpm})`);
  }
  return rows;
}

export function heartRateSignal(rows: readonly HeartRateRow[]): SignalAccuracy {
  const answered = rows.filter((r) => r.measuredBpm !== null);
  const errors = answered.map((r) => Math.abs(r.measuredBpm! - r.referenceBpm));
  const groupMean = mean(rows.map((r) => r.referenceBpm)) ?? 0;
  const subjects = new Set(rows.map((r) => r.subject)).size;
  return {
    key: 'heart-rate',
    name: 'Heart rate',
    estimate: true,
    method:
      'The pulse is read from tiny color changes of the skin in video (remote ' +
      'photoplethysmography); not a medical measurement.',
    metrics: [
      valueMetric(
        'hr-mae',
        'Mean absolute error',
        mean(errors),
        'bpm',
        'lower',
        `over the ${answered.length} patches given a heart rate`,
      ),
      shareMetric('hr-answered', 'Patches given a heart rate', answered.length, rows.length),
      shareMetric(
        'hr-within-5',
        'Within 5 bpm of the reference',
        errors.filter((e) => e <= 5).length,
        rows.length,
        'of all patches; no answer counts as a miss',
      ),
      valueMetric(
        'hr-mae-baseline',
        'Baseline: always the group mean',
        mean(rows.map((r) => Math.abs(r.referenceBpm - groupMean))),
        'bpm',
        'lower',
        `error of answering ${round(groupMean, 1)} bpm for every patch; the analysis must beat it`,
      ),
    ],
    data: [dataset(SOURCES.rppgSet, rows.length)],
    breakdown: [
      {
        title: `Per skin patch (${subjects} people)`,
        columns: [
          { key: 'subject', name: 'Person', unit: 'text' },
          { key: 'region', name: 'Region', unit: 'text' },
          { key: 'reference', name: 'Reference', unit: 'bpm' },
          { key: 'measured', name: 'Measured', unit: 'bpm' },
        ],
        rows: rows.map((r) => ({
          label: r.patch,
          cells: [r.subject, r.region, r.referenceBpm, r.measuredBpm],
        })),
      },
    ],
    notes: [
      'Still skin patches of seated people in daylight, 15 fps; a moving face in a video ' +
        'call is harder. The reference is the mean of a contact sensor over the recording.',
    ],
  };
}
