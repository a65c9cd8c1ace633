import { SAMPLE_RATE } from '../decode.js';
import { exited, killChild, runningLeveller, spawnRecogniser } from './pocketsphinx-stream.js';
import { parsePocketsphinx } from './pocketsphinx.js';
import type { Word } from './types.js';

/**
 * One speaker's speech decoder that stays open for the whole call: the audio of each window
 * (an utterance the live transcriber found) is written as it arrives, the words the decoder
 * has finished so far come out as they are ready, and the window's words once it ends.
 */
export interface LiveWindowDecoder {
  /** 16 kHz samples (-1..1) of the open window, in order. */
  write(samples: Float32Array): void;
  /**
   * The open window ended: resolves with all its words, times in seconds from the window's
   * first sample. The next write opens the next window.
   */
  endWindow(): Promise<Word[]>;
  /** Called with the open window's words each time the decoder finishes a stretch of it. */
  onPartial(listener: (words: Word[]) => void): void;
  /** No more windows: the process exits once what was written is decoded. */
  close(): Promise<void>;
}

export interface PocketsphinxLiveOptions {
  binary?: string;
}

/**
 * Silence written after a window: pocketsphinx ends its utterance after 0.5 s of silence
 * (`-vad_postspeech 50`), so the window's last words are printed within this.
 */
const PAD_SEC = 1;
/**
 * A tone written after the pad. pocketsphinx prints nothing for input its pause detection
 * took for silence, so the window's end cannot be told from its words; the tone is always
 * an utterance of its own, and its lines, printed in order after everything before them,
 * say the window is complete. Its frames are decoded too: a few percent of the CPU time.
 */
const BEACON_SEC = 0.3;
const BEACON_HZ = 1000;
const BEACON_LEVEL = 0.5;

interface Window {
  /** Decoder-clock seconds where the window's audio starts. */
  start: number;
  /** Where its beacon starts, once the window has ended. */
  beacon: number | null;
  words: Word[];
  resolve: (words: Word[]) => void;
  reject: (err: Error) => void;
  promise: Promise<Word[]>;
}

/** How long close() lets the process finish what it was given before killing it. */
const CLOSE_WAIT_MS = 5 * 60_000;

const round2 = (x: number): number => Math.round(x * 100) / 100;

function beaconSamples(): Float32Array {
  const out = new Float32Array(Math.round(BEACON_SEC * SAMPLE_RATE));
  for (let i = 0; i < out.length; i++)
    out[i] = BEACON_LEVEL * Math.sin((2 * Math.PI * BEACON_HZ * i) / SAMPLE_RATE);
  return out;
}

/**
 * A LiveWindowDecoder on one pocketsphinx_continuous process: its model is loaded once per
 * speaker, not once per window (about 1.1 s of CPU each), and it decodes while the person
 * speaks. The windows are written one after another, each followed by a pad of silence and
 * a beacon tone; only windows are written, not the silence between them. The decoder's clock
 * counts what was written, so each printed word falls in the window it came from. Partial
 * results are the utterances pocketsphinx ends at its own shorter pauses (0.5 s) inside a
 * window: pocketsphinx_continuous prints nothing of an utterance before it ends.
 */
export function openPocketsphinxLive(opts: PocketsphinxLiveOptions = {}): LiveWindowDecoder {
  const binary = opts.binary ?? process.env.POCKETSPHINX_PATH ?? 'pocketsphinx_continuous';
  const recogniser = spawnRecogniser(binary);
  const level = runningLeveller();
  const silence = Buffer.alloc(Math.round(PAD_SEC * SAMPLE_RATE) * 2);
  const beacon = Buffer.alloc(Math.round(BEACON_SEC * SAMPLE_RATE) * 2);
  const tone = beaconSamples();
  for (let i = 0; i < tone.length; i++) beacon.writeInt16LE(Math.round(tone[i]! * 32767), i * 2);

  /** Samples written so far: the decoder's clock. */
  let written = 0;
  const windows: Window[] = [];
  let open: Window | null = null;
  let failure: Error | null = null;
  const partialListeners: ((words: Word[]) => void)[] = [];

  const send = (bytes: Buffer) => {
    if (failure || recogniser.stdin.destroyed) return;
    recogniser.stdin.write(bytes);
    written += bytes.length / 2;
  };
  const fail = (err: Error) => {
    failure ??= err;
    for (const w of windows.splice(0)) w.reject(failure);
  };

  /** Which window a word printed at decoder time `t` belongs to (null: a beacon's). */
  const windowAt = (t: number): Window | null => {
    for (let k = windows.length - 1; k >= 0; k--) {
      const w = windows[k]!;
      if (t < w.start) continue;
      return w.beacon === null || t < w.beacon ? w : null;
    }
    return null;
  };

  /** Everything printed up to decoder time `t` is in: windows whose beacon lies before are done. */
  const settleUpTo = (t: number) => {
    while (windows[0] && windows[0].beacon !== null && windows[0].beacon <= t) {
      const w = windows.shift()!;
      w.resolve(w.words);
    }
  };

  let pendingLine = '';
  recogniser.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pendingLine + chunk).split('\n');
    pendingLine = lines.pop()!;
    let touched: Window | null = null;
    for (const line of lines) {
      const m = /^\S+ (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) \S+$/.exec(line.trim());
      if (!m) continue;
      const start = Number(m[1]);
      const end = Number(m[2]);
      const w = windowAt(start);
      for (const word of parsePocketsphinx(line)) {
        if (!w) continue;
        w.words.push({
          ...word,
          start: round2(word.start - w.start),
          end: round2(word.end - w.start),
        });
        touched = w;
      }
      settleUpTo(end);
    }
    if (touched && touched === open)
      for (const listener of partialListeners) listener([...touched.words]);
  });
  let stderr = '';
  recogniser.stderr
    .setEncoding('utf8')
    .on('data', (d: string) => (stderr = (stderr + d).slice(-1000)));
  recogniser.stdin.on('error', (err) => fail(err));
  const finished = exited(recogniser, binary, () => stderr).then(
    () => {
      // At the end of its input pocketsphinx ends the last utterance: nothing more will come.
      for (const w of windows.splice(0)) w.resolve(w.words);
    },
    (err: Error) => fail(err),
  );

  return {
    write(samples) {
      if (!open) {
        let resolve!: (words: Word[]) => void;
        let reject!: (err: Error) => void;
        const promise = new Promise<Word[]>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        // A caller that never awaits a failed window must not crash the process.
        promise.catch(() => {});
        open = { start: written / SAMPLE_RATE, beacon: null, words: [], resolve, reject, promise };
        if (failure) reject(failure);
        else windows.push(open);
        // Each window levelled on its own, as the offline pieces are: one loud speaker must
        // not leave a quiet one after them at a fraction of the decoder's range.
        level.reset();
      }
      send(level.fromFloat(samples));
    },
    endWindow() {
      const w = open;
      if (!w) return Promise.resolve([]);
      open = null;
      send(silence);
      w.beacon = written / SAMPLE_RATE;
      send(beacon);
      send(silence);
      return w.promise;
    },
    onPartial(listener) {
      partialListeners.push(listener);
    },
    async close() {
      if (!recogniser.stdin.destroyed) recogniser.stdin.end();
      // Decoding is slower than speech on a loaded machine: only a stuck process is killed.
      const timer = setTimeout(() => killChild(recogniser, true), CLOSE_WAIT_MS);
      try {
        await finished;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
