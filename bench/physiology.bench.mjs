// Frames per second of the physiology (rPPG) step: decoding a video into a skin colour trace
// (ffmpeg + the per-frame mean) and the signal processing on that trace (pulse, heart rate,
// HRV, respiration, estimates), on the rPPG fixtures and on 10-minute videos made by looping
// a fixture: the 200x200 15 fps forehead patch and the 480x480 30 fps talking face.
// PHYSIOLOGY_BENCH_MINUTES changes the length (default 10). Needs `npm run build`.
// Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { estimatePhysiology, skinPatchTrace } from '../packages/analysis/dist/index.js';
import { fixture, loopMedia, mb, peakRss, timed } from './recording.mjs';

const minutes = Number(process.env.PHYSIOLOGY_BENCH_MINUTES ?? 10);

async function measure(label, file) {
  const trace = await timed(() => skinPatchTrace(file));
  const frames = trace.value.samples.length;
  // Signal processing is fast: repeat it on short traces so the timer sees more than noise.
  const repeat = Math.max(1, Math.ceil(20_000 / frames));
  const dsp = await timed(() => {
    let result;
    for (let i = 0; i < repeat; i++) result = estimatePhysiology(trace.value);
    return result;
  });
  const dspSec = dsp.sec / repeat;
  const fps = (sec) => Math.round(frames / sec).toLocaleString('en');
  const hr = dsp.value.heartRate;
  console.log(
    `${label.padEnd(40)} ${String(frames).padStart(6)} frames  ` +
      `trace ${fps(trace.sec).padStart(7)} frames/s (${trace.sec.toFixed(2)} s)  ` +
      `signal ${fps(dspSec).padStart(9)} frames/s (${(dspSec * 1000).toFixed(1)} ms)  ` +
      `HR ${hr.bpm} bpm (${hr.method})`,
  );
}

console.log(`cores: ${os.availableParallelism()}, ${os.cpus()[0]?.model ?? ''}`);
await measure('rppg/india_video1_forehead.avi (15 fps)', fixture('rppg/india_video1_forehead.avi'));
await measure(
  'rppg/india_video1_leftcheek.avi (15 fps)',
  fixture('rppg/india_video1_leftcheek.avi'),
);
await measure('video/talking-face.mp4 (480x480, 30 fps)', fixture('video/talking-face.mp4'));

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-physiology-'));
try {
  const patch = path.join(dir, 'patch.avi');
  loopMedia(fixture('rppg/india_video1_forehead.avi'), patch, minutes * 60, { dropAudio: true });
  await measure(`${minutes} min forehead patch (200x200, 15 fps)`, patch);
  const face = path.join(dir, 'face.mp4');
  loopMedia(fixture('video/talking-face.mp4'), face, minutes * 60, { dropAudio: true });
  await measure(`${minutes} min talking face (480x480, 30 fps)`, face);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`peak RSS: ${mb(peakRss())}`);
