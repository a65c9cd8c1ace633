import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { withoutServerDetails } from '../errors.js';

/** What ffprobe says about a media file, reduced to what the product decides on. */
export interface MediaProbe {
  durationSec: number | null;
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "wav". */
  formatName: string;
  /** The container's major brand for ISO files ("qt  " for QuickTime), otherwise null. */
  majorBrand: string | null;
  video: { codec: string; width: number; height: number; pixFmt: string | null } | null;
  audio: { codec: string; channels: number } | null;
}

/**
 * A file the media tools cannot read (or a tool that is missing). The message is written for
 * users and names no server path; `detail` keeps the tool's own words for the server log.
 */
export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

export interface MediaToolsOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
}

const PROBE_TIMEOUT_MS = 60_000;
const THUMBNAIL_TIMEOUT_MS = 120_000;
/** Decoding one stream to measure it runs at hundreds of times real time for audio. */
const MEASURE_TIMEOUT_MS = 10 * 60_000;

/** A tool's message without the file names we gave it ("/tmp/…/source.mp4: Invalid data…"). */
function userMessage(line: string, args: string[]): string {
  let text = line;
  for (const arg of args.filter((a) => a.includes('/'))) {
    text = text.split(`${arg}: `).join('').split(arg).join('the file');
  }
  return withoutServerDetails(text);
}

/** Runs a tool, keeping stdout and the end of stderr; kills it at the time limit. */
function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    // Only the tail matters for a message, and ffmpeg can be chatty on long files.
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString('utf8')).slice(-4000);
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new MediaToolError(
          e.code === 'ENOENT'
            ? `${path.basename(command)} is not installed (apt-get install ffmpeg)`
            : withoutServerDetails(e.message),
        ),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut)
        return reject(new MediaToolError(`${path.basename(command)} took longer than allowed`));
      if (code !== 0) {
        const lastLine = err.trim().split('\n').filter(Boolean).at(-1) ?? `exit code ${code}`;
        return reject(new MediaToolError(userMessage(lastLine, args).slice(0, 300), err));
      }
      resolve(Buffer.concat(out).toString('utf8'));
    });
  });
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    channels?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

const num = (v: string | undefined) => {
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** Whether two lengths of one recording differ by more than rounding and edit lists do. */
const disagree = (a: number, b: number) => Math.abs(a - b) > Math.max(2, 0.1 * Math.min(a, b));

/** 2147483.6 → "596:31:23": how the message names a length. */
export function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

export function createMediaTools(opts: MediaToolsOptions = {}) {
  const ffmpeg = opts.ffmpegPath ?? 'ffmpeg';
  const ffprobe = opts.ffprobePath ?? 'ffprobe';

  /** Seconds of one stream that decode (null: none), whatever the header says. */
  async function measure(file: string, kind: 'audio' | 'video'): Promise<number | null> {
    const text = await run(
      ffmpeg,
      [
        ...['-nostdin', '-v', 'error', '-i', file, '-map', kind === 'audio' ? '0:a:0' : '0:v:0'],
        ...['-f', 'null', '-progress', 'pipe:1', '-nostats', '-'],
      ],
      MEASURE_TIMEOUT_MS,
    );
    const last = [...text.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1];
    const seconds = last === undefined ? 0 : Number(last) / 1e6;
    return seconds > 0 ? seconds : null;
  }

  return {
    measure,

    async probe(file: string): Promise<MediaProbe> {
      const text = await run(
        ffprobe,
        ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
        PROBE_TIMEOUT_MS,
      );
      const json = JSON.parse(text) as ProbeJson;
      const streams = json.streams ?? [];
      // Cover art in an audio file is a one-frame "video" stream; it is not a video.
      const v = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
      const a = streams.find((s) => s.codec_type === 'audio');
      if (!v && !a) throw new MediaToolError('the file has no audio or video stream');
      const header = num(json.format?.duration);
      const streamsSec = Math.max(0, ...streams.map((s) => num(s.duration) ?? 0)) || null;
      let durationSec = header ?? streamsSec;
      // The container's header and its streams' own lengths disagree (a crafted or damaged
      // file: issue 21's header claimed 2,147,483 s for 3 s of data). The header's figure
      // would be charged, scale the job's time limit and place the thumbnail past the end,
      // so the recording is measured by decoding it; a header the data cannot back is an
      // unreadable file.
      if (header !== null && streamsSec !== null && disagree(header, streamsSec)) {
        const decoded = await measure(file, a ? 'audio' : 'video');
        if (decoded === null || disagree(header, decoded)) {
          throw new MediaToolError(
            `its header says it lasts ${clock(header)} but only ${clock(decoded ?? 0)} could be decoded`,
            `format duration ${header} s, streams ${streamsSec} s, decoded ${decoded} s`,
          );
        }
        durationSec = decoded;
      }
      return {
        durationSec,
        formatName: json.format?.format_name ?? '',
        majorBrand: json.format?.tags?.major_brand ?? null,
        video: v
          ? {
              codec: v.codec_name ?? 'unknown',
              width: v.width ?? 0,
              height: v.height ?? 0,
              pixFmt: v.pix_fmt ?? null,
            }
          : null,
        audio: a ? { codec: a.codec_name ?? 'unknown', channels: a.channels ?? 0 } : null,
      };
    },

    /** One JPEG frame at `atSec`, at most 640 px wide. */
    async thumbnail(file: string, atSec: number, out: string): Promise<void> {
      await run(
        ffmpeg,
        [
          ...['-v', 'error', '-y', '-ss', atSec.toFixed(3), '-i', file],
          ...['-frames:v', '1', '-vf', "scale='min(640,iw)':-2", '-q:v', '3'],
          ...['-f', 'image2', out],
        ],
        THUMBNAIL_TIMEOUT_MS,
      );
      // ffmpeg exits 0 without writing anything when `atSec` is past the last frame.
      const written = await stat(out).catch(() => null);
      if (!written?.size) throw new MediaToolError('no picture could be taken from the video');
    },

    /**
     * The first `seconds` of a recording, streams copied as they are: nothing after that
     * moment reaches `out` (a participant withdrew consent then).
     */
    async cut(file: string, seconds: number, out: string, timeoutMs: number): Promise<void> {
      await run(
        ffmpeg,
        [
          ...['-v', 'error', '-y', '-i', file, '-map', '0', '-c', 'copy'],
          ...['-t', Math.max(0, seconds).toFixed(3), out],
        ],
        timeoutMs,
      );
    },

    /**
     * A browser-playable copy with the index at the front (faststart) so playback starts
     * before the whole file arrives: H.264/AAC MP4 for video, AAC in MP4 (.m4a) for audio.
     */
    async transcode(file: string, kind: 'video' | 'audio', out: string, timeoutMs: number) {
      const audio = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
      const args =
        kind === 'video'
          ? [
              ...['-map', '0:v:0', '-map', '0:a:0?', '-c:v', 'libx264', '-preset', 'veryfast'],
              ...['-crf', '23', '-pix_fmt', 'yuv420p'],
              // H.264 in 4:2:0 needs even dimensions.
              ...['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
              ...audio,
            ]
          : ['-map', '0:a:0', '-vn', ...audio];
      await run(
        ffmpeg,
        ['-v', 'error', '-y', '-i', file, ...args, '-movflags', '+faststart', '-f', 'mp4', out],
        timeoutMs,
      );
    },
  };
}
export type MediaTools = ReturnType<typeof createMediaTools>;
