import { AVATAR_MESSAGES as M, type SpeechClip } from '@parley/contracts';
import { AppError } from '../../platform/errors.js';
import { OpenAiSpeechSynthesizer } from '../../platform/speech/openai-speech.js';
import {
  SpeechSynthesisError,
  type SpeechAudio,
  type SpeechSynthesizer,
  type VoiceSpec,
} from '../../platform/speech/synthesizer.js';
import {
  alignVisemes,
  espeakPhonemes,
  phonemesToVisemes,
  voicedStretches,
} from '../../platform/speech/visemes.js';
import type { VoiceRow } from './repo.js';

/** An organisation's OpenAI-compatible connection (its ChatGPT provider's key and base URL). */
export interface SpeechConnection {
  apiKey: string;
  baseUrl?: string;
}

export interface SpeechNeeds {
  /** The built-in engine (espeak-ng). */
  builtIn: SpeechSynthesizer;
  connectionOf(organizationId: string): Promise<SpeechConnection | null>;
  /** The endpoint guard's fetch: the base URL is one an organisation typed in. */
  fetch: typeof fetch;
  /** espeak-ng's phonemes of a text; the default runs espeak-ng. */
  phonemes?: (text: string, language: string) => Promise<string>;
}

export interface SpeakOptions {
  speed?: number;
  /** The avatar's isOrpheus: the connected endpoint's Orpheus model speaks. */
  orpheus?: boolean;
  gender?: VoiceSpec['gender'];
  language?: string;
}

/**
 * Text -> audio and mouth shapes, with the engine the voice names: espeak-ng on this server,
 * or the organisation's connected OpenAI-compatible endpoint (never another organisation's).
 */
export function createSpeech(needs: SpeechNeeds) {
  async function engineFor(
    organizationId: string,
    voice: VoiceRow | null,
    orpheus: boolean,
  ): Promise<SpeechSynthesizer> {
    if (voice?.engine !== 'openai' && !orpheus) return needs.builtIn;
    const connection = await needs.connectionOf(organizationId);
    if (!connection) throw new AppError(409, M.engineNotConnected);
    return new OpenAiSpeechSynthesizer({
      ...connection,
      fetch: needs.fetch,
      ...(orpheus ? { model: 'orpheus' } : {}),
    });
  }

  async function synthesise(
    engine: SpeechSynthesizer,
    text: string,
    spec: VoiceSpec,
  ): Promise<SpeechAudio> {
    try {
      return await engine.synthesize(text, spec);
    } catch (error) {
      if (error instanceof SpeechSynthesisError) throw new AppError(502, error.message);
      throw error;
    }
  }

  return {
    async speak(
      organizationId: string,
      voice: VoiceRow | null,
      text: string,
      opts: SpeakOptions = {},
    ): Promise<SpeechClip> {
      const engine = await engineFor(organizationId, voice, opts.orpheus ?? false);
      const spec: VoiceSpec = {
        language: voice?.language ?? opts.language ?? 'en',
        gender: (voice?.gender as VoiceSpec['gender']) ?? opts.gender ?? 'neutral',
        speed: opts.speed ?? 1,
        ...(voice?.engineVoice ? { engineVoice: voice.engineVoice } : {}),
      };
      // Phonemes come from espeak-ng in parallel with the audio: the first cue costs no extra wait.
      const phonemes = (needs.phonemes ?? espeakPhonemes)(text, spec.language).catch(() => '');
      const audio = await synthesise(engine, text, spec);
      const visemes = alignVisemes(phonemesToVisemes(await phonemes), voicedStretches(audio));
      return {
        audio: audio.wav.toString('base64'),
        mimeType: 'audio/wav',
        durationMs: Math.round(audio.durationMs),
        engine: engine.name,
        visemes,
        timing: visemes.length ? 'estimated-from-voiced-audio' : 'none',
        source: 'synthesised',
      };
    },
  };
}
export type Speech = ReturnType<typeof createSpeech>;
