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
  return meanOfPixels(
    frame,
    Array.from({ length: Math.floor(frame.length / 3) }, (_, i) => i),
  );
}

/**
 * The frame's skin split into its four quadrants (top left, top right, bottom left, bottom
 * right). A patch often holds a shadow, a strand of hair or a highlight in one part only;
 * quadrants let the estimator weigh each part by its own pulse quality. Four, not more: at
 * the default 96 px width each quadrant still averages over 2,000 pixels, enough to keep
 * 8-bit quantisation noise below a pulse of a fraction of a level.
 */
export function quadrantColours(frame: Uint8Array, width: number, height: number): RgbColour[] {
  const halfW = Math.max(1, Math.floor(width / 2));
  const halfH = Math.max(1, Math.floor(height / 2));
  const quadrants: number[][] = [[], [], [], []];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      quadrants[(y < halfH ? 0 : 2) + (x < halfW ? 0 : 1)]!.push(y * width + x);
  return quadrants.map((pixels) => meanOfPixels(frame, pixels));
}

function meanOfPixels(frame: Uint8Array, pixels: readonly number[]): RgbColour {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  let ar = 0;
  let ag = 0;
  let ab = 0;
  for (const p of pixels) {
    const i = p * 3;
    if (i + 2 >= frame.length) continue;
    const [pr, pg, pb] = [frame[i]!, frame[i + 1]!, frame[i + 2]!];
    ar += pr;
    ag += pg;
    ab += pb;
    if (pr + pg + pb < DARK_SUM || pr >= SATURATED || pg >= SATURATED || pb >= SATURATED) continue;
    r += pr;
    g += pg;
    b += pb;
    n++;
  }
  if (n > 0) return { r: r / n, g: g / n, b: b / n };
  // Every pixel dark or clipped: the plain mean at least keeps the time axis whole.
  const all = Math.max(1, pixels.length);
  return { r: ar / all, g: ag / all, b: ab / all };
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
    samples.push({
      t: frame.t,
      ...meanSkinColour(frame.rgb),
      regions: quadrantColours(frame.rgb, width, height),
    });
  }
  if (samples.length === 0) throw new MediaError(`no video frames in ${file}`);
  return { fps, samples };
}
