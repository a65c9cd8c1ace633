import { closeSync, openSync, readSync } from 'node:fs';
import { open, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  computeAnalytics,
  assignSpeakers,
  type Analytics,
  type SpeakerWord,
  type Turn,
} from './analytics.js';
import { selectEngine } from './asr/select.js';
import type { AsrEngine, SpokenLanguage, Word } from './asr/types.js';
import { mainLanguage } from './asr/whisper.js';
import { decodePcm, MediaError, probeDuration, SAMPLE_RATE, type DecodeReport } from './decode.js';
import { languageNotice, readoutNotice, type RecordingNotice } from './media-notice.js';
import { diarize, type SampleReader, type SpeakerEmbedder } from './diarize/diarize.js';
import { VoiceFeatures, type BlockStats } from './diarize/features.js';
import { planPieces } from './pieces.js';
import { detectSpeech, round3, type Segment } from './vad.js';

export interface EngineInfo {
  name: string;
  model: string;
  quality: string;
}

/** A word with its speaker and the engine's confidence (null when the engine gives none). */
export interface AttributedWord extends SpeakerWord {
  confidence: number | null;
}

export interface SpeakerTurn extends Turn {
  /** Another speaker talks during part of this turn. */
  overlap?: boolean;
}

/** What the speech step produces: the server stores it as the meeting's transcript. */
export interface SpeechResult {
  engine: EngineInfo;
  /** Seconds analysed: the declared length, or what could be read of a truncated file. */
  durationSec: number;
  /** The file ended early, had damaged parts or speaks a language the engine does not know. */
  notice: RecordingNotice | null;
  words: AttributedWord[];
  turns: SpeakerTurn[];
  speakerCount: { value: number; source: 'estimated' | 'participants' };
  /** The main spoken language, when the engine says (detected, or the only one it knows). */
  language: SpokenLanguage | null;
}

export interface SpeechStepOptions {
  engine?: AsrEngine;
  /** Number of speakers when known (the meeting's participants): an upper bound; estimated otherwise. */
  speakers?: number;
  /** A learned speaker embedding (e.g. sherpa-onnx), used instead of the hand-made voice statistics. */
  embedder?: SpeakerEmbedder;
  /** Fraction 0..1 of the step done, for progress bars. */
  onProgress?: (fraction: number) => void;
  /**
   * Aborted when the caller gives the work up (its process stopping): the speech engine's
   * processes are ended and no further batch starts.
   */
  signal?: AbortSignal;
  /**
   * The spoken language (ISO 639-1) when the meeting declares one. A language the engine
   * cannot transcribe gets a notice and no words instead of a transcript of nonsense.
   */
  language?: string;
  /**
   * Called after each batch of speech-to-text with the transcript so far: every word
   * transcribed up to `transcribedSec`, with its speaker (speakers are found before
   * transcribing), and the whole recording's turns. Awaited: the next batch waits for it.
   */
  onPartial?: (partial: PartialSpeech) => Promise<void> | void;
  /**
   * Called once the recording is decoded and its speakers found, as speech-to-text starts.
   * From here the step's heavy work runs outside this thread (pocketsphinx processes, the
   * whisper.cpp worker), so other work of the process can use the thread without slowing it.
   */
  onTranscribing?: () => Promise<void> | void;
}

/** The speech step's result for the recording's start, while the rest is transcribed. */
export interface PartialSpeech extends SpeechResult {
  /** Seconds of the recording transcribed so far (words after it are still to come). */
  transcribedSec: number;
}

/** The document `npm run analyze` prints. */
export interface AnalysisResult extends SpeechResult {
  analytics: Analytics;
}

/** Fractions of the progress bar given to each stage (measured shares of the run time). */
const PROGRESS = { decode: 0.25, diarize: 0.1, asr: 0.65 } as const;
/** Longest stretch of audio handed to the engine at once: bounds memory (7.7 MB as Float32). */
const BATCH_SEC = 120;
/**
 * The first batch is one piece (at most 30 s) so the first lines are published within seconds
 * of transcription starting; later batches are full, fewer round trips for the engine.
 */
const FIRST_BATCH_SEC = 30;
const BYTES_PER_SAMPLE = 2;

/**
 * Decode → VAD → speech-to-text → diarization on one media file, in bounded memory.
 *
 * The file is decoded once, as a stream: each second of PCM goes to Silero VAD, to the voice
 * feature extractor (which keeps only per-block statistics) and, as 16-bit samples, to a
 * temporary file. Speech-to-text then reads the pieces it needs back from that file by
 * sample offset, at most BATCH_SEC at a time, so a two-hour meeting never holds more than a
 * couple of minutes of samples in memory (the whole recording as Float32 would be 460 MB).
 */
export async function runSpeechStep(
  file: string,
  opts: SpeechStepOptions = {},
): Promise<SpeechResult> {
  const engine = opts.engine ?? selectEngine();
  const report = progressReporter(opts.onProgress);
  try {
    return await speechStep(file, engine, report, opts);
  } finally {
    // An engine made here is this call's: whisper.cpp holds its model (up to 3 GB) in a
    // worker thread until closed, and the next call may pick another (newly pulled) model.
    if (!opts.engine) await (engine as { close?: () => Promise<void> }).close?.();
  }
}

