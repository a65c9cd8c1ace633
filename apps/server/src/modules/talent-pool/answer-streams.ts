import { createHash, type Hash } from 'node:crypto';
import type { MediaTranscriptStream } from '@parley/analysis';
import { MOCK_RUN_MESSAGES as R, type MockAnswerAudioResult } from '@parley/contracts';
import { conflict } from '../../platform/errors.js';

export interface AnswerStreamsDeps {
  /** A new recogniser fed as the answer is spoken; null when the engine cannot stream. */
  open: (() => MediaTranscriptStream) | null;
  /** Answers transcribed at once as they are spoken; more are transcribed when they end. */
  maxStreams: number;
  /** A stream without a slice for this long is dropped (the tab closed mid-answer). */
  idleMs?: number;
  log: { warn(obj: object, msg: string): void };
}

/** Which answer of an interview: the question and whether it is its follow-up. */
export interface AnswerKey {
  question: number;
  followUp: number;
}

interface Entry {
  key: AnswerKey;
  stream: MediaTranscriptStream;
  nextIndex: number;
  /** Bytes streamed and their running digest: the whole answer must begin with them. */
  bytes: number;
  digest: Hash;
  idle?: NodeJS.Timeout;
}

const sameKey = (a: AnswerKey, b: AnswerKey) =>
  a.question === b.question && a.followUp === b.followUp;

/**
 * The answers of running mock interviews being transcribed while they are spoken (issue 19
 * item 5), one per interview: the page sends the answer's MediaRecorder slices as it records
 * them, and when the answer ends its call hands over the whole audio, whose beginning must be
 * the bytes streamed; only the rest is left to recognise. Streams live in this process: an
 * answer call that reaches another API process, a stream that failed, or audio that is not the
 * streamed one's continuation is transcribed whole, as before. Ownership is checked by the
 * caller (run-service) before any of this is reached.
 */
export function createAnswerStreams(deps: AnswerStreamsDeps) {
  const streams = new Map<string, Entry>();
  const idleMs = deps.idleMs ?? 60_000;

  function drop(interviewId: string): void {
    const entry = streams.get(interviewId);
    if (!entry) return;
    streams.delete(interviewId);
    clearTimeout(entry.idle);
    entry.stream.abort();
  }

  function touch(interviewId: string, entry: Entry): void {
    clearTimeout(entry.idle);
    entry.idle = setTimeout(() => drop(interviewId), idleMs);
    entry.idle.unref();
  }

  return {
    /** One slice of the answer being spoken, in order; index 0 starts the answer again. */
    append(
      interviewId: string,
      key: AnswerKey,
      index: number,
      body: Buffer,
    ): MockAnswerAudioResult {
      let entry = streams.get(interviewId);
      if (index === 0) {
        // A new answer, or a retake: whatever was streamed before is not part of it.
        drop(interviewId);
        if (!deps.open || streams.size >= deps.maxStreams || body.length === 0)
          return { streaming: false, nextIndex: 0 };
        entry = {
          key,
          stream: deps.open(),
          nextIndex: 0,
          bytes: 0,
          digest: createHash('sha256'),
        };
        streams.set(interviewId, entry);
      }
      if (!entry || !sameKey(entry.key, key)) return { streaming: false, nextIndex: 0 };
      // A retry of a slice already taken: it is there.
      if (index < entry.nextIndex) return { streaming: true, nextIndex: entry.nextIndex };
      if (index > entry.nextIndex) throw conflict(R.chunkOutOfOrder(entry.nextIndex));
      entry.stream.write(body);
      entry.digest.update(body);
      entry.bytes += body.length;
      entry.nextIndex += 1;
      touch(interviewId, entry);
      return { streaming: true, nextIndex: entry.nextIndex };
    },

    /**
     * The answer ended with this audio: its transcript from the stream when the audio begins
     * with what was streamed (the rest is written first), or null to transcribe it whole.
     */
    async finish(interviewId: string, key: AnswerKey, whole: Buffer): Promise<string | null> {
      const entry = streams.get(interviewId);
      if (!entry || !sameKey(entry.key, key)) return null;
      streams.delete(interviewId);
      clearTimeout(entry.idle);
      const prefix = createHash('sha256').update(whole.subarray(0, entry.bytes)).digest('hex');
      if (
        whole.length > 0 &&
        (whole.length < entry.bytes || prefix !== entry.digest.digest('hex'))
      ) {
        entry.stream.abort();
        return null;
      }
      if (whole.length > entry.bytes) entry.stream.write(whole.subarray(entry.bytes));
      try {
        const words = await entry.stream.end();
        return words.map((w) => w.word).join(' ');
      } catch (err) {
        deps.log.warn({ err, interviewId }, 'mock interview: the streamed answer failed');
        return null;
      }
    },

    /** The interview ended: an answer still streaming is not needed any more. */
    drop,

    /** The server is stopping: no recogniser outlives it. */
    dropAll(): void {
      for (const id of [...streams.keys()]) drop(id);
    },

    /** Answers being transcribed now. */
    get size(): number {
      return streams.size;
    },
  };
}
export type AnswerStreams = ReturnType<typeof createAnswerStreams>;
