// Share of a meeting's wall-clock analysis time spent on the 'video' step (faces at
// VIDEO_FPS, default 2, and physiology at PHYSIOLOGY_FPS, default 10), for
// video/talking-face.mp4 (33.6 s) and for the fixture looped to VIDEO_BENCH_MINUTES (default
// 5) minutes, through the real app: chunked upload, the pg-boss pipeline on PGlite, every step.
// Step times come from the pipeline's own records (startedAt/finishedAt of each step); face
// frames per second = frames analysed / the video step's time. Needs `npm run build`.
// Prints figures; asserts nothing. The machine is shared: load average is printed first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/platform/db/client.js';
import { analysisRuns } from '../apps/server/dist/platform/db/schema.js';
import { startBenchApp, upload } from './lib.mjs';
import { fixture, mb, peakRss } from './recording.mjs';

const minutes = Number(process.env.VIDEO_BENCH_MINUTES ?? 5);
const fps = process.env.VIDEO_FPS ?? '2';
const physiologyFps = process.env.PHYSIOLOGY_FPS ?? '10';
const work = mkdtempSync(path.join(os.tmpdir(), 'parley-video-bench-'));

function looped(seconds) {
  const out = path.join(work, `talking-face-${seconds}s.mp4`);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-stream_loop', '-1', '-i', fixture('video/talking-face.mp4')],
    ...['-t', String(seconds), '-c', 'copy', out],
  ]);
  return out;
}

console.log(
  `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores; VIDEO_FPS ${fps}, PHYSIOLOGY_FPS ${physiologyFps}`,
);
const database = await openDatabase({ dataDir: work });
const { app, signIn } = await startBenchApp(database, {
  MEDIA_DIR: path.join(work, 'media'),
  SEED_DEMO_BUNDLES: 'Essentials,Sales Suite,Interview Intelligence',
  VIDEO_FPS: fps,
  PHYSIOLOGY_FPS: physiologyFps,
  QUEUE_POLL_SECONDS: '0.5',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const token = (await signIn('poc@acme.parley.local')).json().accessToken;

try {
  for (const [label, file] of [
    ['talking-face.mp4 (33.6 s)', fixture('video/talking-face.mp4')],
    [`talking-face looped to ${minutes} min`, looped(minutes * 60)],
  ]) {
    const meeting = await upload(base, token, file, `bench ${label}.mp4`);
    let status;
    for (;;) {
      const res = await fetch(`${base}/api/v1/offline/status/${meeting.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      status = await res.json();
      if (status.inferenceStatus === 'processed' || status.inferenceStatus === 'failed') break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (status.inferenceStatus === 'failed') throw new Error(`${label}: ${status.statusReason}`);
    const [run] = await database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.meetingId, meeting.id));
    const steps = run.steps;
    const span = (s) => (Date.parse(s.finishedAt) - Date.parse(s.startedAt)) / 1000;
    const first = Date.parse(steps.media.startedAt);
    const last = Date.parse(steps.finish.finishedAt);
    const whole = (last - first) / 1000;
    const video = span(steps.video);
    const head = await fetch(`${base}/api/v1/inference/headpose/${meeting.id}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    const per = Object.entries(steps)
      .map(([name, s]) => `${name} ${s.startedAt && s.finishedAt ? span(s).toFixed(1) : '-'} s`)
      .join(', ');
    console.log(
      `${label}: whole analysis ${whole.toFixed(1)} s; video step ${video.toFixed(1)} s = ` +
        `${((video / whole) * 100).toFixed(0)}% of it; ${head.video.framesAnalysed} face frames ` +
        `(${(head.video.framesAnalysed / video).toFixed(2)} analysed frames/s of the step incl. physiology); ${per}`,
    );
  }
  console.log(`peak RSS ${mb(peakRss())}`);
} finally {
  await app.close();
  rmSync(work, { recursive: true, force: true });
}
