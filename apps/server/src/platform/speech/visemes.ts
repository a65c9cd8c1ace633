import { spawn } from 'node:child_process';
import type { VisemeCue } from '@parley/contracts';
import { SpeechSynthesisError, type SpeechAudio } from './synthesizer.js';

/**
 * Mouth shapes for synthesised speech. No engine here reports phoneme times, so the timing is
 * an estimate, said so in the API: espeak-ng gives the phoneme sequence of the text (`-x`), the
 * WAV gives where the voice is (frame energy), and the phonemes are laid over the voiced
 * stretches in order, vowels held longer than consonants. The mouth therefore opens exactly
 * when there is sound and closes in the pauses, whichever engine made the audio.
 */

const FRAME_MS = 10;
/** A frame is voiced above this fraction of the clip's loudest frame (RMS). */
const VOICED_FRACTION = 0.08;
/** Silences shorter than this are inside a word (stops), not a pause: bridged. */
const BRIDGE_MS = 60;
const VOWEL_WEIGHT = 1.6;

/** espeak-ng's ASCII phoneme letters (Kirshenbaum-like) to a mouth shape. */
function visemeOf(ch: string): string | null {
  if ('aAV&'.includes(ch)) return 'A';
  if ('eE3@'.includes(ch)) return 'E';
  if ('iIy'.includes(ch)) return 'I';
  if ('oO0'.includes(ch)) return 'O';
  if ('uUw'.includes(ch)) return 'U';
  if ('pbm'.includes(ch)) return 'MBP';
  if ('fv'.includes(ch)) return 'FV';
  if ('lr'.includes(ch)) return 'L';
  if ('TD'.includes(ch)) return 'TH';
  if ('szSZtdnkgNhjxCcJ'.includes(ch)) return 'S';
  return null;
}
const isVowel = (v: string) => v === 'A' || v === 'E' || v === 'I' || v === 'O' || v === 'U';

/** The mouth shapes of espeak-ng's `-x` output, in order, repeated shapes merged. */
export function phonemesToVisemes(phonemes: string): string[] {
  const out: string[] = [];
  for (const ch of phonemes) {
    const v = visemeOf(ch);
    if (v && out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

/** The voiced stretches of a 16-bit PCM WAV, [startMs, endMs] each. */
export function voicedStretches(audio: SpeechAudio): [number, number][] {
  const { wav, sampleRate } = audio;
  const dataAt = wav.indexOf('data', 12, 'ascii');
  if (dataAt < 0 || !sampleRate) return [];
  const pcm = wav.subarray(dataAt + 8);
  const frame = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
  const energies: number[] = [];
  for (let i = 0; i + frame * 2 <= pcm.length; i += frame * 2) {
    let sum = 0;
    for (let j = 0; j < frame; j++) {
      const s = pcm.readInt16LE(i + j * 2);
      sum += s * s;
    }
    energies.push(Math.sqrt(sum / frame));
  }
  const peak = Math.max(0, ...energies);
  if (peak === 0) return [];
  const stretches: [number, number][] = [];
  energies.forEach((e, k) => {
    if (e < peak * VOICED_FRACTION) return;
    const start = k * FRAME_MS;
    const last = stretches[stretches.length - 1];
    if (last && start - last[1] <= BRIDGE_MS) last[1] = start + FRAME_MS;
    else stretches.push([start, start + FRAME_MS]);
  });
  return stretches;
}

/**
 * Lays the shapes over the voiced time in order, weighted by kind; 'rest' in every pause and at
 * the end. Returns cues sorted by time.
 */
export function alignVisemes(shapes: string[], stretches: [number, number][]): VisemeCue[] {
  const voicedMs = stretches.reduce((n, [a, b]) => n + (b - a), 0);
  if (!shapes.length || voicedMs <= 0) return [];
  const weights = shapes.map((v) => (isVowel(v) ? VOWEL_WEIGHT : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cues: VisemeCue[] = [];
  let k = 0;
  let consumed = 0;
  let next = 0;
  for (const [start, end] of stretches) {
    // Shapes whose share of the voiced time begins inside this stretch start here.
    while (k < shapes.length && next < consumed + (end - start)) {
      const t = Math.round(start + (next - consumed));
      cues.push({ t, v: shapes[k] as string });
      next += ((weights[k] as number) / total) * voicedMs;
      k++;
    }
    consumed += end - start;
    cues.push({ t: end, v: 'rest' });
  }
  // Within a stretch the rest before it was pushed at its start; drop rests immediately
  // replaced at the same instant.
  return cues.filter((c, i) => !(c.v === 'rest' && cues[i + 1]?.t === c.t));
}

/** espeak-ng's phoneme mnemonics of the text (`-q -x`), for any engine's audio of it. */
export function espeakPhonemes(text: string, language: string, command = 'espeak-ng') {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, ['-q', '-x', '-v', language.toLowerCase()], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(
        new SpeechSynthesisError('Speech synthesis is not installed on this server.', e.message),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new SpeechSynthesisError('Phoneme analysis failed.', `exit ${String(code)}`));
    });
    child.stdin.end(text);
  });
}

/** The estimated mouth shapes of audio that says `text`. */
export async function visemesFor(
  text: string,
  language: string,
  audio: SpeechAudio,
  phonemes: (text: string, language: string) => Promise<string> = espeakPhonemes,
): Promise<VisemeCue[]> {
  return alignVisemes(phonemesToVisemes(await phonemes(text, language)), voicedStretches(audio));
}
