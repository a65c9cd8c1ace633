// A voice template from a trained speaker-embedding model (models/speaker-embedding.ts), used
// instead of the Gaussian voice statistics (voiceprint.ts) when such a model is installed.
// Still reported beside the face, never the basis of a verification: the threshold below
// comes from sherpa-onnx's example, not from a measurement on people this product serves.
import { SAMPLE_RATE } from '../decode.js';
import type { SpeakerEmbedder } from '../diarize/diarize.js';

export interface EmbeddingVoiceTemplate {
  version: 2;
  /** The model file that made it: embeddings of two models cannot be compared. */
  model: string;
  /** Unit-length embedding of the registration speech. */
  vector: number[];
  /** Seconds of speech behind it. */
  seconds: number;
}

export interface EmbeddingVoiceComparison {
  /** Cosine similarity of the two embeddings, −1…1. */
  similarity: number;
  threshold: number;
  likelySame: boolean;
  seconds: number;
}

/** The model and its embedder, as loadSpeakerEmbedder returns them. */
export interface VoiceEmbedder {
  embed: SpeakerEmbedder;
  model: string;
}

/**
 * Cosine similarity at or above which two recordings are reported as likely the same voice:
 * the value sherpa-onnx's speaker-identification example uses with its embedding models
 * (nodejs-addon-examples/test_speaker_identification.js). Not measured here: no trained
 * model is available offline to measure it with.
 */
export const EMBEDDING_MATCH_THRESHOLD = 0.6;
/** Less speech than this gives no template or comparison (as MIN_VOICE_FRAMES: 2 s). */
export const MIN_EMBEDDING_SPEECH_SEC = 2;
/**
 * Speech embedded at most: embedding models are trained on utterances of a few seconds to
 * tens of seconds (VoxCeleb: 4–20 s), and the cost grows with the length.
 */
export const MAX_EMBEDDING_SPEECH_SEC = 60;

interface Range {
  start: number;
  end: number;
}

/** The samples inside the ranges, joined, up to MAX_EMBEDDING_SPEECH_SEC. */
function speechOf(pcm: Float32Array, ranges: readonly Range[]): Float32Array {
  const limit = MAX_EMBEDDING_SPEECH_SEC * SAMPLE_RATE;
  const parts: Float32Array[] = [];
  let n = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const from = Math.max(0, Math.floor(r.start * SAMPLE_RATE));
    const to = Math.min(pcm.length, Math.ceil(r.end * SAMPLE_RATE), from + (limit - n));
    if (to <= from) continue;
    parts.push(pcm.subarray(from, to));
    n += to - from;
    if (n >= limit) break;
  }
  const out = new Float32Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function unit(v: Float32Array): number[] | null {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  if (!(norm > 0) || !Number.isFinite(norm)) return null;
  return Array.from(v, (x) => x / norm);
}

/** The embedding of the speech in `ranges` (16 kHz `pcm`); null with too little speech. */
function embedSpeech(
  pcm: Float32Array,
  ranges: readonly Range[],
  embedder: VoiceEmbedder,
): { vector: number[]; seconds: number } | null {
  const speech = speechOf(pcm, ranges);
  const seconds = speech.length / SAMPLE_RATE;
  if (seconds < MIN_EMBEDDING_SPEECH_SEC) return null;
  const vector = unit(embedder.embed(speech, SAMPLE_RATE));
  return vector ? { vector, seconds: Math.round(seconds * 100) / 100 } : null;
}

/** A template from a registration clip's samples and speech ranges. */
export function embeddingVoiceTemplate(
  pcm: Float32Array,
  speech: readonly Range[],
  embedder: VoiceEmbedder,
): EmbeddingVoiceTemplate | null {
  const e = embedSpeech(pcm, speech, embedder);
  return e ? { version: 2, model: embedder.model, vector: e.vector, seconds: e.seconds } : null;
}

/** Whether a stored value has the shape of an embedding template. */
export function isEmbeddingVoiceTemplate(x: unknown): x is EmbeddingVoiceTemplate {
  const t = x as Partial<EmbeddingVoiceTemplate> | null;
  return (
    !!t &&
    t.version === 2 &&
    typeof t.model === 'string' &&
    Array.isArray(t.vector) &&
    t.vector.length > 0 &&
    t.vector.every((v) => typeof v === 'number')
  );
}

/**
 * Compares one speaker of a recording (their turns) to a template. Null when the speaker has
 * too little speech, or when the template was made by another model (the vectors live in
 * different spaces; the participant must register again to be compared).
 */
export function compareEmbeddingVoice(
  template: EmbeddingVoiceTemplate,
  pcm: Float32Array,
  speakerRanges: readonly Range[],
  embedder: VoiceEmbedder,
): EmbeddingVoiceComparison | null {
  if (template.model !== embedder.model) return null;
  const e = embedSpeech(pcm, speakerRanges, embedder);
  if (!e || e.vector.length !== template.vector.length) return null;
  let similarity = 0;
  for (let i = 0; i < e.vector.length; i++) similarity += e.vector[i]! * template.vector[i]!;
  similarity = Math.round(similarity * 1000) / 1000;
  return {
    similarity,
    threshold: EMBEDDING_MATCH_THRESHOLD,
    likelySame: similarity >= EMBEDDING_MATCH_THRESHOLD,
    seconds: e.seconds,
  };
}
