// Speech-to-text: word error rate per engine on read speech with exact references, through the
// product's own speech step (decode, VAD, pieces, engine) so the figure is what users get.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { PocketsphinxEngine } from '../asr/pocketsphinx.js';
import type { AsrEngine } from '../asr/types.js';
import { WhisperEngine } from '../asr/whisper.js';
import { runSpeechStep } from '../pipeline.js';
import { normalizeWords, wordErrorRate } from '../wer.js';
import { dataset, fixturePath, readFixture, SOURCES } from './fixtures.js';
import { round, valueMetric } from './stats.js';
import type { SignalAccuracy } from './types.js';

export const SPEECH_CLIPS = [
  'jfk.wav',
  'fleurs-en-000.ogg',
  'fleurs-en-001.ogg',
  'fleurs-en-002.ogg',
  'fleurs-en-003.ogg',
  'fleurs-en-004.ogg',
] as const;

export interface SpeechRow {
  engine: string;
  model: string;
  clip: string;
  referenceWords: number;
  /** Substitutions + deletions + insertions. */
  errors: number;
  wer: number;
}

/**
 * The smallest real whisper.cpp model (tiny, 5-bit quantised) is ~31 MB; anything much smaller
 * is a placeholder like fixtures/models/for-tests-ggml-tiny.en.bin (untrained weights, 0.6 MB),
 * whose transcripts are nonsense and would publish a meaningless error rate.
 */
const MIN_REAL_WHISPER_BYTES = 20 * 1024 * 1024;

export interface EngineChoice {
  engines: AsrEngine[];
  /** Engines looked at and not measured, with the reason. */
  skipped: string[];
}

/**
 * Pocketsphinx always (it ships with the app); whisper.cpp for every real ggml model in
 * DATA_DIR/models (where `npm run models -- pull` puts them) or named by WHISPER_MODEL.
 */
export function speechEngines(env: Record<string, string | undefined> = process.env): EngineChoice {
  // Named as configured (./data by default), not as an absolute path: the note is published.
  const shownDir = `${env.DATA_DIR ?? './data'}/models`;
  const dir = resolve(env.DATA_DIR ?? './data', 'models');
  const candidates = new Set<string>();
  if (env.WHISPER_MODEL) candidates.add(resolve(env.WHISPER_MODEL));
  if (existsSync(dir))
    for (const f of readdirSync(dir))
      if (/^ggml-.*\.bin$|for-tests.*\.bin$/.test(f)) candidates.add(join(dir, f));
  const engines: AsrEngine[] = [new PocketsphinxEngine()];
  const skipped: string[] = [];
  for (const file of [...candidates].sort()) {
    if (!existsSync(file)) skipped.push(`whisper ${basename(file)}: file not found`);
    else if (basename(file).startsWith('for-tests') || statSync(file).size < MIN_REAL_WHISPER_BYTES)
      skipped.push(`whisper ${basename(file)}: placeholder weights (a test model), not measured`);
    else engines.push(new WhisperEngine(file));
  }
  if (engines.length === 1)
    skipped.push(
      `whisper: no real model in ${shownDir} (\`npm run models -- pull NAME\` downloads one), not measured`,
    );
  return { engines, skipped };
}

export async function measureSpeech(
  engines: readonly AsrEngine[],
  progress: (line: string) => void,
): Promise<SpeechRow[]> {
  const rows: SpeechRow[] = [];
  for (const engine of engines)
    for (const clip of SPEECH_CLIPS) {
      const reference = readFixture(`speech/${clip.replace(/\.\w+$/, '.txt')}`);
      const { words } = await runSpeechStep(fixturePath(`speech/${clip}`), { engine });
      const hypothesis = words.map((w) => w.word).join(' ');
      const referenceWords = normalizeWords(reference).length;
      const wer = wordErrorRate(reference, hypothesis);
      rows.push({
        engine: engine.name,
        model: engine.model,
        clip,
        referenceWords,
        errors: Math.round(wer * referenceWords),
        wer: round(wer),
      });
      progress(`${engine.name} ${clip}: WER ${wer.toFixed(3)}`);
    }
  return rows;
}

/** Errors over all reference words of an engine (long clips weigh more, as in speech research). */
export function pooledWer(rows: readonly SpeechRow[]): number | null {
  const words = rows.reduce((s, r) => s + r.referenceWords, 0);
  return words > 0 ? rows.reduce((s, r) => s + r.errors, 0) / words : null;
}

/** pocketsphinx is one model; whisper.cpp is named with its model file. */
const engineLabel = (e: { engine: string; model: string }): string =>
  e.engine === 'pocketsphinx' ? e.engine : `${e.engine} ${e.model}`;

export function speechSignal(
  rows: readonly SpeechRow[],
  skipped: readonly string[],
): SignalAccuracy {
  const engines = [...new Set(rows.map((r) => `${r.engine}\u0000${r.model}`))].map((k) => {
    const [engine, model] = k.split('\u0000') as [string, string];
    return { engine, model, rows: rows.filter((r) => r.engine === engine && r.model === model) };
  });
  const words = engines[0]?.rows.reduce((s, r) => s + r.referenceWords, 0) ?? 0;
  return {
    key: 'speech-to-text',
    name: 'Speech-to-text',
    estimate: false,
    method:
      'Each engine transcribes the clip through the same speech step as an uploaded meeting; ' +
      'the word error rate counts substituted, missing and extra words against an exact reference.',
    metrics: engines.map((e, i) =>
      valueMetric(
        i === 0 ? `wer-${e.engine}` : `wer-${e.engine}-${e.model}`,
        `Word error rate, ${engineLabel(e)}`,
        pooledWer(e.rows),
        'share',
        'lower',
        `${e.model}; errors over ${words} reference words of ${e.rows.length} clips`,
      ),
    ),
    data: [dataset(SOURCES.jfk, 1), dataset(SOURCES.fleurs, SPEECH_CLIPS.length - 1)],
    breakdown: [
      {
        title: 'Word error rate per clip',
        columns: [
          { key: 'words', name: 'Reference words', unit: 'count' },
          ...engines.map((e) => ({
            key: `${e.engine}:${e.model}`,
            name: engineLabel(e),
            unit: 'share' as const,
          })),
        ],
        rows: SPEECH_CLIPS.map((clip) => ({
          label: clip,
          cells: [
            engines[0]?.rows.find((r) => r.clip === clip)?.referenceWords ?? null,
            ...engines.map((e) => e.rows.find((r) => r.clip === clip)?.wer ?? null),
          ],
        })),
      },
    ],
    notes: [
      'Read speech recorded close to the microphone; meetings with distant microphones, ' +
        'overlapping talk and accents read worse.',
      ...skipped,
    ],
  };
}
