// The rPPG fixtures and their reference heart rate, shared by the physiology tests.
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

const traces = new Map<string, Promise<RgbTrace>>();
/** The patch's whole-frame trace, decoded once per test file. */
export function patchTrace(patch: RppgPatch): Promise<RgbTrace> {
  let t = traces.get(patch);
  if (!t) traces.set(patch, (t = skinPatchTrace(fixture(`rppg/${patch}`))));
  return t;
}
