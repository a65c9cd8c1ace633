import { SAMPLE_RATE } from '../decode.js';
import type { LiveWindowDecoder } from '../asr/pocketsphinx-live.js';
import type { AsrEngine, Word } from '../asr/types.js';
import { VAD_FRAME_SAMPLES } from '../vad.js';

/** What one speaker said in one utterance, as the live transcript shows it. */
export interface LiveUtterance {
  /** The same for an utterance's interim versions and its final one: `${speakerId}-${n}`. */
  id: string;
  speakerId: string;
  /** Seconds from the call's start. */
  start: number;
  end: number;
  text: string;
  /** Word times in seconds from the call's start (empty for an interim of an engine without times). */
  words: Word[];
  isFinal: boolean;
}

export interface LiveTranscriberOptions {
  speakerId: string;
  /**
   * Each window transcribed on its own: only `transcribe` of 16 kHz samples is used, so any
   * engine of asr/ fits. Either this or `decoder`.
   */
  engine?: Pick<AsrEngine, 'transcribe'>;
  /**
   * This speaker's decoder, open for the whole stream (openPocketsphinxLive): windows are
   * written to it as they are heard, interim results are what it has finished of the open
   * window, and it is closed with the stream. Either this or `engine`.
   */
  decoder?: LiveWindowDecoder;
  /**
   * Speech probability of one VAD_FRAME_SAMPLES frame (createSpeechScorer in vad.ts); its
   * `reset`, when it has one, is called as each utterance ends.
   */
  scoreFrame: ((frame: Float32Array) => Promise<number>) & { reset?: () => void };
  /** Where this speaker's first sample lies on the call's clock, in seconds. */
  startSec?: number;
  onSegment: (u: LiveUtterance) => void;
  /** A failed transcription of one window; the stream goes on. */
  onError?: (err: unknown) => void;
  /** Seconds of new speech between interim results of a growing window (default 1.5). */
  interimEverySec?: number;
  /**
   * A pause this long ends an utterance (default 1.2 s). Shorter pauses give finals sooner but
   * shorter windows, and pocketsphinx, which adapts to each window from scratch, loses much
   * accuracy on short ones (JFK: word error rate against the offline transcript 0.86 with
   * 0.48 s, 0.52 with 0.8 s, 0.33 with 1.5 s); interim results keep the transcript moving.
   */
  pauseSec?: number;
  /** A window is cut at its quietest recent frame once it is this long (default 15 s). */
  maxWindowSec?: number;
  /**
   * Whether an interim result may be asked for now; finals are always transcribed. A shared
   * engine says no while it is busy (limitEngine's idle), so interims never delay finals.
   */
  interimAllowed?: () => boolean;
  /** Speech probability at which a frame counts as speech (default 0.5). */
  threshold?: number;
}

const FRAME_SEC = VAD_FRAME_SAMPLES / SAMPLE_RATE;
/** Frames of audio kept before the first speech frame, so a soft onset is not clipped. */
const PRE_PAD_FRAMES = 2;
/** Frames kept after the last speech frame: word endings are quiet. */
const POST_PAD_FRAMES = 2;
/** An utterance with fewer speech frames than this is a click or a cough, not words. */
const MIN_SPEECH_FRAMES = 3;
/** Where a too-long window is cut: the quietest frame in this many recent seconds. */
const CUT_SEARCH_SEC = 3;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * A streaming transcriber for one speaker of a live call. Audio goes in as it arrives; the
 * Silero probability of each 96 ms frame finds where utterances begin and end (a pause of
 * `pauseSec`), a growing utterance is transcribed again every `interimEverySec` of audio
 * (an interim result, skipped while the engine is still busy) and once more when it ends (the
 * final result). Time is the audio's, not the wall clock's, so the same audio always gives the
 * same windows; finals are emitted in order, one engine call at a time per speaker.
 */
export class LiveTranscriber {
  private readonly o: Required<Omit<LiveTranscriberOptions, 'onError' | 'engine' | 'decoder'>> &
    Pick<LiveTranscriberOptions, 'onError' | 'engine' | 'decoder'>;
  /** The next frame to write to the decoder (decoder mode). */
  private writtenTo = 0;
  /** Samples not yet scored (less than a frame). */
  private pending: Float32Array = new Float32Array(0);
  /** Audio kept for the current window, starting at sample `bufferStart` of this stream. */
  private frames: Float32Array[] = [];
  private probs: number[] = [];
  private bufferStartFrame = 0;
  private frameIndex = 0;
  /** First frame of the current utterance, or -1 between utterances. */
  private uttStart = -1;
  private lastSpeech = -1;
  private speechFrames = 0;
  private silentRun = 0;
  private lastInterimFrame = 0;
  private utteranceNo = 0;
  private scoring: Promise<void> = Promise.resolve();
  /** The engine's queue: finals in order; an interim only when nothing waits. */
  private work: Promise<void> = Promise.resolve();
  private busy = 0;
  private closed = false;

