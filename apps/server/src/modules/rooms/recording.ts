import { execFile } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The bot's recording as it arrives: MediaRecorder slices appended in order to a WebM file on
 * disk, so a crash of the bot or the browser loses only the slice in flight. At the end the
 * file is remuxed (stream copy) to Matroska, which gives it the duration and index a live
 * WebM lacks and an extension the media step accepts.
 */
export interface RoomRecording {
  append(seq: number, data: Buffer): void;
  readonly bytes: number;
  /** Closes the file; answers the remuxed recording, or null when nothing was recorded. */
  finish(): Promise<{ file: string; sizeBytes: number } | null>;
  discard(): Promise<void>;
}

export async function openRoomRecording(
  dir: string,
  meetingId: string,
  ffmpegPath: string,
): Promise<RoomRecording> {
  await mkdir(dir, { recursive: true });
  const webm = path.join(dir, `${meetingId}.webm`);
  const mkv = path.join(dir, `${meetingId}.mkv`);
  const out: WriteStream = createWriteStream(webm);
  let bytes = 0;
  let nextSeq = 0;
  let closed = false;
  const close = () =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      closed = true;
      out.end(() => resolve());
    });

  return {
    append(seq, data) {
      // Slices come in order over one socket; one out of order means the stream is broken
      // there, and a WebM with a hole in it would not decode past it.
      if (closed || seq !== nextSeq) return;
      nextSeq += 1;
      bytes += data.length;
      out.write(data);
    },
    get bytes() {
      return bytes;
    },
    async finish() {
      await close();
      if (bytes === 0) {
        await rm(webm, { force: true });
        return null;
      }
      await new Promise<void>((resolve, reject) => {
        execFile(
          ffmpegPath,
          ['-v', 'error', '-y', '-fflags', '+genpts', '-i', webm, '-c', 'copy', mkv],
          { timeout: 120_000 },
          (err, _stdout, stderr) =>
            err ? reject(new Error(`remux failed: ${stderr || err.message}`)) : resolve(),
        );
      });
      await rm(webm, { force: true });
      return { file: mkv, sizeBytes: (await stat(mkv)).size };
    },
    async discard() {
      await close();
      await rm(webm, { force: true });
      await rm(mkv, { force: true });
    },
  };
}
