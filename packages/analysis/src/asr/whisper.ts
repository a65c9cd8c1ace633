import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SAMPLE_RATE } from '../decode.js';
import { prepareAudio } from '../pieces.js';
import type { AsrEngine, TranscribeOptions, Transcript, Word } from './types.js';

interface WhisperWorkerData {
  /** Resolved path of @napi-rs/whisper: an eval'd worker resolves modules from the cwd. */
  binding: string;
  modelPath: string;
  threads: number;
}

interface WhisperJob {
  id: number;
  pcm: Float32Array;
}

type WhisperSegment = { text: string; start: number; end: number };

type WhisperReply =
  | { type: 'ready'; multilingual: boolean }
  | { type: 'error'; id?: number; message: string }
  /** `language`: what whisper.cpp detected in this piece (multilingual models only). */
  | { type: 'done'; id: number; text: string; segments: WhisperSegment[]; language: string | null };

/**
 * The worker thread's code. whisper.cpp's `full()` is synchronous and takes seconds per
 * piece, which would freeze a server's event loop (HTTP, realtime events, job heartbeats), so
 * the model lives in a worker. The code is plain JavaScript evaluated by the Worker, so the
 * same source runs from src/ (tests) and dist/ without a TypeScript loader in the thread.
 * It speaks the WhisperJob / WhisperReply messages above.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Whisper, WhisperFullParams, WhisperSamplingStrategy } = require(workerData.binding);
let whisper;
try {
  whisper = new Whisper(workerData.modelPath, { useGpu: false });
  parentPort.postMessage({ type: 'ready', multilingual: !!whisper.isMultilingual });
} catch (e) {
  parentPort.postMessage({
    type: 'error',
    message: 'cannot load whisper model ' + workerData.modelPath + ': ' + (e && e.message ? e.message : String(e)),
  });
}
parentPort.on('message', async (job) => {
  try {
    if (!whisper) throw new Error('whisper model not loaded');
    const segments = [];
    const params = new WhisperFullParams(WhisperSamplingStrategy.Greedy);
    // A multilingual model detects the language of each piece ('auto') and transcribes it in
    // that language; an English-only model is told English.
    const multilingual = !!whisper.isMultilingual;
    params.language = multilingual ? 'auto' : 'en';
    params.nThreads = workerData.threads;
    params.tokenTimestamps = true;
    params.maxLen = 1;
    params.splitOnWord = true;
    params.printProgress = false;
    params.printRealtime = false;
    params.printTimestamps = false;
    params.onNewSegment = (s) => segments.push({ text: s.text, start: s.start, end: s.end });
    const text = whisper.full(params, job.pcm);
    // The segment callback may be queued to the event loop: let it run before replying.
    await new Promise((r) => setImmediate(r));
    // full() leaves the detected language's id on the context's default state.
    const language = multilingual ? Whisper.lang(whisper.fullLangId) : null;
    parentPort.postMessage({ type: 'done', id: job.id, text, segments, language });
  } catch (e) {
    parentPort.postMessage({ type: 'error', id: job.id, message: e && e.message ? e.message : String(e) });
  }
});
`;

/** whisper.cpp's markers for non-speech, e.g. `[BLANK_AUDIO]`, `(music)`. */
const NON_WORD = /^(\[.*\]|\(.*\))$/;
const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * whisper.cpp through `@napi-rs/whisper` (prebuilt linux-x64 / macOS addon, nothing downloaded),
 * with a ggml model file such as `ggml-base.en.bin`. Word times come from one-word segments
 * (`max_len 1`, `split_on_word`, token timestamps). whisper.cpp segment times are in
 * centiseconds. The model lives in a worker thread (whisper-worker.ts) because `full()` is
 * synchronous; pieces run one after another there, as `full()` already uses all cores
 * through `nThreads`.
 */
