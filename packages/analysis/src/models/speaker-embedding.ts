// A speaker-embedding ONNX model (e.g. `npm run models -- pull campplus-en-voxceleb`) run
// through sherpa-onnx-node: a function from a stretch of audio to a voice embedding, for
// diarization (diarize's `embedder` option) and the biometric voice template.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type { SpeakerEmbedder } from '../diarize/diarize.js';
import { speakerEmbeddingModelPath } from './locate.js';
import { NotOnnxError, onnxMetadata } from './onnx-metadata.js';

export interface LoadedSpeakerEmbedder {
  embed: SpeakerEmbedder;
  /** Length of each embedding. */
  dim: number;
  /** The model file's name, recorded with templates (embeddings of two models never compare). */
  model: string;
  /** The sherpa-onnx family from the model's metadata: wespeaker or 3d-speaker. */
  framework: string;
}

/**
 * The families sherpa-onnx's SpeakerEmbeddingExtractor runs through one model class; it picks
 * one from the model's `framework` metadata. A model without the metadata it reads ends the
 * process from inside the addon (Silero VAD's model: a segmentation fault; a missing
 * `language`: exit), never as an exception, so the loader checks the metadata first. NeMo
 * models go through another class whose required keys were not checked here: refused.
 */
const FRAMEWORKS = new Set(['wespeaker', '3d-speaker']);
/** Metadata sherpa-onnx 1.13 reads without a default (speaker-embedding-extractor-model.cc). */
const REQUIRED_KEYS = ['output_dim', 'sample_rate', 'normalize_samples', 'language'];

/** Kaldi filterbank frame length (s), the features sherpa-onnx computes for these models. */
const FRAME_SEC = 0.025;

export class SpeakerModelError extends Error {}

interface SherpaStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
  inputFinished(): void;
}
interface SherpaExtractor {
  dim: number;
  createStream(): SherpaStream;
  isReady(stream: SherpaStream): boolean;
  compute(stream: SherpaStream, enableExternalBuffer?: boolean): Float32Array;
}
interface SherpaModule {
  SpeakerEmbeddingExtractor: new (config: {
    model: string;
    numThreads?: number;
    debug?: boolean | number;
    provider?: string;
  }) => SherpaExtractor;
}

/** Throws SpeakerModelError unless `path` is an ONNX model sherpa-onnx can embed with. */
export async function checkSpeakerModel(path: string): Promise<Record<string, string>> {
  if (!existsSync(path)) throw new SpeakerModelError(`speaker-embedding model not found: ${path}`);
  if (!statSync(path).isFile())
    throw new SpeakerModelError(`speaker-embedding model is not a file: ${path}`);
  let meta: Record<string, string>;
  try {
    meta = await onnxMetadata(path);
  } catch (err) {
    if (err instanceof NotOnnxError)
      throw new SpeakerModelError(`${basename(path)} is not an ONNX model (${err.message})`);
    throw err;
  }
  const framework = meta.framework;
  if (!framework || !FRAMEWORKS.has(framework)) {
    throw new SpeakerModelError(
      `${basename(path)} is not a speaker-embedding model sherpa-onnx can run: its metadata ` +
        `has ${framework ? `framework "${framework}"` : 'no "framework"'} (expected wespeaker or 3d-speaker)`,
    );
  }
  const missing = REQUIRED_KEYS.filter((k) => !(k in meta));
  if (missing.length)
    throw new SpeakerModelError(`${basename(path)} lacks the metadata ${missing.join(', ')}`);
  return meta;
}

/** sherpa-onnx-node (prebuilt addon with onnxruntime inside); a clear error where it is missing. */
function sherpa(): SherpaModule {
  try {
    return createRequire(import.meta.url)('sherpa-onnx-node') as SherpaModule;
  } catch (err) {
    throw new SpeakerModelError(
      `sherpa-onnx-node is not available on ${process.platform}-${process.arch}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
    );
  }
}

/**
 * Loads the model at `path` and returns its embedder. Each call embeds one stretch of audio
 * (any sample rate; sherpa-onnx resamples to the model's) and returns a copy of the
 * embedding, or an empty array when the stretch is shorter than one feature frame (25 ms)
 * or too short for the model.
 */
export async function loadSpeakerEmbedder(
  path: string,
  opts: { threads?: number } = {},
): Promise<LoadedSpeakerEmbedder> {
  const meta = await checkSpeakerModel(path);
  const { SpeakerEmbeddingExtractor } = sherpa();
  let extractor: SherpaExtractor;
  try {
    // One thread: the embedder is called once per 1.5 s window, and the analysis already
    // runs its steps side by side on the machine's cores.
    extractor = new SpeakerEmbeddingExtractor({
      model: path,
      numThreads: opts.threads ?? 1,
      debug: 0,
    });
  } catch (err) {
    throw new SpeakerModelError(
      `sherpa-onnx could not load ${basename(path)}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const embed: SpeakerEmbedder = (samples, sampleRate) => {
    // Less than one 25 ms filterbank frame (the Kaldi features every sherpa-onnx speaker
    // model reads) holds no voice: sherpa-onnx would pad it and embed the padding.
    if (samples.length < FRAME_SEC * sampleRate) return new Float32Array(0);
    const stream = extractor.createStream();
    stream.acceptWaveform({ samples, sampleRate });
    stream.inputFinished();
    if (!extractor.isReady(stream)) return new Float32Array(0);
    // false: a copy in JavaScript memory, not a view of the extractor's buffer.
    return Float32Array.from(extractor.compute(stream, false));
  };
  return { embed, dim: extractor.dim, model: basename(path), framework: meta.framework! };
}

let cached: { path: string; loaded: Promise<LoadedSpeakerEmbedder> } | undefined;

/**
 * The embedder the environment asks for (SPEAKER_EMBEDDING_MODEL, else the model pulled into
 * DATA_DIR/models), loaded once per process and per path; null when there is none, so the
 * analysis uses its own voice statistics. Looked up on each call, so a model pulled while the
 * server runs is used from the next analysis on. A model that fails to load is an error (the
 * administrator asked for it), tried again on the next call.
 */
export function configuredSpeakerEmbedder(
  env: Record<string, string | undefined> = process.env,
): Promise<LoadedSpeakerEmbedder | null> {
  const path = speakerEmbeddingModelPath(env);
  if (!path) return Promise.resolve(null);
  if (cached?.path !== path) {
    const loaded = loadSpeakerEmbedder(path);
    cached = { path, loaded };
    loaded.catch(() => {
      if (cached?.loaded === loaded) cached = undefined;
    });
  }
  return cached.loaded;
}
