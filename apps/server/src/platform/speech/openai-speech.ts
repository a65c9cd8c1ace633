import {
  SpeechSynthesisError,
  wavDurationMs,
  type SpeechAudio,
  type SpeechSynthesizer,
  type VoiceSpec,
} from './synthesizer.js';

export interface OpenAiSpeechOptions {
  apiKey: string;
  /** The server's API root, e.g. "https://api.openai.com/v1" or "http://host:8000/v1". */
  baseUrl?: string;
  /** "tts-1" by default; an Orpheus server names its own (e.g. "orpheus"). */
  model?: string;
  /** The endpoint guard's fetch: organisations type these addresses in. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_BASE = 'https://api.openai.com/v1';
/** OpenAI's voices by gender, when the voice row names none of the engine's own. */
const DEFAULT_VOICE = { female: 'nova', male: 'onyx', neutral: 'alloy' } as const;

/**
 * An OpenAI-compatible `POST /audio/speech` endpoint (OpenAI, or a self-hosted server that
 * speaks its API such as Orpheus-FastAPI or Kokoro-FastAPI), asked for WAV so the duration and
 * the voiced stretches can be read the same way as espeak-ng's.
 */
export class OpenAiSpeechSynthesizer implements SpeechSynthesizer {
  readonly name = 'openai';

  constructor(private readonly opts: OpenAiSpeechOptions) {}

  async synthesize(text: string, voice: VoiceSpec): Promise<SpeechAudio> {
    const input = text.trim();
    if (!input) throw new SpeechSynthesisError('There is no text to speak.');
    const base = (this.opts.baseUrl || DEFAULT_BASE).replace(/\/+$/, '');
    const doFetch = this.opts.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(`${base}/audio/speech`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.opts.apiKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          model: this.opts.model ?? 'tts-1',
          input,
          voice: voice.engineVoice ?? DEFAULT_VOICE[voice.gender ?? 'neutral'],
          response_format: 'wav',
          speed: Math.min(4, Math.max(0.25, voice.speed ?? 1)),
        }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 60_000),
      });
    } catch (error) {
      throw new SpeechSynthesisError(
        'The speech endpoint could not be reached.',
        error instanceof Error ? error.message : String(error),
      );
    }
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).slice(0, 500);
      throw new SpeechSynthesisError(
        res.status === 401 ? 'The speech endpoint refused the key.' : 'Speech synthesis failed.',
        `HTTP ${String(res.status)} ${detail}`,
      );
    }
    const wav = Buffer.from(await res.arrayBuffer());
    return { wav, ...wavDurationMs(wav) };
  }
}
