import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { Whisper } from '@napi-rs/whisper';
import { SAMPLE_RATE } from '../decode.js';
import { prepareAudio } from '../pieces.js';
import type { AsrEngine, TranscribeOptions, Transcript, Word } from './types.js';

/** whisper.cpp's markers for non-speech, e.g. `[BLANK_AUDIO]`, `(music)`. */
const NON_WORD = /^(\[.*\]|\(.*\))$/;
const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * whisper.cpp through `@napi-rs/whisper` (prebuilt linux-x64 / macOS addon, nothing downloaded),
 * with a ggml model file such as `ggml-base.en.bin`. Word times come from one-word segments
 * (`max_len 1`, `split_on_word`, token timestamps). whisper.cpp segment times are in
 * centiseconds. Pieces run one after another: `full()` is synchronous and already uses all
 * cores through `nThreads`.
 */
export class WhisperEngine implements AsrEngine {
  readonly name = 'whisper.cpp';
  readonly model: string;
  readonly quality: string;
  private context: Whisper | undefined;

  constructor(
    private readonly modelPath: string,
    private readonly threads = availableParallelism(),
  ) {
    this.model = basename(modelPath);
    this.quality = `whisper.cpp with ${this.model}; accuracy depends on the model file and is not measured here. No per-word confidence: reported as 1.`;
  }

  /** Loads the model once; throws a clear error for a missing or unreadable file. */
  async load(): Promise<Whisper> {
    if (this.context) return this.context;
    if (!existsSync(this.modelPath)) {
      throw new Error(`WHISPER_MODEL file not found: ${this.modelPath}`);
    }
    let binding: typeof import('@napi-rs/whisper');
    try {
      binding = await import('@napi-rs/whisper');
    } catch (e) {
      throw new Error(
        `whisper.cpp binding @napi-rs/whisper is not available on ${process.platform}-${process.arch}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    try {
      this.context = new binding.Whisper(this.modelPath, { useGpu: false });
    } catch (e) {
      throw new Error(
        `cannot load whisper model ${this.modelPath}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    return this.context;
  }

  async transcribe(
    input: Float32Array | string,
    opts: TranscribeOptions = {},
  ): Promise<Transcript> {
    const whisper = await this.load();
    const { WhisperFullParams, WhisperSamplingStrategy } = await import('@napi-rs/whisper');
    // whisper.cpp works on 30 s windows: longer pieces gain nothing.
    const { pcm, pieces } = await prepareAudio(input, opts, 30);
    const words: Word[] = [];
    for (const piece of pieces) {
      const from = Math.floor(piece.start * SAMPLE_RATE);
      const to = Math.min(pcm.length, Math.ceil(piece.end * SAMPLE_RATE));
      const offset = from / SAMPLE_RATE;
      const segments: { text: string; start: number; end: number }[] = [];
      const params = new WhisperFullParams(WhisperSamplingStrategy.Greedy);
      params.language = 'en';
      params.nThreads = this.threads;
      params.tokenTimestamps = true;
      params.maxLen = 1;
      params.splitOnWord = true;
      params.printProgress = false;
      params.printRealtime = false;
      params.printTimestamps = false;
      params.onNewSegment = (s) => segments.push(s);
      const text = whisper.full(params, pcm.slice(from, to));
      // The segment callback may be queued to the event loop: let it run before reading.
      await new Promise((r) => setImmediate(r));
      words.push(...toWords(segments, text, offset, (to - from) / SAMPLE_RATE));
    }
    return { words };
  }
}

/** One-word segments (centiseconds) to words; the plain text spread evenly if none came. */
export function toWords(
  segments: readonly { text: string; start: number; end: number }[],
  text: string,
  offsetSec: number,
  pieceSec: number,
): Word[] {
  const parts =
    segments.length > 0
      ? segments.map((s) => ({ word: s.text.trim(), start: s.start / 100, end: s.end / 100 }))
      : text
          .split(/\s+/)
          .filter(Boolean)
          .map((word, i, all) => ({
            word,
            start: (i * pieceSec) / all.length,
            end: ((i + 1) * pieceSec) / all.length,
          }));
  return parts
    .filter((p) => p.word !== '' && !NON_WORD.test(p.word))
    .map((p) => ({
      word: p.word,
      start: round2(p.start + offsetSec),
      end: round2(Math.max(p.start, p.end) + offsetSec),
      confidence: 1,
    }));
}
