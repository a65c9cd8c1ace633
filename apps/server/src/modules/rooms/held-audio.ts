import { ROOM } from '@parley/contracts';
import type { LiveSpeaker } from '../live/index.js';

/**
 * How much of each participant's audio is kept while the call's live session is not open
 * yet. The notetaker streams as soon as it hears people, which can be before the server has
 * opened the recording and the live session (a file to create, on a loaded machine perhaps
 * seconds); the first words of a call are said then. Beyond this the oldest goes.
 */
export const HELD_AUDIO_SEC = 20;
const MAX_SAMPLES = HELD_AUDIO_SEC * ROOM.pcmSampleRate;

interface Held {
  speaker: LiveSpeaker;
  chunks: Int16Array[];
  samples: number;
}

/**
 * Each participant's audio from before the live session opened, in order and bounded, handed
 * over once it is open. Consent withdrawn before that clears it: nothing is transcribed.
 */
export class HeldAudio {
  private readonly held = new Map<string, Held>();

  hold(speaker: LiveSpeaker, pcm: Int16Array): void {
    const h = this.held.get(speaker.id) ?? { speaker, chunks: [], samples: 0 };
    h.speaker = speaker;
    h.chunks.push(pcm);
    h.samples += pcm.length;
    while (h.samples - h.chunks[0]!.length >= MAX_SAMPLES) h.samples -= h.chunks.shift()!.length;
    this.held.set(speaker.id, h);
  }

  /**
   * What is held, one piece per participant, and forgets it. One piece, so the live session
   * places the participant's first sample at now less the whole of what was held.
   */
  take(): { speaker: LiveSpeaker; pcm: Int16Array }[] {
    const out = [...this.held.values()].map(({ speaker, chunks, samples }) => {
      const pcm = new Int16Array(samples);
      let at = 0;
      for (const c of chunks) {
        pcm.set(c, at);
        at += c.length;
      }
      return { speaker, pcm };
    });
    this.held.clear();
    return out;
  }

  clear(): void {
    this.held.clear();
  }
}
