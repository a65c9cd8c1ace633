// The voice template from a speaker-embedding model, run through sherpa-onnx-node with the
// small WeSpeaker-format model of test-onnx.ts (mean filterbank: the mechanics, not accuracy).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAll } from '../decode.js';
import { loadSpeakerEmbedder, type LoadedSpeakerEmbedder } from '../models/speaker-embedding.js';
import { fixture } from '../test-fixtures.js';
import { meanFbankModel, WESPEAKER } from '../test-onnx.js';
import {
  compareEmbeddingVoice,
  EMBEDDING_MATCH_THRESHOLD,
  embeddingVoiceTemplate,
  isEmbeddingVoiceTemplate,
} from './embedding.js';

let dir = '';
let model: LoadedSpeakerEmbedder;
let jfk: Float32Array;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-voice-emb-'));
  writeFileSync(join(dir, 'mean-fbank.onnx'), meanFbankModel(WESPEAKER));
  model = await loadSpeakerEmbedder(join(dir, 'mean-fbank.onnx'));
  jfk = await decodeAll(fixture('speech/jfk.wav'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedding voice templates', () => {
  it('a template is the unit embedding of the registration speech, with its model named', () => {
    const t = embeddingVoiceTemplate(jfk, [{ start: 0, end: 5 }], model)!;
    expect(t).toMatchObject({ version: 2, model: 'mean-fbank.onnx', seconds: 5 });
    expect(t.vector).toHaveLength(80);
    expect(Math.hypot(...t.vector)).toBeCloseTo(1, 5);
    // It survives a trip through JSON (sealed storage) and is recognised on the way back.
    expect(isEmbeddingVoiceTemplate(JSON.parse(JSON.stringify(t)))).toBe(true);
    expect(isEmbeddingVoiceTemplate({ version: 1, sum: [] })).toBe(false);
  });

  it('needs 2 s of speech', () => {
    expect(embeddingVoiceTemplate(jfk, [{ start: 0, end: 1.9 }], model)).toBeNull();
    expect(
      embeddingVoiceTemplate(
        jfk,
        [
          { start: 0, end: 1 },
          { start: 3, end: 4.1 },
        ],
        model,
      ),
    ).not.toBeNull();
  });

  it('the same speech compares at similarity 1; other speech of the same man lower', () => {
    const t = embeddingVoiceTemplate(jfk, [{ start: 0, end: 5 }], model)!;
    const same = compareEmbeddingVoice(t, jfk, [{ start: 0, end: 5 }], model)!;
    expect(same).toEqual({
      similarity: 1,
      threshold: EMBEDDING_MATCH_THRESHOLD,
      likelySame: true,
      seconds: 5,
    });
    const later = compareEmbeddingVoice(t, jfk, [{ start: 5.5, end: 11 }], model)!;
    expect(later.similarity).toBeLessThan(1);
    expect(later.seconds).toBeCloseTo(5.5, 1);
  });

  it('does not compare a template made by another model, or a speaker with too little speech', () => {
    const t = embeddingVoiceTemplate(jfk, [{ start: 0, end: 5 }], model)!;
    expect(
      compareEmbeddingVoice({ ...t, model: 'other.onnx' }, jfk, [{ start: 5, end: 11 }], model),
    ).toBeNull();
    expect(compareEmbeddingVoice(t, jfk, [{ start: 5, end: 6 }], model)).toBeNull();
  });
});
