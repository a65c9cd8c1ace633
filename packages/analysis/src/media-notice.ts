/**
 * What the analysis tells a user about the recording itself (issue 14 item 7): a file that
 * ends before its header says, one with damaged parts, or speech in a language the engine in
 * use cannot transcribe. The server stores it as the meeting's media notice; the CLI prints it.
 */

export type RecordingNoticeKind = 'truncated' | 'unreadable_part' | 'unsupported_language';

export interface RecordingNotice {
  kind: RecordingNoticeKind;
  /** A sentence for the meeting page. */
  message: string;
  /** Seconds of media analysed, and what the file's header declared. */
  analysedSec?: number;
  declaredSec?: number;
  /** ISO 639-1 code declared or detected, for unsupported_language. */
  language?: string;
}

/** How far one decode of the file got. */
export interface Readout {
  /** The container's duration (ffprobe). */
  declaredSec: number;
  /** Audio actually decoded, on the recording's timeline (damaged gaps filled with silence). */
  decodedSec: number;
  /** Damaged packets ffmpeg skipped. */
  decodeErrors: number;
}

/**
 * The smallest shortfall worth a warning: 2 s (about a sentence of speech; encoder priming and
 * padding and container rounding account for well under 0.1 s, and a sound track commonly ends
 * a frame or two before the picture), or 2 % of the declared length on long recordings, where a
 * sound track that stops some seconds early is ordinary and losing less than a fiftieth changes
 * no figure the analysis reports.
 */
const SHORTFALL_MIN_SEC = 2;
const SHORTFALL_FRACTION = 0.02;

const seconds = (s: number): string => `${s.toFixed(1)} s`;
const round1 = (s: number): number => Math.round(s * 10) / 10;

/** Null when the whole file was read; otherwise what was lost, in a sentence. */
export function readoutNotice(r: Readout): RecordingNotice | null {
  const shortfall = r.declaredSec - r.decodedSec;
  const margin = Math.max(SHORTFALL_MIN_SEC, SHORTFALL_FRACTION * r.declaredSec);
  const times = { analysedSec: round1(r.decodedSec), declaredSec: round1(r.declaredSec) };
  if (shortfall > margin) {
    return {
      kind: 'truncated',
      message:
        `Only ${seconds(r.decodedSec)} of ${seconds(r.declaredSec)} could be read; ` +
        'the file ends early (an interrupted upload or copy?). The analysis covers that part.',
      ...times,
    };
  }
  if (r.decodeErrors > 0) {
    return {
      kind: 'unreadable_part',
      message:
        `Part of the recording is damaged: ${r.decodeErrors} piece${r.decodeErrors === 1 ? '' : 's'} of ` +
        'audio could not be decoded and were treated as silence. The analysis covers the rest of ' +
        `the ${seconds(r.decodedSec)}.`,
      ...times,
    };
  }
  return null;
}

/**
 * The languages whisper.cpp's multilingual models transcribe (whisper's tokenizer, 99 codes
 * plus Cantonese); an English-only model ('.en') knows only English.
 */
const WHISPER_LANGUAGES = new Set(
  (
    'en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no ' +
    'th ur hr bg lt la mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw ' +
    'gl mr pa si km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl ' +
    'mg as tt haw ln ha ba jw su yue'
  ).split(' '),
);

/** The languages an engine can transcribe; null when it does not say (a remote server). */
export function engineLanguages(engine: {
  name: string;
  model: string;
}): ReadonlySet<string> | null {
  if (engine.name === 'pocketsphinx') return new Set(['en']); // its only model is en-us
  if (engine.name === 'whisper')
    return /\.en(\.|-|_|$)/.test(engine.model) ? new Set(['en']) : WHISPER_LANGUAGES;
  return null;
}

/** "fr" → "French"; the code itself when the runtime has no name for it. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Null when the engine can transcribe `code` (or cannot say); otherwise the notice that
 * replaces a transcript the engine would have made of sounds it does not know.
 */
export function languageNotice(
  engine: { name: string; model: string },
  code: string,
): RecordingNotice | null {
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const known = engineLanguages(engine);
  if (!base || !known || known.has(base)) return null;
  const only = known.size === 1 ? `, which knows only ${languageName([...known][0]!)}` : '';
  return {
    kind: 'unsupported_language',
    language: base,
    message:
      `The recording is in ${languageName(base)}, which the speech-to-text engine in use ` +
      `(${engine.name}${only}) cannot transcribe, so no transcript was made. ` +
      'A multilingual whisper model can transcribe it.',
  };
}
