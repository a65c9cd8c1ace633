import { spawn } from 'node:child_process';

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

export class MediaToolError extends Error {
  constructor(message: string) {
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
          e.code === 'ENOENT' ? `${command} is not installed (apt-get install ffmpeg)` : e.message,
        ),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new MediaToolError(`${command} took longer than allowed`));
      if (code !== 0) {
        const lastLine = err.trim().split('\n').filter(Boolean).at(-1) ?? `exit code ${code}`;
        return reject(new MediaToolError(lastLine.slice(0, 300)));
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

export function createMediaTools(opts: MediaToolsOptions = {}) {
  const ffmpeg = opts.ffmpegPath ?? 'ffmpeg';
  const ffprobe = opts.ffprobePath ?? 'ffprobe';

  return {
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
      const durationSec =
        num(json.format?.duration) ??
        (Math.max(0, ...streams.map((s) => num(s.duration) ?? 0)) || null);
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
