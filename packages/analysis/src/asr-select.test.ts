import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OpenAiCompatibleEngine } from './asr/openai-compatible.js';
import { PocketsphinxEngine } from './asr/pocketsphinx.js';
import { engineKind, selectEngine } from './asr/select.js';
import { toWords, WhisperEngine } from './asr/whisper.js';
import { parseArgs } from './cli-args.js';
import { decodeAll } from './decode.js';
import { fixture } from './test-fixtures.js';

const MODEL = fixture('models/for-tests-ggml-tiny.en.bin');
/** A DATA_DIR with no pulled models, so a developer's ./data/models cannot change the answer. */
const NONE = '/nonexistent-parley-data';

describe('engine selection', () => {
  it('prefers WHISPER_MODEL, then ASR_URL, then pocketsphinx', () => {
    expect(engineKind({ WHISPER_MODEL: '/m.bin', ASR_URL: 'http://x' })).toBe('whisper');
    expect(engineKind({ ASR_URL: 'http://x' })).toBe('openai');
    expect(engineKind({ WHISPER_MODEL: '', ASR_URL: '', DATA_DIR: NONE })).toBe('pocketsphinx');
    expect(selectEngine(undefined, { DATA_DIR: NONE })).toBeInstanceOf(PocketsphinxEngine);
    const w = selectEngine(undefined, { WHISPER_MODEL: '/models/ggml-base.en.bin' });
    expect(w).toBeInstanceOf(WhisperEngine);
    expect(w.model).toBe('ggml-base.en.bin');
    const o = selectEngine(undefined, { ASR_URL: 'http://asr:8000', ASR_MODEL: 'large-v3' });
    expect(o).toBeInstanceOf(OpenAiCompatibleEngine);
    expect([o.name, o.model]).toEqual(['openai-compatible', 'large-v3']);
    expect(o.quality).toMatch(/asr:8000/);
  });

  it('lets --engine override the environment, and says what is missing', () => {
    const env = { WHISPER_MODEL: '/m.bin', ASR_URL: 'http://x' };
    expect(selectEngine('pocketsphinx', env)).toBeInstanceOf(PocketsphinxEngine);
    expect(selectEngine('openai', env).model).toBe('whisper-1');
    expect(() => selectEngine('whisper', { DATA_DIR: NONE })).toThrow(/WHISPER_MODEL/);
    expect(() => selectEngine('openai', {})).toThrow(/ASR_URL/);
    expect(() => selectEngine('openai', { ASR_URL: 'http://x', ASR_TIMEOUT_MS: 'soon' })).toThrow(
      /ASR_TIMEOUT_MS/,
    );
  });

  it('parses the CLI arguments', () => {
    expect(parseArgs(['a.mp4'])).toEqual({ file: 'a.mp4', engine: undefined });
    expect(parseArgs(['--engine', 'whisper', 'a.mp4'])).toEqual({
      file: 'a.mp4',
      engine: 'whisper',
    });
    expect(parseArgs(['a.mp4', '--engine=openai'])).toEqual({ file: 'a.mp4', engine: 'openai' });
    expect(parseArgs(['--engine', 'vosk', 'a.mp4'])).toMatch(/unknown engine "vosk"/);
    expect(parseArgs(['--engine'])).toMatch(/unknown engine/);
    expect(parseArgs([])).toMatch(/one media file/);
    expect(parseArgs(['a.mp4', 'b.mp4'])).toMatch(/one media file/);
    expect(parseArgs(['--speakers', '3', 'a.mp4'])).toEqual({
      file: 'a.mp4',
      engine: undefined,
      speakers: 3,
    });
    expect(parseArgs(['a.mp4', '--speakers=2'])).toMatchObject({ speakers: 2 });
    expect(parseArgs(['--speakers', 'two', 'a.mp4'])).toMatch(/whole number/);
    expect(parseArgs(['--speakers', '0', 'a.mp4'])).toMatch(/whole number/);
    expect(parseArgs(['a.mp4', '--speakers'])).toMatch(/whole number/);
  });
});

describe('whisper.cpp engine', () => {
  it('loads the test model and returns words with numeric times for jfk.wav', async () => {
    expect(existsSync(MODEL)).toBe(true);
    const engine = new WhisperEngine(MODEL);
    expect(engine.model).toBe('for-tests-ggml-tiny.en.bin');
    await engine.load();
    // Placeholder weights: the words are nonsense (often none), only their shape is checked.
    const { words } = await engine.transcribe(await decodeAll(fixture('speech/jfk.wav')));
    expect(Array.isArray(words)).toBe(true);
    for (const w of words) {
      expect(w).toEqual({
        word: expect.any(String),
        start: expect.any(Number),
        end: expect.any(Number),
        confidence: 1,
      });
      expect(w.end).toBeGreaterThanOrEqual(w.start);
    }
  });

  it('keeps the event loop free while whisper.cpp runs (worker thread)', async () => {
    const engine = new WhisperEngine(MODEL);
    await engine.load();
    const pcm = await decodeAll(fixture('speech/jfk.wav'));
    let last = performance.now();
    let longestStall = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    try {
      await engine.transcribe(pcm);
    } finally {
      clearInterval(timer);
      await engine.close();
    }
    const took = performance.now() - started;
    console.log(
      `whisper.cpp on jfk.wav: ${took.toFixed(0)} ms, longest event-loop stall ${longestStall.toFixed(0)} ms`,
    );
    // On the main thread the stall would be the whole full() call.
    expect(took).toBeGreaterThan(100);
    expect(longestStall).toBeLessThan(Math.max(100, took / 4));
  });

  it('says which model file is missing', async () => {
    await expect(new WhisperEngine('/nonexistent/ggml.bin').load()).rejects.toThrow(
      'WHISPER_MODEL file not found: /nonexistent/ggml.bin',
    );
  });

  it('turns one-word segments (centiseconds) into words and drops markers', () => {
    const segments = [
      { text: ' And', start: 10, end: 30 },
      { text: ' [BLANK_AUDIO]', start: 30, end: 90 },
      { text: ' so', start: 30, end: 52 },
    ];
    expect(toWords(segments, '', 5, 30)).toEqual([
      { word: 'And', start: 5.1, end: 5.3, confidence: 1 },
      { word: 'so', start: 5.3, end: 5.52, confidence: 1 },
    ]);
    expect(toWords([], ' hello world', 0, 2).map((w) => [w.start, w.end])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});