  constructor(opts: LiveTranscriberOptions) {
    this.o = {
      startSec: 0,
      interimEverySec: 1.5,
      pauseSec: 1.2,
      maxWindowSec: 15,
      threshold: 0.5,
      interimAllowed: () => true,
      // An option given as undefined keeps its default.
      ...(Object.fromEntries(
        Object.entries(opts).filter(([, v]) => v !== undefined),
      ) as LiveTranscriberOptions),
    };
    if (!this.o.engine === !this.o.decoder)
      throw new Error('give a LiveTranscriber an engine or a decoder');
    this.o.decoder?.onPartial((words) => this.decoderPartial(words));
  }

  /** Seconds of this speaker's audio received so far. */
  get receivedSec(): number {
    return (this.frameIndex * VAD_FRAME_SAMPLES + this.pending.length) / SAMPLE_RATE;
  }

  /** 16 kHz mono samples (-1..1), in order. Scoring runs in the background, in order. */
  push(samples: Float32Array): void {
    if (this.closed) return;
    const joined = new Float32Array(this.pending.length + samples.length);
    joined.set(this.pending);
    joined.set(samples, this.pending.length);
    const whole = Math.floor(joined.length / VAD_FRAME_SAMPLES);
    this.pending = joined.slice(whole * VAD_FRAME_SAMPLES);
    for (let i = 0; i < whole; i++) {
      const frame = joined.slice(i * VAD_FRAME_SAMPLES, (i + 1) * VAD_FRAME_SAMPLES);
      this.scoring = this.scoring.then(() => this.scoreOne(frame));
    }
  }

  /** The stream ended: the utterance in progress becomes final; resolves when all is emitted. */
  async close(): Promise<void> {
    if (this.closed) return this.done();
    this.closed = true;
    await this.scoring;
    if (this.uttStart >= 0) this.endUtterance(this.lastSpeech + 1);
    // The decoder's input ends now, so it finishes (and prints) whatever windows it still has.
    await Promise.all([this.done(), this.o.decoder?.close()]);
  }

  /** Resolves once every window handed to the engine so far has been emitted. */
  async done(): Promise<void> {
    await this.scoring;
    let seen: Promise<void>;
    do {
      seen = this.work;
      await seen;
    } while (seen !== this.work);
  }

  private async scoreOne(frame: Float32Array): Promise<void> {
    const p = await this.o.scoreFrame(frame);
    const i = this.frameIndex++;
    this.frames.push(frame);
    this.probs.push(p);
    const speech = p >= this.o.threshold;
    if (this.uttStart < 0) {
      if (speech) {
        this.uttStart = Math.max(this.bufferStartFrame, i - PRE_PAD_FRAMES);
        this.lastSpeech = i;
        this.speechFrames = 1;
        this.silentRun = 0;
        this.lastInterimFrame = i;
        this.writeDecoder(this.uttStart, i + 1);
      } else {
        this.trim(i + 1 - PRE_PAD_FRAMES);
      }
      return;
    }
    this.writeDecoder(this.writtenTo, i + 1);
    if (speech) {
      this.lastSpeech = i;
      this.speechFrames++;
      this.silentRun = 0;
    } else {
      this.silentRun++;
    }
    const pauseFrames = Math.max(1, Math.round(this.o.pauseSec / FRAME_SEC));
    if (this.silentRun >= pauseFrames) {
      this.endUtterance(this.lastSpeech + 1 + POST_PAD_FRAMES);
      return;
    }
    if ((i + 1 - this.uttStart) * FRAME_SEC >= this.o.maxWindowSec) {
      this.cutLongWindow(i + 1);
      return;
    }
    if (
      this.o.engine &&
      (i + 1 - this.lastInterimFrame) * FRAME_SEC >= this.o.interimEverySec &&
      this.busy === 0 &&
      this.o.interimAllowed()
    ) {
      this.lastInterimFrame = i + 1;
      this.transcribe(this.uttStart, i + 1, false);
    }
  }

