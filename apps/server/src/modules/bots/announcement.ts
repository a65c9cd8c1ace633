import { spawn } from 'node:child_process';
import type { SpeechSynthesizer } from '../../platform/speech/synthesizer.js';

/**
 * The notetaker's spoken announcement for the bot services, which play MP3 only (Attendee's
 * output_audio, Recall.ai's automatic_audio_output): espeak-ng's WAV encoded once by ffmpeg,
 * then kept. Null when no voice could be made; the chat announcement still says it.
 */
export function createSpokenAnnouncement(opts: {
  speech: SpeechSynthesizer;
  ffmpegPath: string;
  text: string;
  log: { warn(obj: object, msg: string): void };
}): () => Promise<Buffer | null> {
  let made: Promise<Buffer | null> | null = null;
  const encode = (wav: Buffer) =>
    new Promise<Buffer>((resolve, reject) => {
      const ff = spawn(opts.ffmpegPath, [
        '-v',
        'error',
        '-i',
        'pipe:0',
        '-f',
        'mp3',
        '-b:a',
        '64k',
        'pipe:1',
      ]);
      const out: Buffer[] = [];
      let err = '';
      ff.stdout.on('data', (c: Buffer) => out.push(c));
      ff.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-500)));
      ff.on('error', reject);
      ff.on('close', (code) =>
        code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg: ${err || code}`)),
      );
      ff.stdin.end(wav);
    });
  return () => {
    made ??= opts.speech
      .synthesize(opts.text, { language: 'en' })
      .then(({ wav }) => encode(wav))
      .catch((err: unknown) => {
        opts.log.warn({ err }, 'the spoken announcement could not be made');
        made = null;
        return null;
      });
    return made;
  };
}
