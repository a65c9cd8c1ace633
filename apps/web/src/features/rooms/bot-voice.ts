/**
 * The Parley Notetaker's voice, in the bot page its headless Chromium opens: a WebAudio graph
 * whose output is the one audio track the bot publishes to everyone in the call. Speech the
 * server synthesised (a WAV file) is decoded and played into it; between announcements the
 * track carries silence.
 */
export class BotVoice {
  private readonly ctx = new AudioContext();
  private readonly out = this.ctx.createMediaStreamDestination();
  private playing: Promise<void> = Promise.resolve();

  /** What the bot sends: one audio track, silent unless it speaks. */
  get stream(): MediaStream {
    return this.out.stream;
  }

  /** Plays a WAV file into the call, after whatever it is still saying. */
  say(wav: ArrayBuffer): Promise<void> {
    this.playing = this.playing.then(async () => {
      await this.ctx.resume();
      const buffer = await this.ctx.decodeAudioData(wav.slice(0));
      const source = this.ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(this.out);
      await new Promise<void>((resolve) => {
        source.onended = () => resolve();
        source.start();
      });
      source.disconnect();
    });
    return this.playing.catch((err: unknown) => console.warn('bot voice: could not speak', err));
  }

  close(): void {
    void this.ctx.close();
  }
}