  /** Cuts at the quietest frame of the last seconds, so a word is rarely split in two. */
  private cutLongWindow(endFrame: number): void {
    // What the decoder was given cannot be taken back: it is cut where the audio is now.
    const search = this.o.decoder ? 0 : CUT_SEARCH_SEC;
    const from = Math.max(this.uttStart + 1, endFrame - Math.round(search / FRAME_SEC));
    let cut = endFrame;
    let lowest = Infinity;
    for (let f = from; f < endFrame; f++) {
      const p = this.probs[f - this.bufferStartFrame]!;
      if (p < lowest) {
        lowest = p;
        cut = f + 1;
      }
    }
    const rest = cut < endFrame;
    this.emitFinal(this.uttStart, cut);
    this.trim(cut);
    // What follows the cut is the start of the next window of the same stretch of speech.
    this.uttStart = cut;
    this.lastInterimFrame = cut;
    this.speechFrames = rest ? MIN_SPEECH_FRAMES : 0;
    if (!rest) this.uttStart = -1;
  }

  private endUtterance(endFrame: number): void {
    this.o.scoreFrame.reset?.();
    const end = Math.min(endFrame, this.frameIndex);
    if (this.speechFrames >= MIN_SPEECH_FRAMES) this.emitFinal(this.uttStart, end);
    this.uttStart = -1;
    this.speechFrames = 0;
    this.silentRun = 0;
    this.trim(end - PRE_PAD_FRAMES);
  }

  private emitFinal(from: number, to: number): void {
    this.transcribe(from, to, true);
    this.utteranceNo++;
  }

  /** Forgets audio before frame `keepFrom`. */
  private trim(keepFrom: number): void {
    const drop = Math.min(this.frames.length, Math.max(0, keepFrom - this.bufferStartFrame));
    if (drop === 0) return;
    this.frames.splice(0, drop);
    this.probs.splice(0, drop);
    this.bufferStartFrame += drop;
  }

  private windowAudio(from: number, to: number): Float32Array {
    const slice = this.frames.slice(from - this.bufferStartFrame, to - this.bufferStartFrame);
    const out = new Float32Array(slice.length * VAD_FRAME_SAMPLES);
    slice.forEach((f, k) => out.set(f, k * VAD_FRAME_SAMPLES));
    return out;
  }

  /** Hands frames [from, to) of the open window to the decoder (decoder mode). */
  private writeDecoder(from: number, to: number): void {
    if (!this.o.decoder || to <= from) return;
    this.o.decoder.write(this.windowAudio(from, to));
    this.writtenTo = to;
  }

  /** What the decoder finished of the open window: an interim result, after earlier finals. */
  private decoderPartial(words: Word[]): void {
    if (this.uttStart < 0 || this.closed) return;
    const from = this.uttStart;
    const id = `${this.o.speakerId}-${this.utteranceNo}`;
    const end = round2(this.o.startSec + this.writtenTo * FRAME_SEC);
    this.work = this.work.then(() => {
      // The window may have ended meanwhile: its final says the same and more.
      if (this.uttStart !== from) return;
      this.emit(id, from, end, words, false);
    });
  }

  private emit(id: string, from: number, end: number, words: Word[], isFinal: boolean): void {
    const offset = this.o.startSec + from * FRAME_SEC;
    const shifted = words.map((w) => ({
      ...w,
      start: round2(w.start + offset),
      end: round2(w.end + offset),
    }));
    this.o.onSegment({
      id,
      speakerId: this.o.speakerId,
      start: round2(offset),
      end,
      text: shifted.map((w) => w.word).join(' '),
      words: shifted,
      isFinal,
    });
  }

  private transcribe(from: number, to: number, isFinal: boolean): void {
    const id = `${this.o.speakerId}-${this.utteranceNo}`;
    const end = round2(this.o.startSec + to * FRAME_SEC);
    const { decoder, engine } = this.o;
    // Called now, in order: the decoder's next write opens the next window.
    const decoded = decoder ? decoder.endWindow() : null;
    const audio = decoded ? null : this.windowAudio(from, to);
    this.busy++;
    this.work = this.work.then(async () => {
      try {
        let words: Word[];
        if (decoded) words = await decoded;
        else {
          if (!audio || audio.length === 0 || !engine) return;
          ({ words } = await engine.transcribe(audio, {
            speech: [{ start: 0, end: audio.length / SAMPLE_RATE }],
            concurrency: 1,
            maxPieceSec: this.o.maxWindowSec + 1,
          }));
        }
        this.emit(id, from, end, words, isFinal);
      } catch (err) {
        this.o.onError?.(err);
      } finally {
        this.busy--;
      }
    });
  }
}
