import type { SpeechClip, VisemeCue } from '@parley/contracts';
import type { AudioClock } from './animation';

/** What the driver reads while a clip plays. */
export interface PlayingClip {
  cues: readonly VisemeCue[];
  clock: AudioClock;
}

export function clipUrl(clip: SpeechClip): string {
  const bytes = Uint8Array.from(atob(clip.audio), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: clip.mimeType }));
}

/**
 * Plays speech clips one after another through one <audio> element (the clock the mouth
 * follows). `stop()` is the interrupt: the current clip and everything queued are dropped.
 */
export function createSpeaker(audio: HTMLAudioElement = new Audio()) {
  let current: PlayingClip | null = null;
  let url: string | null = null;
  let chain: Promise<void> = Promise.resolve();
  let generation = 0;

  const release = () => {
    if (url) URL.revokeObjectURL(url);
    url = null;
  };

  function playNow(clip: SpeechClip): Promise<void> {
    release();
    url = clipUrl(clip);
    audio.src = url;
    current = { cues: clip.visemes, clock: audio };
    return new Promise<void>((resolve) => {
      const done = () => {
        audio.removeEventListener('ended', done);
        audio.removeEventListener('error', done);
        audio.removeEventListener('pause', done);
        resolve();
      };
      audio.addEventListener('ended', done);
      audio.addEventListener('error', done);
      audio.addEventListener('pause', done);
      audio.play().catch(done);
    });
  }

  return {
    audio,
    current: () => current,
    /** Queues a clip (or a clip still being synthesised) behind what is playing. */
    enqueue(next: Promise<SpeechClip> | SpeechClip): Promise<void> {
      const mine = generation;
      const run = chain.then(async () => {
        const clip = await next;
        if (mine !== generation) return;
        await playNow(clip);
      });
      // The queue goes on after a clip that failed; the caller hears about the failure.
      chain = run.catch(() => undefined);
      return run;
    },
    stop() {
      generation++;
      audio.pause();
      current = null;
      chain = Promise.resolve();
    },
    dispose() {
      this.stop();
      release();
    },
  };
}
export type Speaker = ReturnType<typeof createSpeaker>;
