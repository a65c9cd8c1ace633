import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOCK_RUN_LIMITS } from '@parley/contracts';
import { createAnswerStreamer, type AnswerSliceAck } from './answer-streamer';
import { recordAnswer } from './interview-media';

const blob = (text: string) => new Blob([text], { type: 'audio/webm' });
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A server that takes slices in order, answering each after `release()`. */
function server(streaming = true) {
  const got: { index: number; text: string }[] = [];
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let most = 0;
  const send = async (index: number, slice: Blob): Promise<AnswerSliceAck> => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise<void>((r) => waiting.push(r));
    got.push({ index, text: await slice.text() });
    inFlight -= 1;
    return { streaming, nextIndex: streaming ? index + 1 : 0 };
  };
  const release = async () => {
    while (waiting.length) {
      waiting.shift()!();
      await settle();
      await settle();
    }
  };
  return { send, got, release, most: () => most };
}

describe('streaming an answer while it is spoken', () => {
  it('sends the slices in order, one at a time, numbered from 0', async () => {
    const s = server();
    const streamer = createAnswerStreamer(s.send);
    for (const t of ['a', 'b', 'c']) streamer.push(blob(t));
    streamer.push(blob(''));
    await settle();
    await s.release();
    expect(s.got).toEqual([
      { index: 0, text: 'a' },
      { index: 1, text: 'b' },
      { index: 2, text: 'c' },
    ]);
    expect(s.most()).toBe(1);
    expect(streamer.sent).toBe(3);
    expect(streamer.streaming).toBe(true);
  });

  it('stops when the server does not stream, and after a slice that failed', async () => {
    const off = server(false);
    const declined = createAnswerStreamer(off.send);
    declined.push(blob('a'));
    declined.push(blob('b'));
    await settle();
    await off.release();
    expect(off.got.map((g) => g.index)).toEqual([0]);
    expect(declined.streaming).toBe(false);
    expect(declined.sent).toBe(0);

    const send = vi
      .fn<(index: number, slice: Blob) => Promise<AnswerSliceAck>>()
      .mockResolvedValueOnce({ streaming: true, nextIndex: 1 })
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ streaming: true, nextIndex: 3 });
    const failing = createAnswerStreamer(send);
    for (const t of ['a', 'b', 'c']) failing.push(blob(t));
    await settle();
    await settle();
    await settle();
    // No slice after the one that failed: the server would see a hole.
    expect(send).toHaveBeenCalledTimes(2);
    expect(failing.sent).toBe(1);
    expect(failing.streaming).toBe(false);
  });

  it('sends nothing more once the answer ended', async () => {
    const s = server();
    const streamer = createAnswerStreamer(s.send);
    streamer.push(blob('a'));
    streamer.push(blob('b'));
    await settle();
    streamer.close();
    streamer.push(blob('c'));
    await s.release();
    expect(s.got.map((g) => g.text)).toEqual(['a']);
    expect(streamer.streaming).toBe(false);
  });
});

/** The browser's MediaRecorder as far as recordAnswer uses it: slices on a timer, one at stop. */
class FakeRecorder {
  static made: FakeRecorder[] = [];
  static isTypeSupported = (t: string) => t === 'audio/webm';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm';
  timeslice: number | undefined;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  private listeners: (() => void)[] = [];
  constructor() {
    FakeRecorder.made.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  slice(text: string) {
    this.ondataavailable?.({ data: blob(text) });
  }
  stop() {
    this.state = 'inactive';
    this.slice('last');
    this.listeners.forEach((l) => l());
  }
  addEventListener(_: 'stop', l: () => void) {
    this.listeners.push(l);
  }
}

describe('recording an answer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('streams its slices as they are made and gives the whole audio at the end', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal(
      'MediaStream',
      class {
        constructor(readonly tracks: unknown[]) {}
      },
    );
    const streamed: string[] = [];
    const streamer = createAnswerStreamer(async (index, slice) => {
      streamed.push(await slice.text());
      return { streaming: true, nextIndex: index + 1 };
    });
    const mic = { getAudioTracks: () => [] } as unknown as MediaStream;
    const take = recordAnswer(mic, streamer);
    const recorder = FakeRecorder.made.at(-1)!;
    expect(recorder.timeslice).toBe(MOCK_RUN_LIMITS.answerSliceMs);
    // Half a second apart, as the recorder makes them: each is sent before the next comes.
    recorder.slice('one ');
    await settle();
    recorder.slice('two ');
    await settle();
    const whole = await take.stop();
    await settle();
    // The last slice rides with the answer call, which carries every slice.
    expect(streamed).toEqual(['one ', 'two ']);
    expect(await whole.text()).toBe('one two last');
  });
});