export class WhisperEngine implements AsrEngine {
  readonly name = 'whisper.cpp';
  readonly model: string;
  readonly quality: string;
  private worker: Promise<Worker> | undefined;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (r: Extract<WhisperReply, { type: 'done' }>) => void; reject: (e: Error) => void }
  >();

  /** Whether the model knows languages other than English; known once loaded. */
  multilingual: boolean | undefined;

  /**
   * `origin` says where the model came from when it was not configured, e.g. "the best model
   * pulled into DATA_DIR/models": it is part of the engine record stored with a transcript.
   */
  constructor(
    private readonly modelPath: string,
    private readonly threads = availableParallelism(),
    origin?: string,
  ) {
    this.model = basename(modelPath);
    this.quality =
      `whisper.cpp with ${this.model}${origin ? ` (${origin})` : ''}; accuracy depends on the ` +
      'model file and is not measured here. No per-word confidence: reported as 1.';
  }

  /** Loads the model once in the worker; throws a clear error for a missing or unreadable file. */
  async load(): Promise<void> {
    this.worker ??= this.start();
    try {
      await this.worker;
    } catch (e) {
      this.worker = undefined; // a later call may try again (e.g. once the file is there)
      throw e;
    }
  }

  /** Stops the worker thread (the engine loads the model again if used afterwards). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => undefined))?.terminate();
  }

  private async start(): Promise<Worker> {
    if (!existsSync(this.modelPath)) {
      throw new Error(`WHISPER_MODEL file not found: ${this.modelPath}`);
    }
    try {
      await import('@napi-rs/whisper');
    } catch (e) {
      throw new Error(
        `whisper.cpp binding @napi-rs/whisper is not available on ${process.platform}-${process.arch}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    const data: WhisperWorkerData = {
      binding: createRequire(import.meta.url).resolve('@napi-rs/whisper'),
      modelPath: this.modelPath,
      threads: this.threads,
    };
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: data });
    // Idle, the worker must not keep a CLI process alive; it is ref'd while a piece runs.
    worker.unref();
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: WhisperReply) => {
        if (reply.type === 'ready') {
          this.multilingual = reply.multilingual;
          return resolve();
        }
        const job = reply.id !== undefined ? this.pending.get(reply.id) : undefined;
        if (reply.type === 'error' && !job) {
          void worker.terminate();
          return reject(new Error(reply.message));
        }
        if (!job) return;
        this.pending.delete(reply.id!);
        if (this.pending.size === 0) worker.unref();
        if (reply.type === 'done') job.resolve(reply);
        else job.reject(new Error(`whisper.cpp failed: ${reply.message}`));
      });
      worker.on('error', (e) => {
        reject(e);
        for (const job of this.pending.values()) job.reject(e);
        this.pending.clear();
      });
    });
    return worker;
  }

  private async full(pcm: Float32Array): Promise<Extract<WhisperReply, { type: 'done' }>> {
    await this.load();
    const worker = await this.worker!;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      // The samples are a copy (slice), so their buffer can be moved rather than cloned.
      worker.postMessage({ id, pcm } satisfies WhisperJob, [pcm.buffer as ArrayBuffer]);
    });
  }

  async transcribe(
    input: Float32Array | string,
    opts: TranscribeOptions = {},
  ): Promise<Transcript> {
    await this.load();
    // whisper.cpp works on 30 s windows: longer pieces gain nothing.
    const { pcm, pieces } = await prepareAudio(input, opts, 30);
    const words: Word[] = [];
    const heard: LanguageVote[] = [];
    for (const piece of pieces) {
      // A piece in the worker runs to its end (30 s of audio at most); none starts after.
      opts.signal?.throwIfAborted();
      const from = Math.floor(piece.start * SAMPLE_RATE);
      const to = Math.min(pcm.length, Math.ceil(piece.end * SAMPLE_RATE));
      const { text, segments, language } = await this.full(pcm.slice(from, to));
      const pieceWords = toWords(segments, text, from / SAMPLE_RATE, (to - from) / SAMPLE_RATE);
      words.push(...pieceWords);
      if (language && pieceWords.length > 0)
        heard.push({ code: language, seconds: (to - from) / SAMPLE_RATE });
      opts.onPieceDone?.(piece);
    }
    const detected = mainLanguage(heard);
    return {
      words,
      language: this.multilingual
        ? detected === null
          ? null
          : { code: detected, source: 'detected' }
        : { code: 'en', source: 'default' },
    };
  }
}

export interface LanguageVote {
  code: string;
  seconds: number;
}

/**
 * The language spoken longest, from per-piece detections weighted by their duration (a
 * meeting may switch language; the transcript records the main one). Null with no votes.
 */
export function mainLanguage(votes: readonly LanguageVote[]): string | null {
  const total = new Map<string, number>();
  for (const v of votes) total.set(v.code, (total.get(v.code) ?? 0) + v.seconds);
  let best: string | null = null;
  for (const [code, sec] of total) if (best === null || sec > total.get(best)!) best = code;
  return best;
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
