// Frames of any video (or a still image) as raw RGB, decoded by ffmpeg and read with
// back-pressure so memory stays at one frame or two however long the recording is.
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import { MediaError, ffprobePath } from '../decode.js';
import { rawRgbFrames } from '../video-frames.js';
import type { Frame } from './types.js';

export const DEFAULT_FPS = 2;
/** Frames are scaled so their longer side is at most this (Human's detector works at 256). */
export const DEFAULT_MAX_SIDE = 640;

export interface VideoInfo {
  width: number;
  height: number;
  durationSec: number;
  hasAudio: boolean;
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-2000)));
    child.once('error', (e) => reject(new MediaError(`cannot run ${cmd}: ${e.message}`, 'tool')));
    child.once('close', (code) =>
      code === 0 ? resolve(out) : reject(new MediaError(err.trim() || `${cmd} exit ${code}`)),
    );
  });
}

/** Display size (rotation applied), duration and whether there is a sound track. */
export async function probeVideoInfo(file: string): Promise<VideoInfo | undefined> {
  try {
    await access(file);
  } catch {
    throw new MediaError(`file not found: ${file}`, 'missing');
  }
  const json = await run(ffprobePath(), [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,width,height:stream_side_data=rotation:stream_tags=rotate:format=duration',
    '-of',
    'json',
    file,
  ]);
  const doc = JSON.parse(json) as {
    streams?: {
      codec_type?: string;
      width?: number;
      height?: number;
      tags?: { rotate?: string };
      side_data_list?: { rotation?: number }[];
    }[];
    format?: { duration?: string };
  };
  const streams = doc.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) return undefined;
  const rotation = Number(video.tags?.rotate ?? video.side_data_list?.[0]?.rotation ?? 0);
  const turned = Math.abs(rotation) % 180 === 90;
  const duration = Number.parseFloat(doc.format?.duration ?? '');
  return {
    width: turned ? video.height! : video.width!,
    height: turned ? video.width! : video.height!,
    durationSec: Number.isFinite(duration) ? duration : 0,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** Size scaled so the longer side is at most maxSide, kept even for the scaler. */
export function scaledSize(width: number, height: number, maxSide: number): [number, number] {
  const k = Math.min(1, maxSide / Math.max(width, height));
  const even = (v: number) => Math.max(2, 2 * Math.round((v * k) / 2));
  return [even(width), even(height)];
}

export interface SampleOptions {
  /** Frames per second taken from the video (2 by default). */
  fps?: number;
  maxSide?: number;
  /**
   * Once aborted, the next frame throws its reason instead of coming: whoever wanted the frames
   * has given the work up (a job handed back), and ffmpeg is stopped with the iteration.
   */
  signal?: AbortSignal;
}

/** Samples frames at `fps`, the first at t = 0, each as rgb24 at most maxSide on its longer side. */
export async function* sampleFrames(file: string, opts: SampleOptions = {}): AsyncGenerator<Frame> {
  const info = await probeVideoInfo(file);
  if (!info) throw new MediaError(`no video in ${file}`, 'no-video');
  const fps = opts.fps ?? DEFAULT_FPS;
  if (!(fps > 0)) throw new MediaError(`fps must be positive, got ${fps}`);
  const [width, height] = scaledSize(info.width, info.height, opts.maxSide ?? DEFAULT_MAX_SIDE);
  // round=up makes frame k the first source frame at or after k / fps, so t below is true time
  // (the default rounding shows a frame up to half an interval later than its index says).
  opts.signal?.throwIfAborted();
  const filter = `fps=${fps}:round=up,scale=${width}:${height}`;
  for await (const frame of rawRgbFrames(file, [filter], width, height, fps)) {
    opts.signal?.throwIfAborted();
    yield frame;
  }
}

/** A still image (any format ffmpeg reads) as one frame at its own size, up to maxSide. */
export async function readImage(file: string, maxSide = 1920): Promise<Frame> {
  const info = await probeVideoInfo(file);
  if (!info) throw new MediaError(`no image in ${file}`);
  const [width, height] = scaledSize(info.width, info.height, maxSide);
  for await (const frame of rawRgbFrames(
    file,
    [`scale=${width}:${height}`, '-frames:v', '1'],
    width,
    height,
    1,
  ))
    return frame;
  throw new MediaError(`no image in ${file}`);
}
