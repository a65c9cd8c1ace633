// Evidence snippets of a verification: a JPEG of the face and a short WAV of the voice,
// encoded by ffmpeg from memory (the face) or from the recording (the voice).
import { spawn } from 'node:child_process';

const ffmpeg = () => process.env.FFMPEG_PATH ?? 'ffmpeg';

function run(args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg(), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-1000)));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(err.trim() || `exit ${code}`)),
    );
    child.stdin.on('error', () => {}); // ffmpeg may close stdin early on a bad input
    child.stdin.end(input ?? Buffer.alloc(0));
  });
}

export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** The box widened by `margin` of its size on every side, clipped to the frame, even-sized. */
export function cropRgb(
  frame: RgbImage,
  box: { x: number; y: number; width: number; height: number },
  margin = 0.25,
): RgbImage {
  const x0 = Math.max(0, Math.floor(box.x - box.width * margin));
  const y0 = Math.max(0, Math.floor(box.y - box.height * margin));
  const x1 = Math.min(frame.width, Math.ceil(box.x + box.width * (1 + margin)));
  const y1 = Math.min(frame.height, Math.ceil(box.y + box.height * (1 + margin)));
  const width = Math.max(2, (x1 - x0) & ~1);
  const height = Math.max(2, (y1 - y0) & ~1);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * frame.width + x0) * 3;
    rgb.set(frame.rgb.subarray(from, from + width * 3), y * width * 3);
  }
  return { rgb, width, height };
}

/** JPEG of an RGB image. */
export function jpegOf(image: RgbImage): Promise<Buffer> {
  return run(
    [
      ...['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
      ...['-s', `${image.width}x${image.height}`, '-i', 'pipe:0'],
      ...['-frames:v', '1', '-q:v', '4', '-f', 'mjpeg', 'pipe:1'],
    ],
    Buffer.from(image.rgb.buffer, image.rgb.byteOffset, image.rgb.byteLength),
  );
}

/** A mono 16 kHz WAV of `seconds` from `start` of a recording's sound. */
export function wavClip(file: string, start: number, seconds: number): Promise<Buffer> {
  return run([
    ...['-v', 'error', '-ss', start.toFixed(3), '-t', seconds.toFixed(3), '-i', file],
    ...['-vn', '-ac', '1', '-ar', '16000', '-f', 'wav', 'pipe:1'],
  ]);
}
