import type { Segment } from '../vad.js';

export interface Word {
  word: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** 0..1 as reported by the engine; engines differ in what it means. */
  confidence: number;
}

export interface TranscribeOptions {
  /** Speech segments from VAD; with them long audio is cut at silences and run in parallel. */
  speech?: readonly Segment[];
  /** Pieces run at once; defaults to the number of cores. */
  concurrency?: number;
  /** Longest piece in seconds. */
  maxPieceSec?: number;
  /** Called as each piece is recognised (in any order), for progress bars. */
  onPieceDone?: (piece: Segment) => void;
  /** Ends the engine's processes and starts no further piece once aborted. */
  signal?: AbortSignal;
}

/** The spoken language (ISO 639-1): detected by the engine, or the only one it knows. */
export interface SpokenLanguage {
  code: string;
  source: 'detected' | 'default';
}

export interface Transcript {
  words: Word[];
  /** Absent when the engine does not say (e.g. a remote server); null when nothing was heard. */
  language?: SpokenLanguage | null;
}

/** One speech-to-text engine. Every engine returns words with times in seconds. */
export interface AsrEngine {
  readonly name: string;
  readonly model: string;
  /** Known accuracy, shown to users next to the transcript. */
  readonly quality: string;
  /** 16 kHz mono samples, or a media file path (decoded with ffmpeg). */
  transcribe(input: Float32Array | string, opts?: TranscribeOptions): Promise<Transcript>;
}
