import { OpenAiCompatibleEngine } from './openai-compatible.js';
import { PocketsphinxEngine } from './pocketsphinx.js';
import { bestWhisperModel, modelsDir } from '../models/locate.js';
import type { AsrEngine } from './types.js';
import { WhisperEngine } from './whisper.js';

export const ENGINE_KINDS = ['pocketsphinx', 'whisper', 'openai'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

export const isEngineKind = (s: string): s is EngineKind =>
  (ENGINE_KINDS as readonly string[]).includes(s);

type Env = Record<string, string | undefined>;

/**
 * Which engine the environment asks for: WHISPER_MODEL, else ASR_URL, else a whisper model
 * pulled into DATA_DIR/models (`npm run models -- pull`), else pocketsphinx. A server the
 * administrator pointed at (ASR_URL) wins over a model file that merely happens to be there.
 */
export function engineKind(env: Env = process.env): EngineKind {
  if (env.WHISPER_MODEL) return 'whisper';
  if (env.ASR_URL) return 'openai';
  if (bestWhisperModel(modelsDir(env))) return 'whisper';
  return 'pocketsphinx';
}

const positive = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
};

/**
 * The one place an engine is chosen. `kind` overrides the environment (the CLI's `--engine`);
 * the engine's own settings still come from the environment.
 */
export function selectEngine(kind?: EngineKind, env: Env = process.env): AsrEngine {
  switch (kind ?? engineKind(env)) {
    case 'whisper': {
      if (env.WHISPER_MODEL) return new WhisperEngine(env.WHISPER_MODEL);
      const pulled = bestWhisperModel(modelsDir(env));
      if (!pulled)
        throw new Error(
          '--engine whisper needs WHISPER_MODEL (a ggml model file) or a model pulled with `npm run models -- pull NAME`',
        );
      return new WhisperEngine(
        pulled.path,
        undefined,
        'the best model pulled into DATA_DIR/models',
      );
    }
    case 'openai':
      if (!env.ASR_URL) throw new Error('--engine openai needs ASR_URL (the server root)');
      return new OpenAiCompatibleEngine({
        url: env.ASR_URL,
        apiKey: env.ASR_API_KEY || undefined,
        model: env.ASR_MODEL || undefined,
        timeoutMs: positive('ASR_TIMEOUT_MS', env.ASR_TIMEOUT_MS),
      });
    case 'pocketsphinx':
      return new PocketsphinxEngine();
  }
}
