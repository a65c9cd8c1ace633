import { describe, expect, it } from 'vitest';
import { MediaError } from '../decode.js';
import { fixture } from '../test-fixtures.js';
import { patchTrace } from '../test-rppg.js';
import { meanSkinColour, probeVideo, skinPatchTrace } from './trace.js';

describe('skinPatchTrace', () => {
  it('reads every frame of a patch at its own rate', async () => {
    const trace = await patchTrace('india_video1_forehead.avi');
    expect(trace.fps).toBe(15);
    expect(trace.samples).toHaveLength(480); // 32 s at 15 fps, as ffprobe counts
    expect(trace.samples[15]!.t).toBeCloseTo(1, 6);
    for (const s of trace.samples) {
      // Dim skin: red above green above blue, nothing near white.
      expect(s.r).toBeGreaterThan(s.g);
      expect(s.g).toBeGreaterThan(s.b);
      expect(s.r).toBeLessThan(100);
    }
  });

  it('resamples to a requested rate and probes size and rate', async () => {
    const file = fixture('rppg/india_video1_leftcheek.avi');
    expect(await probeVideo(file)).toEqual({ width: 200, height: 200, fps: 15 });
    const trace = await skinPatchTrace(file, { fps: 5 });
    expect(trace.fps).toBe(5);
    expect(trace.samples.length).toBeGreaterThanOrEqual(159);
    expect(trace.samples.length).toBeLessThanOrEqual(161);
  });

  it('leaves near-black and clipped pixels out of the mean', () => {
    const frame = Uint8Array.from([100, 60, 40, 2, 2, 2, 255, 200, 180, 120, 80, 60]);
    expect(meanSkinColour(frame)).toEqual({ r: 110, g: 70, b: 50 });
  });

  it('fails with a MediaError for a missing file or a file without video', async () => {
    await expect(skinPatchTrace('/nonexistent/patch.avi')).rejects.toThrow(
      /file not found: \/nonexistent\/patch.avi/,
    );
    const audioOnly = skinPatchTrace(fixture('speech/jfk.wav'));
    await expect(audioOnly).rejects.toBeInstanceOf(MediaError);
    await expect(audioOnly).rejects.toThrow(/no video in/);
  });
});
