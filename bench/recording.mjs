// Shared by the analysis benchmarks: recordings built from the fixtures, and timing helpers.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const fixture = (f) => path.join(root, 'fixtures', f);

const durationOf = (f) =>
  Number(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', f],
      {
        encoding: 'utf8',
      },
    ),
  );

/**
 * Concatenates `sources`, repeated in order, into a 16 kHz mono `file` cut at `seconds`.
 * Answers how many files were joined.
 */
export function joinFixtures(file, seconds, sources) {
  const durations = sources.map(durationOf);
  const playlist = [];
  for (let total = 0, i = 0; total < seconds; i++) {
    playlist.push(sources[i % sources.length]);
    total += durations[i % sources.length];
  }
  // Inputs differ in rate, codec and container, so resample each before concat joins them.
  const filters = playlist
    .map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono[a${i}]`)
    .join(';');
  const joined = playlist.map((_, i) => `[a${i}]`).join('');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    ...playlist.flatMap((f) => ['-i', f]),
    '-filter_complex',
    `${filters};${joined}concat=n=${playlist.length}:v=0:a=1[out]`,
    '-map',
    '[out]',
    '-t',
    String(seconds),
    file,
  ]);
  return playlist.length;
}

/**
 * Loops `source` into `file` up to `seconds` without re-encoding (a long recording from a
 * short fixture); `dropAudio` keeps only the picture.
 */
export function loopMedia(source, file, seconds, { dropAudio = false } = {}) {
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    source,
    '-t',
    String(seconds),
    ...(dropAudio ? ['-an'] : []),
    '-c',
    'copy',
    file,
  ]);
}

/** Runs fn and answers its value with the seconds it took. */
export async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { value, sec: (performance.now() - t) / 1000 };
}

export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const peakRss = () => process.resourceUsage().maxRSS * 1024;
