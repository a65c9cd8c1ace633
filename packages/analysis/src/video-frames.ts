import { spawn } from 'node:child_process';
import { MediaError, ffmpegPath } from './decode.js';

/** One decoded video frame: rgb24 pixels, row by row; t in seconds from the start. */
export interface RgbFrame {
  t: number;
  width: number;
  height: number;
  rgb: Uint8Array;
}

/**
 * Decodes `file` with ffmpeg through a video filter to width×height rgb24 frames, read with
 * back-pressure (memory stays at a frame or two). `filterAndLimit` is the -vf filter followed
 * by any output limits (e.g. '-frames:v', '1'); frame k is at k / fps. Each frame is a new buffer.
 */
export async function* rawRgbFrames(
  file: string,
  filterAndLimit: string[],
  width: number,
  height: number,
  fps: number,
): AsyncGenerator<RgbFrame> {
  const frameBytes = width * height * 3;
  const [filter, ...limit] = filterAndLimit;
  const args = [
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    file,
    '-an',
    '-vf',
    filter!,
    ...limit,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ];
  const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', (e) => reject(new MediaError(`cannot run ffmpeg: ${e.message}`, 'tool')));
    child.once('close', (code) => resolve(code ?? 1));
  });
  exited.catch(() => undefined);
  let frame = new Uint8Array(frameBytes);
  let filled = 0;
  let index = 0;
  try {
    for await (const data of child.stdout as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < data.length) {
        const take = Math.min(frameBytes - filled, data.length - at);
        frame.set(data.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled === frameBytes) {
          yield { t: index++ / fps, width, height, rgb: frame };
          frame = new Uint8Array(frameBytes);
          filled = 0;
        }
      }
    }
    const code = await exited;
    if (code !== 0)
      throw new MediaError(`ffmpeg could not decode ${file}: ${stderr.trim() || `exit ${code}`}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
