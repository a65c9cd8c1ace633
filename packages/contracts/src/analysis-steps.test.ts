import { describe, expect, it } from 'vitest';
import { readySteps, stepsAfter, type AnalysisStep, type StepState } from './analysis.js';

const run = (states: Partial<Record<AnalysisStep, StepState>>) =>
  Object.fromEntries(Object.entries(states).map(([step, state]) => [step, { state }]));

describe('the order of the analysis steps', () => {
  it('starts a new run with the media alone', () => {
    expect(readySteps(run({}))).toEqual(['media']);
  });

  it('holds the video signals behind the speech step (which sends them early)', () => {
    expect(readySteps(run({ media: 'done' }))).toEqual(['speech']);
    expect(stepsAfter('speech')).toEqual(['text', 'video']);
    expect(readySteps(run({ media: 'done', speech: 'done' }))).toEqual(['text', 'video']);
  });

  it('holds the insights until both the analytics and the video signals are finished', () => {
    const textDone = run({ media: 'done', speech: 'done', text: 'done', video: 'running' });
    expect(readySteps(textDone, stepsAfter('text'))).toEqual([]);
    const both = run({ media: 'done', speech: 'done', text: 'done', video: 'skipped' });
    expect(readySteps(both, stepsAfter('video'))).toEqual(['insights']);
  });

  it('re-analyses from text without the steps before it, the video signals included', () => {
    expect(readySteps(run({ media: 'skipped', speech: 'skipped' }))).toEqual(['text', 'video']);
  });

  it('never sends a step again that is running or finished', () => {
    expect(
      readySteps(run({ media: 'done', speech: 'done', text: 'running', video: 'done' })),
    ).toEqual([]);
  });
});
