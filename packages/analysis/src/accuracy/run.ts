// `npm run accuracy [-- --write] [-- --only speech,speakers,heart-rate,faces,emotions]`:
// every analysis on the fixtures, one table on stdout (progress on stderr). With --write the
// figures go to packages/contracts/src/accuracy-figures.json, which the server and web import
// through accuracy-figures.ts (checked against the AccuracyReport contract there).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureEmotions, emotionsSignal } from './emotions.js';
import {
  ageSignal,
  biasTable,
  faceDetectionSignal,
  fairfaceDataset,
  genderSignal,
  measureLabelledFaces,
  measureMultiFaces,
} from './faces.js';
import { heartRateSignal, measureHeartRate } from './heart-rate.js';
import { measureSpeakers, speakersSignal } from './speakers.js';
import { measureSpeech, speechEngines, speechSignal } from './speech.js';
import { formatReport } from './table.js';
import type { AccuracyReport, SignalAccuracy } from './types.js';
import { UNMEASURED_SIGNALS } from './unmeasured.js';

const PARTS = ['speech', 'speakers', 'faces', 'emotions', 'heart-rate'] as const;
type Part = (typeof PARTS)[number];

const FIGURES_FILE = fileURLToPath(
  new URL('../../../contracts/src/accuracy-figures.json', import.meta.url),
);

function progressFor(part: Part): (line: string) => void {
  const started = Date.now();
  return (line) =>
    process.stderr.write(`[${part} ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}\n`);
}

export async function measureAll(parts: readonly Part[]): Promise<AccuracyReport> {
  const signals: SignalAccuracy[] = [];
  let bias: AccuracyReport['bias'] = { dataset: fairfaceDataset([]), rows: [] };
  if (parts.includes('speech')) {
    const { engines, skipped } = speechEngines();
    for (const s of skipped) progressFor('speech')(s);
    signals.push(speechSignal(await measureSpeech(engines, progressFor('speech')), skipped));
  }
  if (parts.includes('speakers'))
    signals.push(speakersSignal(await measureSpeakers(progressFor('speakers'))));
  if (parts.includes('faces')) {
    const progress = progressFor('faces');
    const multi = await measureMultiFaces(progress);
    const labelled = await measureLabelledFaces(progress);
    signals.push(faceDetectionSignal(multi, labelled), genderSignal(labelled), ageSignal(labelled));
    bias = { dataset: fairfaceDataset(labelled), rows: biasTable(labelled) };
  }
  if (parts.includes('emotions'))
    signals.push(emotionsSignal(await measureEmotions(progressFor('emotions'))));
  if (parts.includes('heart-rate'))
    signals.push(heartRateSignal(await measureHeartRate(progressFor('heart-rate'))));
  signals.push(...UNMEASURED_SIGNALS);
  return { measuredAt: new Date().toISOString(), command: 'npm run accuracy', signals, bias };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { write: { type: 'boolean', default: false }, only: { type: 'string' } },
  });
  const parts = values.only ? (values.only.split(',') as Part[]) : [...PARTS];
  const unknown = parts.filter((p) => !PARTS.includes(p));
  if (unknown.length > 0)
    throw new Error(`unknown part ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  if (values.write && values.only) throw new Error('--write publishes every figure: drop --only');
  const started = Date.now();
  const report = await measureAll(parts);
  process.stdout.write(`${formatReport(report)}\n`);
  process.stderr.write(`accuracy: done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  if (values.write) {
    writeFileSync(FIGURES_FILE, `${JSON.stringify(report, null, 2)}\n`);
    // Formatted like the rest of the code, so lint and review see a normal file.
    spawnSync('npx', ['prettier', '--write', FIGURES_FILE], { stdio: 'ignore' });
    process.stderr.write(`accuracy: wrote ${FIGURES_FILE}\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  main().catch((e: unknown) => {
    process.stderr.write(`accuracy: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
