import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../cli-args.js';
import { fixture } from '../test-fixtures.js';
import { referenceBpm } from '../test-rppg.js';
import type { PhysiologyResult } from './types.js';

const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
const analyze = (...args: string[]) =>
  spawnSync(process.execPath, [tsx, cli, ...args], { encoding: 'utf8' });

describe('npm run analyze -- --skin-patch', () => {
  it('prints the physiology of a silent skin patch: no heart rate where the pulse is lost in noise', () => {
    const run = analyze('--skin-patch', fixture('rppg/india_video1_forehead.avi'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout) as { audio: string; physiology: PhysiologyResult };
    expect(doc.audio).toBe('none');
    // Measured: a third of the windows agree on a rate (the reference is 85.4 bpm), so the
    // answer is null with the reason rather than a guess.
    expect(referenceBpm('india_video1_forehead.avi')).toBeCloseTo(85.4, 1);
    expect(doc.physiology.heartRate.bpm).toBeNull();
    expect(doc.physiology.heartRate.reason).toMatch(/^insufficient signal: /);
    expect(doc.physiology.spo2).toMatchObject({ estimate: true, percent: null });
    expect(doc.physiology.heartRateSeries.length).toBeGreaterThan(5);
  }, 60_000);

  it('adds physiology beside the speech results of a video with sound', () => {
    const run = analyze('--skin-patch', fixture('video/talking-face.mp4'));
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout) as { words: unknown[]; physiology: PhysiologyResult };
    expect(doc.words.length).toBeGreaterThan(0);
    expect(doc.physiology.heartRate.method).toBe('pos');
    expect(doc.physiology.durationSec).toBeCloseTo(33.6, 0);
  }, 180_000); // pocketsphinx on 34 s of speech, slow on a busy 2-core machine

  it('parses --skin-patch beside the other flags', () => {
    expect(parseArgs(['--skin-patch', '--speakers', '2', 'a.avi'])).toEqual({
      file: 'a.avi',
      engine: undefined,
      speakers: 2,
      skinPatch: true,
    });
    expect(parseArgs(['a.avi'])).toEqual({ file: 'a.avi', engine: undefined });
  });
});
