import {
  computeAnalytics,
  assignSpeakers,
  turnsFromSpeech,
  type Analytics,
  type SpeakerWord,
  type Turn,
} from './analytics.js';
import { selectEngine } from './asr/select.js';
import type { AsrEngine } from './asr/types.js';
import { decodeAll, MediaError, probeDuration } from './decode.js';
import { detectSpeech } from './vad.js';

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
  durationSec: number;
  words: AttributedWord[];
  turns: SpeakerTurn[];
  speakerCount: { value: number; source: 'estimated' | 'participants' };
}

export interface SpeechStepOptions {
  engine?: AsrEngine;
  /** Number of speakers when known (the meeting's participants); estimated otherwise. */
  speakers?: number;
  /** Fraction 0..1 of the step done, for progress bars. */
  onProgress?: (fraction: number) => void;
}

/** The document `npm run analyze` prints. */
export interface AnalysisResult extends SpeechResult {
  analytics: Analytics;
}

/**
 * Decode → VAD → speech-to-text → speaker turns on one media file.
 * First slice: the PCM is held in memory and every word is speaker_00 until diarization lands.
 */
export async function runSpeechStep(
  file: string,
  opts: SpeechStepOptions = {},
): Promise<SpeechResult> {
  const engine = opts.engine ?? selectEngine();
  const durationSec = await probeDuration(file);
  const pcm = await decodeAll(file);
  if (pcm.length === 0) throw new MediaError(`no audio in ${file}`);
  opts.onProgress?.(0.1);
  const speech = await detectSpeech(pcm);
  opts.onProgress?.(0.2);
  const { words } = await engine.transcribe(pcm, { speech });
  opts.onProgress?.(0.9);
  const turns = turnsFromSpeech(speech);
  const confidence = new Map(words.map((w) => [`${w.start}:${w.word}`, w.confidence]));
  const attributed = assignSpeakers(words, turns).map((w) => ({
    ...w,
    confidence: confidence.get(`${w.start}:${w.word}`) ?? null,
  }));
  opts.onProgress?.(1);
  return {
    engine: { name: engine.name, model: engine.model, quality: engine.quality },
    durationSec: Math.round(durationSec * 1000) / 1000,
    words: attributed,
    turns,
    speakerCount: { value: new Set(turns.map((t) => t.speaker)).size, source: 'estimated' },
  };
}

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
): Promise<AnalysisResult> {
  const speech = await runSpeechStep(file, { engine });
  return { ...speech, analytics: runTextStep({ ...speech, audioLengthSec: speech.durationSec }) };
}
