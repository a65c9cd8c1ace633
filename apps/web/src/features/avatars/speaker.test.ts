import { describe, expect, it } from 'vitest';
import type { SpeechClip } from '@parley/contracts';
import { avatarWidth } from './AvatarPage';
import { createSpeaker } from './speaker';

/** The part of <audio> the speaker uses, driven by the test: play starts, end() finishes. */
class FakeAudio extends EventTarget {
  src = '';
  currentTime = 0;
  paused = true;
  ended = false;
  played: string[] = [];
  play() {
    this.paused = false;
    this.ended = false;
    this.played.push(this.src);
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  end() {
    this.paused = true;
    this.ended = true;
    this.dispatchEvent(new Event('ended'));
  }
}

const clip = (v: string): SpeechClip => ({
  audio: btoa('RIFF'),
  mimeType: 'audio/wav',
  durationMs: 500,
  engine: 'espeak-ng',
  visemes: [{ t: 0, v }],
  timing: 'estimated-from-voiced-audio',
  source: 'synthesised',
});
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the avatar speaker', () => {
  it('plays the backend’s responses in order, one after another', async () => {
    const audio = new FakeAudio();
    const speaker = createSpeaker(audio as unknown as HTMLAudioElement);
    void speaker.enqueue(clip('A'));
    void speaker.enqueue(clip('O'));
    await tick();
    expect(speaker.current()?.cues[0]?.v).toBe('A');
    expect(audio.played).toHaveLength(1);
    audio.end();
    await tick();
    expect(speaker.current()?.cues[0]?.v).toBe('O');
    expect(audio.played).toHaveLength(2);
  });

  it('drops what is playing and everything queued on an interrupt', async () => {
    const audio = new FakeAudio();
    const speaker = createSpeaker(audio as unknown as HTMLAudioElement);
    let release: (c: SpeechClip) => void = () => undefined;
    void speaker.enqueue(clip('A'));
    // The next one is still being synthesised when the interrupt comes.
    void speaker.enqueue(new Promise<SpeechClip>((r) => (release = r)));
    await tick();
    speaker.stop();
    expect(audio.paused).toBe(true);
    expect(speaker.current()).toBeNull();
    release(clip('O'));
    await tick();
    expect(audio.played).toHaveLength(1);
    // Speech after the interrupt plays.
    void speaker.enqueue(clip('E'));
    await tick();
    expect(speaker.current()?.cues[0]?.v).toBe('E');
  });

  it('shrinks the avatar under 470 px to the viewport minus 50 px (spec 2 §9)', () => {
    expect(avatarWidth(1024)).toBe(440);
    expect(avatarWidth(470)).toBe(440);
    expect(avatarWidth(469)).toBe(419);
    expect(avatarWidth(390)).toBe(340);
  });
});
