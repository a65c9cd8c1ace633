import { spawn } from 'node:child_process';

/** A voice as the engines understand it; the voices library maps its rows onto this. */
export interface VoiceSpec {
  /** BCP 47 tag ("en", "en-US", "de"); each engine picks its nearest voice. */
  language: string;
  gender?: 'male' | 'female' | 'neutral';
  /** 1 is the engine's normal pace; 0.5 to 2. */
  speed?: number;
  /** An engine's own voice name, when the organisation chose one (e.g. OpenAI's "alloy"). */
  engineVoice?: string;
}

/** Synthesised speech: a WAV file and how long it plays. */
export interface SpeechAudio {
  wav: Buffer;
  sampleRate: number;
  durationMs: number;
}

/**
 * One way to turn text into speech. The built-in engine is Debian's espeak-ng; organisations
 * that connect an OpenAI-compatible speech endpoint get an engine of the same shape.
 */
export interface SpeechSynthesizer {
  readonly name: string;
  synthesize(text: string, voice: VoiceSpec): Promise<SpeechAudio>;
}

export class SpeechSynthesisError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'SpeechSynthesisError';
  }
}

const SYNTH_TIMEOUT_MS = 30_000;
/** espeak-ng's own default pace in words per minute; `speed` scales it. */
const ESPEAK_BASE_WPM = 165;

/** Reads the sample rate and data length of a PCM WAV file to give its duration. */
export function wavDurationMs(wav: Buffer): { sampleRate: number; durationMs: number } {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF') {
    throw new SpeechSynthesisError('The speech engine returned audio that is not a WAV file.');
  }
  let offset = 12;
  let sampleRate = 0;
  let bytesPerSecond = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      sampleRate = wav.readUInt32LE(offset + 12);
      bytesPerSecond = wav.readUInt32LE(offset + 16);
    } else if (id === 'data') {
      // espeak-ng writes 0x7fffffff as the data size when it streams to stdout.
      const dataBytes = Math.min(size, wav.length - offset - 8);
      return { sampleRate, durationMs: bytesPerSecond ? (dataBytes / bytesPerSecond) * 1000 : 0 };
    }
    offset += 8 + size + (size % 2);
  }
  throw new SpeechSynthesisError('The speech engine returned a WAV file without audio.');
}

/** espeak-ng's voice name for a language and gender: "en-us+f3", "de+m3". */
function espeakVoice(voice: VoiceSpec): string {
  const language = voice.language.toLowerCase();
  const variant = voice.gender === 'female' ? '+f3' : voice.gender === 'male' ? '+m3' : '';
  return `${language}${variant}`;
}

/** Debian's espeak-ng (installed by scripts/setup.sh): robotic but offline and instant. */
export class EspeakSynthesizer implements SpeechSynthesizer {
  readonly name = 'espeak-ng';

  constructor(private readonly command = 'espeak-ng') {}

  synthesize(text: string, voice: VoiceSpec): Promise<SpeechAudio> {
    const words = text.trim();
    if (!words) return Promise.reject(new SpeechSynthesisError('There is no text to speak.'));
    const speed = Math.min(2, Math.max(0.5, voice.speed ?? 1));
    const args = [
      '-v',
      espeakVoice(voice),
      '-s',
      String(Math.round(ESPEAK_BASE_WPM * speed)),
      '--stdout',
    ];
    return new Promise((resolve, reject) => {
      const child = spawn(this.command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let err = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), SYNTH_TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => {
        err = (err + chunk.toString()).slice(-2000);
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(
          new SpeechSynthesisError(
            'Speech synthesis is not installed on this server.',
            error.message,
          ),
        );
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code !== 0) {
          reject(
            new SpeechSynthesisError('Speech synthesis failed.', err || `exit ${String(code)}`),
          );
          return;
        }
        try {
          const wav = Buffer.concat(out);
          resolve({ wav, ...wavDurationMs(wav) });
        } catch (error) {
          reject(
            error instanceof Error ? error : new SpeechSynthesisError('Speech synthesis failed.'),
          );
        }
      });
      // Text goes on stdin so nothing the user typed is read as an option.
      child.stdin.end(words);
    });
  }
}
