import { SAMPLE_RATE } from '../decode.js';
import { mapLimit, prepareAudio } from '../pieces.js';
import { encodeWav } from '../wav.js';
import type { AsrEngine, TranscribeOptions, Transcript, Word } from './types.js';

export interface OpenAiCompatibleOptions {
  /** Server root, e.g. `http://localhost:8000`; `/v1/audio/transcriptions` is appended. */
  url: string;
  apiKey?: string;
  model?: string;
  /** Per request, in milliseconds. */
  timeoutMs?: number;
  /** Further attempts after a 429, a 5xx, a time-out or a network error. */
  retries?: number;
  /** First back-off delay; doubled on every retry. */
  retryBaseMs?: number;
}

/** The parts of a `verbose_json` answer that are used. */
interface VerboseJson {
  text?: string;
  words?: { word: string; start: number; end: number }[];
  segments?: { text: string; start: number; end: number; avg_logprob?: number }[];
}

const SEGMENT_NOTE =
  ' Word times are estimated: the server returned segment times only, spread evenly over each segment’s words.';

const round2 = (x: number): number => Math.round(x * 100) / 100;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Words of a `verbose_json` answer, shifted by `offsetSec`. Second value: times estimated. */
export function parseVerboseJson(body: VerboseJson, offsetSec = 0): [Word[], boolean] {
  const segments = body.segments ?? [];
  const confidenceAt = (t: number): number => {
    const s = segments.find((seg) => t >= seg.start && t <= seg.end);
    return s?.avg_logprob !== undefined ? round2(Math.min(1, Math.exp(s.avg_logprob))) : 1;
  };
  if (body.words && body.words.length > 0) {
    const words = body.words
      .map((w) => ({
        word: w.word.trim(),
        start: round2(w.start + offsetSec),
        end: round2(w.end + offsetSec),
        confidence: confidenceAt(w.start),
      }))
      .filter((w) => w.word !== '');
    return [words, false];
  }
  const words: Word[] = [];
  for (const seg of segments) {
    const tokens = seg.text.split(/\s+/).filter(Boolean);
    const step = (seg.end - seg.start) / Math.max(1, tokens.length);
    const confidence = confidenceAt(seg.start);
    tokens.forEach((word, i) =>
      words.push({
        word,
        start: round2(seg.start + i * step + offsetSec),
        end: round2(seg.start + (i + 1) * step + offsetSec),
        confidence,
      }),
    );
  }
  return [words, segments.length > 0];
}

/** Errors that another attempt cannot fix. */
class FatalAsrError extends Error {}

/**
 * Any server speaking OpenAI's `/v1/audio/transcriptions` (OpenAI, Groq, faster-whisper-server,
 * LocalAI, whisper.cpp's server…). Each piece goes up as a 16 kHz mono WAV with
 * `response_format=verbose_json` and `timestamp_granularities[]=word`.
 */
export class OpenAiCompatibleEngine implements AsrEngine {
  readonly name = 'openai-compatible';
  readonly model: string;
  private readonly endpoint: string;
  private estimatedTimes = false;

  constructor(private readonly opts: OpenAiCompatibleOptions) {
    this.model = opts.model ?? 'whisper-1';
    this.endpoint = `${opts.url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/audio/transcriptions`;
  }

  get quality(): string {
    const base = `Remote ${this.model} at ${new URL(this.endpoint).host}; accuracy depends on the server's model (not measured here).`;
    return this.estimatedTimes ? base + SEGMENT_NOTE : base;
  }

  async transcribe(
    input: Float32Array | string,
    opts: TranscribeOptions = {},
  ): Promise<Transcript> {
    const { pcm, pieces } = await prepareAudio(input, opts);
    const perPiece = await mapLimit(pieces, opts.concurrency ?? 4, async (piece) => {
      opts.signal?.throwIfAborted();
      const from = Math.floor(piece.start * SAMPLE_RATE);
      const to = Math.ceil(piece.end * SAMPLE_RATE);
      const body = await this.request(encodeWav(pcm.subarray(from, to)), opts.signal);
      const parsed = parseVerboseJson(body, from / SAMPLE_RATE);
      opts.onPieceDone?.(piece);
      return parsed;
    });
    this.estimatedTimes = perPiece.some(([, estimated]) => estimated);
    return { words: perPiece.flatMap(([words]) => words) };
  }

  private async request(wav: Buffer, signal?: AbortSignal): Promise<VerboseJson> {
    const retries = this.opts.retries ?? 3;
    const baseMs = this.opts.retryBaseMs ?? 1000;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.post(wav, signal);
      } catch (e) {
        // Given up by the caller: the abort's reason, not a server error, and no retry.
        signal?.throwIfAborted();
        if (e instanceof FatalAsrError || attempt >= retries) throw e;
        await sleep(baseMs * 2 ** attempt);
      }
    }
  }

  private async post(wav: Buffer, signal?: AbortSignal): Promise<VerboseJson> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(wav.buffer as ArrayBuffer, wav.byteOffset, wav.length)], {
        type: 'audio/wav',
      }),
      'audio.wav',
    );
    form.append('model', this.model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    form.append('timestamp_granularities[]', 'segment');
    const headers: Record<string, string> = {};
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    const timeoutMs = this.opts.timeoutMs ?? 120_000;
    let res: Response;
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        body: form,
        headers,
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const reason =
        e instanceof Error && e.name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : e instanceof Error
            ? ((e.cause as Error | undefined)?.message ?? e.message)
            : String(e);
      throw new Error(`ASR server ${this.endpoint} unreachable: ${reason}`);
    }
    const text = await res.text();
    if (res.status === 401 || res.status === 403) {
      throw new FatalAsrError(`ASR key was refused by the server (${res.status} ${this.endpoint})`);
    }
    const detail = `${res.status} from ${this.endpoint}: ${text.slice(0, 300)}`;
    if (res.status === 429 || res.status >= 500)
      throw new Error(`ASR server busy or failing: ${detail}`);
    if (!res.ok) throw new FatalAsrError(`ASR request rejected: ${detail}`);
    try {
      return JSON.parse(text) as VerboseJson;
    } catch {
      throw new FatalAsrError(`ASR server answered with something other than JSON: ${detail}`);
    }
  }
}