async function speechStep(
  file: string,
  engine: AsrEngine,
  report: (fraction: number) => void,
  opts: SpeechStepOptions,
): Promise<SpeechResult> {
  const declaredSec = await probeDuration(file);
  report(0);
  const dir = await mkdtemp(join(tmpdir(), 'parley-speech-'));
  try {
    const rawPath = join(dir, 'pcm.s16le');
    const decoding: DecodeReport = { decodeErrors: 0 };
    const { speech, blocks, samples } = await decodeOnce(file, rawPath, decoding, (decodedSec) =>
      report(PROGRESS.decode * Math.min(1, decodedSec / Math.max(declaredSec, 1e-3))),
    );
    if (samples === 0) throw new MediaError(`no audio in ${file}`, 'no-audio');
    const decodedSec = samples / SAMPLE_RATE;
    const unsupported = opts.language ? languageNotice(engine, opts.language) : null;
    const readout = readoutNotice({ declaredSec, decodedSec, decodeErrors: decoding.decodeErrors });
    // A truncated file is as long as what could be read of it: that is what was analysed.
    const durationSec = readout?.kind === 'truncated' ? decodedSec : declaredSec;
    // Speakers first (from the voice features or the speaker model, no words needed), so that
    // every batch of words can be published with its speakers while the rest is transcribed.
    const { turns, speakerCount } = withSampleReader(rawPath, samples, (audio) =>
      diarize(blocks, speech, { speakers: opts.speakers, embedder: opts.embedder, audio }),
    );
    report(PROGRESS.decode + PROGRESS.diarize);
    await opts.onTranscribing?.();
    const result = (words: Word[], language: SpokenLanguage | null): SpeechResult => ({
      engine: { name: engine.name, model: engine.model, quality: engine.quality },
      durationSec: round3(durationSec),
      notice: unsupported ?? readout,
      words: assignSpeakers(words, turns).map((w, i) => ({
        ...w,
        confidence: words[i]!.confidence,
      })),
      turns,
      speakerCount: {
        value: speakerCount,
        source: opts.speakers !== undefined ? 'participants' : 'estimated',
      },
      language,
    });
    const { words, language } = unsupported
      ? { words: [] as Word[], language: null }
      : await transcribeFromFile(
          engine,
          rawPath,
          samples,
          speech,
          (done) => report(PROGRESS.decode + PROGRESS.diarize + PROGRESS.asr * done),
          opts.signal,
          opts.onPartial
            ? (sofar, transcribedSec, soFarLanguage) =>
                opts.onPartial!({ ...result(sofar, soFarLanguage), transcribedSec })
            : undefined,
        );
    report(1);
    return result(words, language);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reports only increasing fractions, clipped to 0..1, so a progress bar never goes back. */
function progressReporter(onProgress?: (fraction: number) => void): (fraction: number) => void {
  let last = -1;
  return (fraction) => {
    const f = Math.min(1, Math.max(0, fraction));
    if (!onProgress || f <= last) return;
    last = f;
    onProgress(f);
  };
}

/** One streamed decode feeding VAD, the voice features and a 16-bit copy on disk. */
async function decodeOnce(
  file: string,
  rawPath: string,
  decoding: DecodeReport,
  onDecoded: (seconds: number) => void,
): Promise<{ speech: Segment[]; blocks: BlockStats[]; samples: number }> {
  const features = new VoiceFeatures();
  const out = await open(rawPath, 'w');
  let samples = 0;
  async function* tee(): AsyncGenerator<Float32Array> {
    for await (const frame of decodePcm(file, { report: decoding })) {
      const bytes = Buffer.allocUnsafe(frame.length * BYTES_PER_SAMPLE);
      for (let i = 0; i < frame.length; i++)
        bytes.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(frame[i]! * 32768))), i * 2);
      await out.write(bytes);
      features.push(frame);
      samples += frame.length;
      onDecoded(samples / SAMPLE_RATE);
      yield frame;
    }
  }
  try {
    const speech = await detectSpeech(tee());
    return { speech, blocks: features.finish(), samples };
  } finally {
    await out.close();
  }
}

/**
 * Runs `use` with a synchronous reader of the 16-bit copy by time (the speaker embedder reads
 * a 1.5 s window at a time), closing the file afterwards.
 */
function withSampleReader<T>(rawPath: string, samples: number, use: (read: SampleReader) => T): T {
  const fd = openSync(rawPath, 'r');
  try {
    return use((startSec, endSec) => {
      const from = Math.max(0, Math.floor(startSec * SAMPLE_RATE));
      const to = Math.min(samples, Math.ceil(endSec * SAMPLE_RATE));
      const bytes = Buffer.alloc(Math.max(0, to - from) * BYTES_PER_SAMPLE);
      const read = readSync(fd, bytes, 0, bytes.length, from * BYTES_PER_SAMPLE);
      const pcm = new Float32Array(read / BYTES_PER_SAMPLE);
      for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2) / 32768;
      return pcm;
    });
  } finally {
    closeSync(fd);
  }
}

