// Heart-rate accuracy of the physiology (rPPG) estimator on every skin patch with a contact
// reference: fixtures/rppg-set (5 people, forehead and both cheeks, truth.csv) and the two
// older fixtures/rppg patches (heart-rate.csv). Prints per subject and region the reference,
// the answer (or "no answer: reason"), the error and the quality index, then the totals: mean
// absolute error on the answered patches, the answered share, and the error the constant
// "mean of all references" would have on the same patches. The last column is a check of the
// data rather than of the estimator: the pulse SNR (de Haan & Jeanne) at the *reference* rate,
// best of POS, CHROM and GREEN, beside what white noise scores in the same bands; a patch whose
// reference rate stands no higher than noise holds no pulse any method could find.
// Needs `npm run build`. Prints figures; asserts nothing.
import { readFileSync } from 'node:fs';
import {
  analyzePhysiologyFile,
  PULSE_BAND,
  pulseSignal,
  pulseSnrDb,
  skinPatchTrace,
  welch,
} from '../packages/analysis/dist/index.js';
import { fixture } from './recording.mjs';

/** Every patch with its reference: { file, subject, region, bpm }. */
export function referencePatches() {
  const rows = (text) =>
    text
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
  const set = rows(readFileSync(fixture('rppg-set/truth.csv'), 'utf8')).map(
    ([file, country, subject, region, bpm]) => ({
      file: `rppg-set/${file}`,
      subject: `${country} ${subject}`,
      region,
      bpm: Number(bpm),
    }),
  );
  const old = rows(readFileSync(fixture('rppg/heart-rate.csv'), 'utf8')).map(([file, bpm]) => ({
    file: `rppg/${file}`,
    subject: 'India video1',
    region: file.replace(/^.*_|\.avi$/g, ''),
    bpm: Number(bpm),
  }));
  return [...set, ...old].sort((a, b) => a.subject.localeCompare(b.subject));
}

/** Best SNR at the reference rate over the three methods, from the patch's own colour trace. */
async function snrAtReference(file, bpm) {
  const trace = await skinPatchTrace(file);
  const { fps, samples } = trace;
  let best = -Infinity;
  for (const method of ['pos', 'chrom', 'green']) {
    const x = pulseSignal(samples, fps, method);
    const s = welch(x, fps, Math.round(fps * 10), Math.round(fps * 2));
    best = Math.max(best, pulseSnrDb(s, bpm / 60, PULSE_BAND.lowHz, PULSE_BAND.highHz));
  }
  return best;
}
/** What a flat (white-noise) spectrum scores: the ±0.1 Hz bands over the rest of the band. */
const noiseSnrDb = (bpm) => {
  const width = PULSE_BAND.highHz - PULSE_BAND.lowHz;
  const inBand = (bpm * 2) / 60 <= PULSE_BAND.highHz ? 0.4 : 0.2;
  return 10 * Math.log10(inBand / (width - inBand));
};

const patches = referencePatches();
const meanReference = patches.reduce((s, p) => s + p.bpm, 0) / patches.length;
const results = [];
console.log(
  `${'subject'.padEnd(22)}${'region'.padEnd(12)}${'reference'.padStart(10)}  ${'answer'.padEnd(8)}` +
    `${'error'.padStart(7)}  ${'quality'.padStart(7)}  method  ${'SNR@ref/noise dB'.padEnd(17)}note`,
);
for (const p of patches) {
  const started = performance.now();
  const hr = (await analyzePhysiologyFile(fixture(p.file), { skinPatch: true })).heartRate;
  const error = hr.bpm === null ? null : Math.abs(hr.bpm - p.bpm);
  const atReference = await snrAtReference(fixture(p.file), p.bpm);
  results.push({ ...p, answer: hr.bpm, error, atReference, noise: noiseSnrDb(p.bpm) });
  console.log(
    `${p.subject.padEnd(22)}${p.region.padEnd(12)}${p.bpm.toFixed(1).padStart(10)}  ` +
      `${(hr.bpm === null ? '—' : hr.bpm.toFixed(1)).padEnd(8)}` +
      `${(error === null ? '' : error.toFixed(1)).padStart(7)}  ` +
      `${hr.qualityIndex.toFixed(2).padStart(7)}  ${hr.method.padEnd(6)}  ` +
      `${`${atReference.toFixed(1)} / ${noiseSnrDb(p.bpm).toFixed(1)}`.padEnd(17)}` +
      `${hr.bpm === null ? `no answer: ${hr.reason}` : `${hr.quality}, SNR ${hr.snrDb} dB`}` +
      ` (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}
const answered = results.filter((r) => r.error !== null);
const mae = (xs) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);
const bpm = (v) => (Number.isNaN(v) ? 'n/a (no patch answered)' : `${v.toFixed(1)} bpm`);
console.log('');
console.log(`patches: ${results.length}, mean reference ${meanReference.toFixed(1)} bpm`);
console.log(
  `answered: ${answered.length} of ${results.length} (${((100 * answered.length) / results.length).toFixed(0)} %)`,
);
console.log(`MAE on answered patches: ${bpm(mae(answered.map((r) => r.error)))}`);
console.log(
  `baseline MAE of the constant ${meanReference.toFixed(1)} bpm on the same patches: ` +
    `${bpm(mae(answered.map((r) => Math.abs(r.bpm - meanReference))))} ` +
    `(on all patches ${mae(results.map((r) => Math.abs(r.bpm - meanReference))).toFixed(1)} bpm)`,
);
console.log(
  `within 5 bpm: ${answered.filter((r) => r.error <= 5).length} of ${answered.length} answered`,
);
console.log(
  `reference rate above the noise level (SNR@ref > noise + 3 dB): ` +
    `${results.filter((r) => r.atReference > r.noise + 3).length} of ${results.length} patches`,
);
