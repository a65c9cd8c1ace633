// Paths of the recordings in the repository's fixtures/ folder, shared by the tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Segment } from './vad.js';

export const fixture = (rel: string): string =>
  fileURLToPath(new URL(`../../../fixtures/${rel}`, import.meta.url));

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
