// The rPPG fixtures and their contact-sensor reference heart rates, shared by the physiology
// tests: the two older patches (fixtures/rppg) and the rppg-set (5 people, 15 patches).
import { readFileSync } from 'node:fs';
import { fixture } from './test-fixtures.js';
import { skinPatchTrace } from './physiology/trace.js';
import type { RgbTrace } from './physiology/types.js';

export const RPPG_PATCHES = ['india_video1_forehead.avi', 'india_video1_leftcheek.avi'] as const;
export type RppgPatch = (typeof RPPG_PATCHES)[number];

/** Mean heart rate of each patch from `heart-rate.csv` (pulse oximeter, bpm). */
export function referenceBpm(patch: RppgPatch): number {
  const row = readFileSync(fixture('rppg/heart-rate.csv'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${patch},`));
  if (!row) throw new Error(`no reference for ${patch}`);
  return Number(row.split(',')[1]);
}

export interface ReferencePatch {
  /** Path under fixtures/. */
  file: string;
  subject: string;
  region: string;
  bpm: number;
}

/** All 17 patches with a reference: the rppg-set's truth.csv and the two older patches. */
export function referencePatches(): ReferencePatch[] {
  const set = readFileSync(fixture('rppg-set/truth.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [file, country, subject, region, bpm] = line.split(',');
      return {
        file: `rppg-set/${file}`,
        subject: `${country} ${subject}`,
        region: region!,
        bpm: Number(bpm),
      };
    });
  const old = RPPG_PATCHES.map((patch) => ({
    file: `rppg/${patch}`,
    subject: 'India video1',
    region: patch.replace(/^.*_|\.avi$/g, ''),
    bpm: referenceBpm(patch),
  }));
  return [...set, ...old];
}

const traces = new Map<string, Promise<RgbTrace>>();
/** The patch's whole-frame trace, decoded once per test file. */
export function patchTrace(patch: RppgPatch): Promise<RgbTrace> {
  let t = traces.get(patch);
  if (!t) traces.set(patch, (t = skinPatchTrace(fixture(`rppg/${patch}`))));
  return t;
}
