// The server uses a pulled whisper model without configuration, and records its language.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineKind, selectEngine } from '../asr/select.js';
import type { AsrEngine, SpokenLanguage } from '../asr/types.js';
import { runSpeechStep } from '../pipeline.js';
import { mainLanguage, WhisperEngine } from '../asr/whisper.js';
import { decodeAll } from '../decode.js';
import { fixture } from '../test-fixtures.js';
import { bestWhisperModel, modelsDir } from './locate.js';

const MODEL = fixture('models/for-tests-ggml-tiny.en.bin');

let dataDir = '';
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-pick-'));
  mkdirSync(join(dataDir, 'models'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const put = (file: string, from = MODEL) => copyFileSync(from, join(dataDir, 'models', file));

describe('a whisper model pulled into DATA_DIR/models', () => {
  it('is used when WHISPER_MODEL and ASR_URL are unset, and named in the engine record', () => {
    const env = { DATA_DIR: dataDir };
    expect(engineKind(env)).toBe('pocketsphinx');
    put('ggml-tiny.en.bin');
    expect(engineKind(env)).toBe('whisper');
    const engine = selectEngine(undefined, env);
    expect(engine).toBeInstanceOf(WhisperEngine);
    expect(engine.model).toBe('ggml-tiny.en.bin');
    expect(engine.quality).toMatch(
      /^whisper\.cpp with ggml-tiny\.en\.bin \(the best model pulled into DATA_DIR\/models\)/,
    );
    // Configuration still wins over what happens to be on disk.
    expect(engineKind({ ...env, ASR_URL: 'http://asr' })).toBe('openai');
    expect(selectEngine(undefined, { ...env, WHISPER_MODEL: '/m/ggml-x.bin' }).model).toBe(
      'ggml-x.bin',
    );
  });

  it('picks the best one present: larger first, multilingual before English-only at one size', () => {
    for (const f of ['ggml-tiny.en.bin', 'ggml-base.en.bin', 'ggml-base.bin', 'ggml-small.en.bin'])
      put(f);
    expect(bestWhisperModel(modelsDir({ DATA_DIR: dataDir }))?.model.name).toBe('small.en');
    put('ggml-small.bin');
    expect(bestWhisperModel(modelsDir({ DATA_DIR: dataDir }))?.model.name).toBe('small');
    put('ggml-large-v3-turbo.bin');
    expect(bestWhisperModel(modelsDir({ DATA_DIR: dataDir }))?.model.name).toBe('large-v3-turbo');
  });

  it('ignores partial downloads, empty files and files the catalogue does not know', () => {
    writeFileSync(join(dataDir, 'models', 'ggml-large-v3.bin.part'), 'abc');
    writeFileSync(join(dataDir, 'models', 'ggml-medium.bin'), '');
    put('ggml-custom.bin');
    expect(bestWhisperModel(modelsDir({ DATA_DIR: dataDir }))).toBeNull();
    expect(engineKind({ DATA_DIR: dataDir })).toBe('pocketsphinx');
  });

  it('an English-only model records English as its default language', async () => {
    put('ggml-tiny.en.bin');
    const engine = selectEngine(undefined, { DATA_DIR: dataDir }) as WhisperEngine;
    await engine.load();
    expect(engine.multilingual).toBe(false);
    // Three seconds are enough for the record's shape (the placeholder weights transcribe
    // nonsense, slowly).
    const pcm = (await decodeAll(fixture('speech/jfk.wav'))).slice(0, 3 * 16_000);
    const { language } = await engine.transcribe(pcm);
    expect(language).toEqual({ code: 'en', source: 'default' });
    await engine.close();
  }, 180_000);
});

describe('the main language of a recording', () => {
  it('is the one detected over the most seconds of its pieces', () => {
    expect(mainLanguage([])).toBeNull();
    expect(
      mainLanguage([
        { code: 'de', seconds: 20 },
        { code: 'en', seconds: 25 },
        { code: 'de', seconds: 10 },
      ]),
    ).toBe('de');
  });
});

describe('the speech step', () => {
  /** An engine that hears no words and reports the given language for every batch. */
  const saying = (language?: SpokenLanguage | null): AsrEngine => ({
    name: 'fake',
    model: 'fake',
    quality: 'test engine',
    transcribe: async () => ({ words: [], ...(language === undefined ? {} : { language }) }),
  });

  it("returns the engine's language: detected, assumed, or null when the engine does not say", async () => {
    const file = fixture('speech/jfk.wav');
    const detected = await runSpeechStep(file, {
      engine: saying({ code: 'de', source: 'detected' }),
    });
    expect(detected.language).toEqual({ code: 'de', source: 'detected' });
    const assumed = await runSpeechStep(file, {
      engine: saying({ code: 'en', source: 'default' }),
    });
    expect(assumed.language).toEqual({ code: 'en', source: 'default' });
    expect((await runSpeechStep(file, { engine: saying() })).language).toBeNull();
  });
});
