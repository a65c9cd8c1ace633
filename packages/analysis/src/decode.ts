import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';

/** Every analysis step works on this: 16 kHz, mono, samples in [-1, 1). */
export const SAMPLE_RATE = 16_000;

/**
 * What went wrong with a media file: the file itself ('unreadable', 'no-audio', 'no-video':
 * no retry can fix it), its absence ('missing') or the tools ('tool': ffmpeg not installed).
 */
export type MediaErrorKind = 'unreadable' | 'no-audio' | 'no-video' | 'missing' | 'tool';

export class MediaError extends Error {
  override name = 'MediaError';
  constructor(
    message: string,
    readonly kind: MediaErrorKind = 'unreadable',
  ) {
    super(message);
  }
}

/** The ffmpeg binary (Debian's by default). */
export const ffmpegPath = (): string => process.env.FFMPEG_PATH ?? 'ffmpeg';
// Debian ships ffprobe beside ffmpeg; derive it so one override moves both.
export const ffprobePath = (): string =>
  process.env.FFPROBE_PATH ??
  (process.env.FFMPEG_PATH
    ? process.env.FFMPEG_PATH.replace(/ffmpeg(\.exe)?$/, 'ffprobe$1')
    : 'ffprobe');

async function assertReadable(file: string): Promise<void> {
  try {
    await access(file);
  } catch {
    throw new MediaError(`file not found: ${file}`, 'missing');
  }
}

export interface DecodeOptions {
  /** Samples per yielded frame (the last one may be shorter). 1 s by default. */
  frameSamples?: number;
  /** Extra ffmpeg audio filter, e.g. 'loudnorm'. */
  filter?: string;
  /**
   * Filled in as the file decodes: how many damaged packets ffmpeg skipped. A damaged file
   * still decodes (ffmpeg drops what it cannot read and goes on); this is how a caller learns
   * that part of it was lost.
   */
  report?: DecodeReport;
}

export interface DecodeReport {
  /** "Error while decoding stream …" lines: packets dropped (and left silent, see below). */
  decodeErrors: number;
}

/** ffmpeg's line for each packet its decoder could not read and skipped. */
const DECODE_ERROR_LINE = /^Error while decoding stream/;

/**
 * Streams any media file as 16 kHz mono PCM frames. ffmpeg's stdout is read with
 * back-pressure, so memory stays at a few frames however long the recording is.
 */
export async function* decodePcm(
  file: string,
  opts: DecodeOptions = {},
): AsyncGenerator<Float32Array> {
  await assertReadable(file);
  const frameSamples = opts.frameSamples ?? SAMPLE_RATE;
  const args = [
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    file,
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(SAMPLE_RATE),
  ];
  // Fill a gap in the audio's timestamps (packets lost to damage) with silence instead of
  // closing it up, so every word after the damage keeps its place on the recording's timeline.
  // async=1 only acts on gaps of more than min_hard_comp (0.1 s): an intact file decodes to the
  // same samples with or without it.
  const filters = ['aresample=async=1:first_pts=0', ...(opts.filter ? [opts.filter] : [])];
  args.push('-af', filters.join(','));
  args.push('-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1');
  const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let partialLine = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr = (stderr + d).slice(-4000);
    if (!opts.report) return;
    const lines = (partialLine + d).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines) if (DECODE_ERROR_LINE.test(line)) opts.report.decodeErrors++;
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', (e) =>
      reject(new MediaError(`cannot run ffmpeg (${ffmpegPath()}): ${e.message}`, 'tool')),
    );
    child.once('close', (code) => resolve(code ?? 1));
  });
  exited.catch(() => undefined); // observed below; avoid an unhandled rejection meanwhile

  let frame = new Float32Array(frameSamples);
  let filled = 0;
  let carry: Buffer | undefined; // a byte left over when a chunk splits a sample
  let total = 0;
  try {
    for await (const data of child.stdout as AsyncIterable<Buffer>) {
      const chunk = carry ? Buffer.concat([carry, data]) : data;
      const even = chunk.length & ~1;
      carry = even < chunk.length ? chunk.subarray(even) : undefined;
      for (let i = 0; i < even; i += 2) {
        frame[filled++] = chunk.readInt16LE(i) / 32768;
        if (filled === frameSamples) {
          total += filled;
          yield frame;
          frame = new Float32Array(frameSamples);
          filled = 0;
        }
      }
    }
    total += filled;
    const code = await exited;
    // ffmpeg's wording when -vn leaves nothing to write: a video without a sound track.
    if (code !== 0 && /does not contain any stream|matches no streams/.test(stderr))
      throw new MediaError(`no audio in ${file}`, 'no-audio');
    if (code !== 0)
      throw new MediaError(`ffmpeg could not decode ${file}: ${stderr.trim() || `exit ${code}`}`);
    if (total === 0) throw new MediaError(`no audio in ${file}`, 'no-audio');
    if (filled > 0) yield frame.subarray(0, filled);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** Decodes a whole (short) file into one array: 1 minute is 3.8 MB. */
export async function decodeAll(file: string, opts: DecodeOptions = {}): Promise<Float32Array> {
  const frames: Float32Array[] = [];
  let length = 0;
  for await (const f of decodePcm(file, opts)) {
    frames.push(f);
    length += f.length;
  }
  const out = new Float32Array(length);
  let at = 0;
  for (const f of frames) {
    out.set(f, at);
    at += f.length;
  }
  return out;
}

/** Container duration in seconds, from ffprobe. */
export async function probeDuration(file: string): Promise<number> {
  await assertReadable(file);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(ffprobePath(), [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
    child.once('error', (e) => reject(new MediaError(`cannot run ffprobe: ${e.message}`, 'tool')));
    child.once('close', (code) =>
      code === 0 ? resolve(text) : reject(new MediaError(`ffprobe could not read ${file}`)),
    );
  });
  const seconds = Number.parseFloat(out.trim());
  if (!Number.isFinite(seconds)) throw new MediaError(`no duration in ${file}`);
  return seconds;
}

/**
 * Whether ffprobe reads the file as a still picture: its image demuxers (image2 for .jpg,
 * png_pipe, webp_pipe, …) are what a photo opens with, whatever its name says. A file
 * ffprobe cannot read is not called an image; decoding it gives the real error.
 */
export async function isStillImage(file: string): Promise<boolean> {
  await assertReadable(file);
  const format = await new Promise<string>((resolve) => {
    const child = spawn(ffprobePath(), [
      ...['-v', 'error', '-show_entries', 'format=format_name', '-of', 'csv=p=0', file],
    ]);
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
    child.once('error', () => resolve(''));
    child.once('close', (code) => resolve(code === 0 ? text.trim() : ''));
  });
  return /^image2$|_pipe$/.test(format);
}
