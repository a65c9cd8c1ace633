import { describe, expect, it } from 'vitest';
import {
  clock,
  initialRun,
  progressLabel,
  runReducer,
  type RunAction,
  type RunState,
} from './run-state';
import { createSliceUploader } from './slice-uploader';

const settings = { total: 3, thinkSeconds: 2, answerSeconds: 3, retakes: 1 };
const play = (actions: RunAction[], from: RunState = initialRun(settings)) =>
  actions.reduce(runReducer, from);
const tick: RunAction = { type: 'tick' };

describe('the mock interview run', () => {
  it('asks, lets the seeker think, then answers against the clock', () => {
    let s = play([{ type: 'start', index: 0, first: 'Tell me about yourself.' }]);
    expect(s.phase).toBe('asking');
    expect(progressLabel(s)).toBe('Question 1 of 3');
    // The countdown starts only once the avatar has finished asking.
    expect(play([tick], s).phase).toBe('asking');
    s = play([{ type: 'spoken' }], s);
    expect(s).toMatchObject({ phase: 'thinking', secondsLeft: 2 });
    s = play([tick, tick], s);
    expect(s).toMatchObject({ phase: 'answering', secondsLeft: 3 });
    // Answer time running out hands the answer in.
    s = play([tick, tick, tick], s);
    expect(s.phase).toBe('submitting');
  });

  it('skips thinking when asked, and when the interview gives no think time', () => {
    const asked = play([{ type: 'start', index: 0, first: 'Q1' }, { type: 'spoken' }]);
    expect(play([{ type: 'startAnswer' }], asked).phase).toBe('answering');
    const noThink = initialRun({ ...settings, thinkSeconds: 0 });
    expect(
      play([{ type: 'start', index: 0, first: 'Q1' }, { type: 'spoken' }], noThink).phase,
    ).toBe('answering');
  });

  it('moves on to a follow-up, then the next question with fresh retakes, then finishes', () => {
    let s = play([
      { type: 'start', index: 0, first: 'Q1' },
      { type: 'spoken' },
      { type: 'startAnswer' },
      { type: 'retake' },
      { type: 'doneAnswering' },
      { type: 'answered', next: { kind: 'follow-up', index: 0, text: 'Could you say more?' } },
    ]);
    expect(s.phase).toBe('asking');
    expect(s.question).toEqual({ index: 0, text: 'Could you say more?', followUp: true });
    expect(progressLabel(s)).toBe('Question 1 of 3 · follow-up');
    // The follow-up shares its question's retakes, which were used.
    expect(s.retakesLeft).toBe(0);
    s = play(
      [
        { type: 'spoken' },
        { type: 'startAnswer' },
        { type: 'doneAnswering' },
        { type: 'answered', next: { kind: 'question', index: 1, text: 'Q2' } },
      ],
      s,
    );
    expect(s).toMatchObject({ phase: 'asking', retakesLeft: 1 });
    expect(progressLabel(s)).toBe('Question 2 of 3');
    s = play(
      [
        { type: 'spoken' },
        { type: 'startAnswer' },
        { type: 'doneAnswering' },
        { type: 'answered', next: { kind: 'done', index: 3, text: '' } },
      ],
      s,
    );
    expect(s.phase).toBe('finishing');
    expect(play([{ type: 'finished', meetingId: 'm1' }], s)).toMatchObject({
      phase: 'done',
      meetingId: 'm1',
      endedEarly: false,
    });
  });

  it('allows a retake only while answering and only while retakes are left', () => {
    const answeringNow = play([
      { type: 'start', index: 0, first: 'Q1' },
      { type: 'spoken' },
      { type: 'startAnswer' },
    ]);
    const after = play([tick, { type: 'retake' }], answeringNow);
    expect(after).toMatchObject({ phase: 'answering', secondsLeft: 3, retakesLeft: 0, take: 1 });
    // None left: a second retake changes nothing.
    expect(play([{ type: 'retake' }], after)).toBe(after);
    const thinkingNow = play([{ type: 'start', index: 0, first: 'Q1' }, { type: 'spoken' }]);
    expect(play([{ type: 'retake' }], thinkingNow)).toBe(thinkingNow);
  });

  it('ends early from any question, but not before it starts or twice', () => {
    const s = play([
      { type: 'start', index: 0, first: 'Q1' },
      { type: 'spoken' },
      { type: 'endEarly' },
    ]);
    expect(s).toMatchObject({ phase: 'finishing', endedEarly: true });
    expect(play([{ type: 'endEarly' }], initialRun(settings)).phase).toBe('intro');
    expect(play([{ type: 'endEarly' }], s)).toBe(s);
  });

  it('writes the clock as minutes and seconds', () => {
    expect(clock(125)).toBe('2:05');
    expect(clock(9)).toBe('0:09');
  });
});

describe('the slice uploader', () => {
  it('sends slices in order, one at a time, retrying a failed send', async () => {
    const seen: number[] = [];
    let failOnce = true;
    const uploader = createSliceUploader({
      firstIndex: 4,
      sleep: async () => {},
      async send(index) {
        if (index === 5 && failOnce) {
          failOnce = false;
          throw new Error('network');
        }
        seen.push(index);
      },
    });
    for (const part of ['a', 'b', '', 'c']) uploader.push(new Blob([part]));
    await uploader.drain();
    // The empty slice is not sent; the failed one is sent again before the next.
    expect(seen).toEqual([4, 5, 6]);
    expect(uploader.sent).toBe(3);
  });

  it('stops at a slice that never arrives, so the recording has no hole, and says so', async () => {
    const seen: number[] = [];
    const uploader = createSliceUploader({
      firstIndex: 0,
      tries: 2,
      sleep: async () => {},
      async send(index) {
        if (index === 1) throw new Error('offline');
        seen.push(index);
      },
    });
    for (const part of ['a', 'b', 'c']) uploader.push(new Blob([part]));
    await expect(uploader.drain()).rejects.toThrow('offline');
    expect(seen).toEqual([0]);
  });
});
