import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_RATE } from '../decode.js';
import { mapLimit, prepareAudio } from '../pieces.js';
import { encodeWav, peakNormalize } from '../wav.js';
import type { AsrEngine, TranscribeOptions, Transcript, Word } from './types.js';

const BINARY = process.env.POCKETSPHINX_PATH ?? 'pocketsphinx_continuous';

/** A line of `-time yes` output: `word start end confidence`. */
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** Sentence marks, silence and noise fillers: `<s>`, `</s>`, `<sil>`, `[NOISE]`, `++UM++`… */
const NON_WORD = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/** Parses pocketsphinx_continuous `-time yes` output into words, shifted by `offsetSec`. */
export function parsePocketsphinx(stdout: string, offsetSec = 0): Word[] {
  const words: Word[] = [];
  for (const line of stdout.split('\n')) {
    const m = WORD_LINE.exec(line.trim());
    if (!m) continue; // the hypothesis lines, without times
    const token = m[1]!;
    if (NON_WORD.test(token)) continue;
    words.push({
      word: token.replace(/\(\d+\)$/, ''), // `and(2)` is the dictionary's second pronunciation
      start: round2(Number(m[2]) + offsetSec),
      end: round2(Number(m[3]) + offsetSec),
      confidence: Number(m[4]),
    });
  }
  return words;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

function run(wavPath: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    // Aborted, the process is killed and the promise rejects with the abort's error.
    const child = spawn(BINARY, ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-2000)));
    child.once('error', (e) =>
      reject(
        e.name === 'AbortError'
          ? e
          : new Error(
              `cannot run ${BINARY} (apt-get install pocketsphinx pocketsphinx-en-us): ${e.message}`,
            ),
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${BINARY} failed (${code}): ${err.trim()}`)),
    );
  });
}

/**
 * Debian's pocketsphinx with its en-us model: works offline out of the box, poor accuracy.
 * Each piece is peak-normalised, written as a WAV to a temp dir and recognised by its own
 * process, so pieces run in parallel on separate cores.
 */
export class PocketsphinxEngine implements AsrEngine {
  readonly name = 'pocketsphinx';
  readonly model = 'cmusphinx-en-us (Debian pocketsphinx-en-us)';
  readonly quality =
    'Offline fallback; low accuracy (about 60 % word error rate on clear read speech).';

  async transcribe(
    input: Float32Array | string,
    opts: TranscribeOptions = {},
  ): Promise<Transcript> {
    const { pcm, pieces } = await prepareAudio(input, opts);
    const dir = await mkdtemp(join(tmpdir(), 'parley-asr-'));
    try {
      const perPiece = await mapLimit(
        pieces,
        opts.concurrency ?? availableParallelism(),
        async (piece, i) => {
          const from = Math.floor(piece.start * SAMPLE_RATE);
          const to = Math.ceil(piece.end * SAMPLE_RATE);
          opts.signal?.throwIfAborted();
          const file = join(dir, `piece-${i}.wav`);
          await writeFile(file, encodeWav(peakNormalize(pcm.subarray(from, to))));
          const words = parsePocketsphinx(await run(file, opts.signal), from / SAMPLE_RATE);
          opts.onPieceDone?.(piece);
          return words;
        },
      );
      // The en-us acoustic model knows English only: the language is a default, not detected.
      return { words: perPiece.flat(), language: { code: 'en', source: 'default' } };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
