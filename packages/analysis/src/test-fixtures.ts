// Paths of the recordings in the repository's fixtures/ folder, shared by the tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Segment } from './vad.js';

export const fixture = (rel: string): string =>
  fileURLToPath(new URL(`../../../fixtures/${rel}`, import.meta.url));

/**
 * The first `seconds` of a fixture recording, its streams copied as they are (no re-encoding),
 * for tests whose subject is not the recording's length. Made once per machine, atomically.
 */
export function clipOf(rel: string, seconds: number): string {
  const dir = join(tmpdir(), 'parley-analysis-clips');
  const out = join(dir, `${seconds}s-${basename(rel)}`);
  if (existsSync(out)) return out;
  const work = mkdtempSync(join(tmpdir(), 'parley-analysis-clip-'));
  const temp = join(work, basename(out));
  const r = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-i', fixture(rel), '-t', String(seconds), '-c', 'copy', temp],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`ffmpeg clip of ${rel}: ${r.stderr}`);
  mkdirSync(dir, { recursive: true });
  renameSync(temp, out);
  rmSync(work, { recursive: true, force: true });
  return out;
}

/** Speaker turns of an RTTM file. */
export function readRttm(rel: string): (Segment & { speaker: string })[] {
  return readFileSync(fixture(rel), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('SPEAKER'))
    .map((l) => {
      const f = l.trim().split(/\s+/);
      const start = Number(f[3]);
      return { start, end: start + Number(f[4]), speaker: f[7] ?? '' };
    });
}
