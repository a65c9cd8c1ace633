/** Mean skin colour per frame of a whole video frame (a skin patch), streamed from ffmpeg. */
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { MediaError, ffprobePath } from '../decode.js';
import { rawRgbFrames } from '../video-frames.js';
import type { RgbColour, RgbSample, RgbTrace } from './types.js';

export interface SkinPatchOptions {
  /** Frames per second to sample at; the video's own rate by default (rPPG needs it). */
  fps?: number;
  /** Frames are shrunk (area averaging keeps the mean) to at most this width. 96 by default. */
  maxWidth?: number;
}

/** Pixels darker than this (sum of R+G+B) carry no colour: shadow, hair, background. */
const DARK_SUM = 15;
/** A channel at or above this is clipped: its changes are lost, so the pixel is left out. */
const SATURATED = 250;

interface VideoStream {
  width: number;
  height: number;
  fps: number;
}

function parseRate(rate: string | undefined): number {
  const [num, den] = (rate ?? '').split('/').map(Number);
  const fps = den ? num! / den : Number(num);
  return Number.isFinite(fps) && fps > 0 ? fps : NaN;
}

/** Size and frame rate of the first video stream, from ffprobe. */
export async function probeVideo(file: string): Promise<VideoStream> {
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      ffprobePath(),
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height,avg_frame_rate,r_frame_rate',
        '-of',
        'json',
        file,
      ],
      { encoding: 'utf8' },
      (error, out) => {
        if (!error) resolve(out);
        else if ('code' in error && error.code === 'ENOENT')
          reject(new MediaError(`cannot run ffprobe: ${error.message}`, 'tool'));
        else reject(new MediaError(`ffprobe could not read ${file}`));
      },
    ),
  );
  const doc = JSON.parse(stdout) as {
    streams?: { width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string }[];
  };
  const s = doc.streams?.[0];
  if (!s?.width || !s.height) throw new MediaError(`no video in ${file}`, 'no-video');
  const fps = parseRate(s.avg_frame_rate);
  return {
    width: s.width,
    height: s.height,
    fps: Number.isNaN(fps) ? parseRate(s.r_frame_rate) : fps,
  };
}

/** Mean R, G, B of one rgb24 frame over the pixels that are neither near black nor clipped. */
export function meanSkinColour(frame: Uint8Array): RgbColour {
  const n = Math.floor(frame.length / 3);
  return skinColours(frame, n, 1).whole;
}

/**
 * The frame's skin split into its four quadrants (top left, top right, bottom left, bottom
 * right). A patch often holds a shadow, a strand of hair or a highlight in one part only;
 * quadrants let the estimator weigh each part by its own pulse quality. Four, not more: at
 * the default 96 px width each quadrant still averages over 2,000 pixels, enough to keep
 * 8-bit quantisation noise below a pulse of a fraction of a level.
 */
export function quadrantColours(frame: Uint8Array, width: number, height: number): RgbColour[] {
  return skinColours(frame, width, height).quadrants;
}

/** Whole-frame and per-quadrant skin means in one pass over the pixels. */
function skinColours(
  frame: Uint8Array,
  width: number,
  height: number,
): { whole: RgbColour; quadrants: RgbColour[] } {
  const halfW = Math.max(1, Math.floor(width / 2));
  const halfH = Math.max(1, Math.floor(height / 2));
  // Per quadrant: kept sums (r, g, b, count) then plain sums (r, g, b, count).
  const acc = Array.from({ length: 4 }, () => new Float64Array(8));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (i + 2 >= frame.length) continue;
      const q = acc[(y < halfH ? 0 : 2) + (x < halfW ? 0 : 1)]!;
      const [pr, pg, pb] = [frame[i]!, frame[i + 1]!, frame[i + 2]!];
      q[4] = q[4]! + pr;
      q[5] = q[5]! + pg;
      q[6] = q[6]! + pb;
      q[7] = q[7]! + 1;
      if (pr + pg + pb < DARK_SUM || pr >= SATURATED || pg >= SATURATED || pb >= SATURATED)
        continue;
      q[0] = q[0]! + pr;
      q[1] = q[1]! + pg;
      q[2] = q[2]! + pb;
      q[3] = q[3]! + 1;
    }
  const mean = (sums: Float64Array): RgbColour =>
    // Every pixel dark or clipped: the plain mean at least keeps the time axis whole.
    sums[3]! > 0
      ? { r: sums[0]! / sums[3]!, g: sums[1]! / sums[3]!, b: sums[2]! / sums[3]! }
      : {
          r: sums[4]! / Math.max(1, sums[7]!),
          g: sums[5]! / Math.max(1, sums[7]!),
          b: sums[6]! / Math.max(1, sums[7]!),
        };
  const total = new Float64Array(8);
  for (const q of acc) for (let k = 0; k < 8; k++) total[k] = total[k]! + q[k]!;
  return { whole: mean(total), quadrants: acc.map(mean) };
}

/**
 * Decodes the video with ffmpeg as shrunken rgb24 frames, read with back-pressure so memory
 * stays at a frame or two, and answers the mean skin colour of every frame. For recordings
 * that are a skin patch (no face to find); faces go through the face module's trace. Each
 * sample carries the four quadrants' colours as its regions.
 */
export async function skinPatchTrace(file: string, opts: SkinPatchOptions = {}): Promise<RgbTrace> {
  try {
    await access(file);
  } catch {
    throw new MediaError(`file not found: ${file}`, 'missing');
  }
  const video = await probeVideo(file);
  const fps = opts.fps ?? video.fps;
  if (!(fps > 0)) throw new MediaError(`no frame rate in ${file}`);
  const maxWidth = opts.maxWidth ?? 96;
  const width = Math.min(video.width, maxWidth);
  const height = Math.max(2, 2 * Math.round((video.height * width) / video.width / 2));
  const filters = [`scale=${width}:${height}:flags=area`];
  if (opts.fps !== undefined) filters.unshift(`fps=${opts.fps}`);
  const samples: RgbSample[] = [];
  for await (const frame of rawRgbFrames(file, [filters.join(',')], width, height, fps)) {
    const { whole, quadrants } = skinColours(frame.rgb, width, height);
    samples.push({ t: frame.t, ...whole, regions: quadrants });
  }
  if (samples.length === 0) throw new MediaError(`no video frames in ${file}`);
  return { fps, samples };
}
