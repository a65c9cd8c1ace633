// Crafted damaged copies of a fixture recording, for the tests of what the analysis says about
// files it cannot wholly read (issue 14 item 7).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function ffmpeg(args: string[]): void {
  const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${r.stderr}`);
}

/**
 * The recording as MP4 (picture copied, sound as AAC) with its index (moov) first, as phones
 * and most encoders write it.
 */
function faststart(source: string): Buffer {
  const out = join(mkdtempSync(join(tmpdir(), 'parley-damaged-')), 'faststart.mp4');
  ffmpeg([
    '-i',
    source,
    '-c:v',
    'copy',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-movflags',
    '+faststart',
    out,
  ]);
  return readFileSync(out);
}

/**
 * The first half of the file's bytes: an upload or copy cut off midway. The index at the front
 * still declares the whole length; only the first half of the media data is there.
 */
export function cutInHalf(source: string): string {
  const bytes = faststart(source);
  const out = join(mkdtempSync(join(tmpdir(), 'parley-damaged-')), 'cut-in-half.mp4');
  writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return out;
}

/**
 * The whole file with `length` bytes in the middle of its media data overwritten by noise (a
 * fixed pseudo-random sequence, so every run damages the same bytes): a disk or transfer error.
 */
export function damagedInTheMiddle(source: string, length = 200_000): string {
  const bytes = faststart(source);
  let state = 12345;
  for (let i = Math.floor(bytes.length / 2), end = i + length; i < end && i < bytes.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0; // glibc's rand() LCG
    bytes[i] = state >>> 24;
  }
  const out = join(mkdtempSync(join(tmpdir(), 'parley-damaged-')), 'damaged.mp4');
  writeFileSync(out, bytes);
  return out;
}