/** Samples [from, to) of the 16-bit copy as Float32 in [-1, 1). */
async function readRange(rawPath: string, from: number, to: number): Promise<Float32Array> {
  const fh = await open(rawPath, 'r');
  try {
    const bytes = Buffer.alloc((to - from) * BYTES_PER_SAMPLE);
    const { bytesRead } = await fh.read(bytes, 0, bytes.length, from * BYTES_PER_SAMPLE);
    const pcm = new Float32Array(bytesRead / BYTES_PER_SAMPLE);
    for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2) / 32768;
    return pcm;
  } finally {
    await fh.close();
  }
}

/**
 * Speech-to-text over the speech only: pieces (cut in silences) are grouped into batches of
 * at most BATCH_SEC, each batch is read back from disk and given to the engine with its
 * speech segments, and word times are shifted back to the recording.
 */
async function transcribeFromFile(
  engine: AsrEngine,
  rawPath: string,
  samples: number,
  speech: readonly Segment[],
  onDone: (fraction: number) => void,
  signal: AbortSignal | undefined,
  onBatch?: (
    sofar: Word[],
    transcribedSec: number,
    language: SpokenLanguage | null,
  ) => Promise<void> | void,
): Promise<{ words: Word[]; language: SpokenLanguage | null }> {
  const totalSec = samples / SAMPLE_RATE;
  const pieces = planPieces(speech, 30).map((p) => ({
    start: p.start,
    end: Math.min(p.end, totalSec),
  }));
  const batches: Segment[][] = [];
  for (const p of pieces) {
    const batch = batches[batches.length - 1];
    const limit = batches.length === 1 ? FIRST_BATCH_SEC : BATCH_SEC;
    if (batch && p.end - batch[0]!.start <= limit) batch.push(p);
    else batches.push([p]);
  }
  const speechSec = pieces.reduce((a, p) => a + (p.end - p.start), 0) || 1;
  let doneSec = 0;
  const words: Word[] = [];
  const detected: { code: string; seconds: number }[] = [];
  let fallback: SpokenLanguage | null = null;
  const languageSoFar = (): SpokenLanguage | null => {
    const main = mainLanguage(detected);
    return main ? { code: main, source: 'detected' } : fallback;
  };
  for (const [b, batch] of batches.entries()) {
    const from = Math.floor(batch[0]!.start * SAMPLE_RATE);
    const to = Math.min(samples, Math.ceil(batch[batch.length - 1]!.end * SAMPLE_RATE));
    if (to <= from) continue;
    const offset = from / SAMPLE_RATE;
    const pcm = await readRange(rawPath, from, to);
    const inside = speech
      .filter((s) => s.end > offset && s.start < to / SAMPLE_RATE)
      .map((s) => ({
        start: Math.max(0, s.start - offset),
        end: Math.min(pcm.length / SAMPLE_RATE, s.end - offset),
      }));
    const batchSec = batch.reduce((a, p) => a + (p.end - p.start), 0);
    let pieceSec = 0;
    signal?.throwIfAborted();
    const { words: batchWords, language } = await engine.transcribe(pcm, {
      speech: inside,
      ...(signal ? { signal } : {}),
      // The engine re-plans pieces inside the batch; their seconds move the bar within it.
      onPieceDone: (p) => {
        pieceSec += p.end - p.start;
        onDone((doneSec + Math.min(batchSec, pieceSec)) / speechSec);
      },
    });
    for (const w of batchWords)
      words.push({ ...w, start: round2(w.start + offset), end: round2(w.end + offset) });
    if (language?.source === 'detected') detected.push({ code: language.code, seconds: batchSec });
    else if (language) fallback ??= language;
    doneSec += batchSec;
    onDone(doneSec / speechSec);
    // The last batch's words are the step's result, stored by its caller.
    if (b < batches.length - 1)
      await onBatch?.(words, Math.min(totalSec, batch[batch.length - 1]!.end), languageSoFar());
  }
  return { words, language: languageSoFar() };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Conversation analytics from the speech step's words and turns (pure; no media needed). */
export function runTextStep(input: {
  words: readonly SpeakerWord[];
  turns: readonly Turn[];
  audioLengthSec: number;
}): Analytics {
  return computeAnalytics(input.words, input.turns, input.audioLengthSec);
}

/** The whole pipeline on one file, without a server: what `npm run analyze` prints. */
export async function analyzeFile(
  file: string,
  engine: AsrEngine = selectEngine(),
  speakers?: number,
  language?: string,
): Promise<AnalysisResult> {
  const speech = await runSpeechStep(file, { engine, speakers, language });
  return { ...speech, analytics: runTextStep({ ...speech, audioLengthSec: speech.durationSec }) };
}
