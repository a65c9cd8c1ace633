// Face pipeline speed on this machine: frames a second of detection (Human on the WASM
// backend: mesh, iris, emotion, age/gender/embedding) with 1 and 2 worker threads, the whole
// analyzeFaces of video/talking-face.mp4 at 2 fps, and peak RSS.
// The library itself runs one thread; the 2-thread figure shows what splitting a video's
// frames between workers would gain. Needs `npm run build`. Prints figures; asserts nothing.
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  analyzeFaces,
  detectRaw,
  getHuman,
  sampleFrames,
} from '../packages/analysis/dist/index.js';
import { fixture, mb, peakRss, timed } from './recording.mjs';

const video = fixture('video/talking-face.mp4');

if (!isMainThread) {
  // Worker: load Human and warm its kernels on one frame, say so, then detect on the frames it is given.
  await getHuman();
  const { warm } = workerData;
  await detectRaw(warm.rgb, warm.width, warm.height);
  parentPort.postMessage({ ready: true });
  parentPort.once('message', async (frames) => {
    const t = performance.now();
    for (const f of frames) await detectRaw(f.rgb, f.width, f.height);
    parentPort.postMessage({ sec: (performance.now() - t) / 1000 });
  });
} else {
  // The machine is shared: a load above the core count slows every figure below.
  console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  const load = await timed(() => getHuman());
  const whole = await timed(() => analyzeFaces(video, { fps: 2 }));
  console.log(
    `analyzeFaces talking-face.mp4 (33.6 s) at 2 fps: ${whole.sec.toFixed(1)} s, ` +
      `${(whole.sec / 33.6).toFixed(2)} x real time, ${whole.value.framesAnalysed} frames; ` +
      `peak RSS ${mb(peakRss())}`,
  );

  const frames = [];
  for await (const f of sampleFrames(video, { fps: 2 })) frames.push(f);
  const { width, height } = frames[0];

  await detectRaw(frames[0].rgb, width, height); // first call compiles the kernels
  const one = await timed(async () => {
    for (const f of frames) await detectRaw(f.rgb, f.width, f.height);
  });
  console.log(`Human load ${load.sec.toFixed(1)} s; ${frames.length} frames of ${width}x${height}`);
  console.log(
    `1 thread : ${(frames.length / one.sec).toFixed(1)} frames/s (${((one.sec / frames.length) * 1000).toFixed(0)} ms a frame)`,
  );

  const workers = [0, 1].map(
    () => new Worker(new URL(import.meta.url), { workerData: { warm: frames[0] } }),
  );
  await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
  const halves = [frames.filter((_, i) => i % 2 === 0), frames.filter((_, i) => i % 2 === 1)];
  const run = (w, part) =>
    new Promise((resolve) => {
      w.once('message', resolve);
      w.postMessage(part);
    });
  const two = await timed(() => Promise.all(workers.map((w, i) => run(w, halves[i]))));
  await Promise.all(workers.map((w) => w.terminate()));
  console.log(`2 threads: ${(frames.length / two.sec).toFixed(1)} frames/s`);
  console.log(`peak RSS with the two workers (3 Human instances): ${mb(peakRss())}`);
}
