// A whole video meeting through the real app as the server runs it (chunked upload, the
// pg-boss pipeline on PGlite, one process, every step with every video feature): the
// talking-face fixture looped to PIPELINE_BENCH_MINUTES (default 30) minutes, under a sound
// track of the speech fixtures joined in turn (two-speakers.wav, the FLEURS clips, jfk.wav),
// so there is a face and several voices. Prints the whole analysis' and each step's time and
// real-time factor (seconds of work per second of recording), and how long after the upload
// completed the first transcript lines could be read through GET transcription. VIDEO_FPS and
// PHYSIOLOGY_FPS are the server's defaults unless set. Needs `npm run build`. Prints figures;
// asserts nothing. The machine is shared: load average is printed first and last.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/dist/platform/db/client.js';
import { analysisRuns } from '../apps/server/dist/platform/db/schema.js';
import { startBenchApp, upload } from './lib.mjs';
import { fixture, joinFixtures, loopMedia, mb, peakRss } from './recording.mjs';

const minutes = Number(process.env.PIPELINE_BENCH_MINUTES ?? 30);
const seconds = minutes * 60;
const work = mkdtempSync(path.join(os.tmpdir(), 'parley-pipeline-bench-'));
const load = () => `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;

/** The looped face with the joined voices, as one mp4 (video copied, sound in AAC). */
function meetingRecording() {
  const video = path.join(work, 'video.mp4');
  const audio = path.join(work, 'voices.wav');
  const out = path.join(work, `meeting-${minutes}min.mp4`);
  loopMedia(fixture('video/talking-face.mp4'), video, seconds, { dropAudio: true });
  joinFixtures(audio, seconds, [
    fixture('diarization/two-speakers.wav'),
    ...[0, 1, 2, 3, 4].map((i) => fixture(`speech/fleurs-en-00${i}.ogg`)),
    fixture('speech/jfk.wav'),
  ]);
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-i', video, '-i', audio],
    ...['-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '64k'],
    ...['-t', String(seconds), out],
  ]);
  return out;
}

const file = meetingRecording();
const env = {
  MEDIA_DIR: path.join(work, 'media'),
  SEED_DEMO_BUNDLES: 'Essentials,Sales Suite,Interview Intelligence',
  QUEUE_POLL_SECONDS: '0.5',
  ...(process.env.VIDEO_FPS ? { VIDEO_FPS: process.env.VIDEO_FPS } : {}),
  ...(process.env.PHYSIOLOGY_FPS ? { PHYSIOLOGY_FPS: process.env.PHYSIOLOGY_FPS } : {}),
};
console.log(`${load()}; a ${minutes}-minute video meeting; ${JSON.stringify(env)}`);
const database = await openDatabase({ dataDir: work });
const { app, config, signIn } = await startBenchApp(database, env);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const token = (await signIn('poc@acme.parley.local')).json().accessToken;
const get = (p) =>
  fetch(`${base}/api/v1${p}`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
    r.json(),
  );

try {
  const meeting = await upload(base, token, file, `bench ${minutes} min.mp4`);
  const uploaded = performance.now();
  let firstLines = null;
  let status;
  for (;;) {
    if (firstLines === null) {
      const t = await get(`/transcription/${meeting.id}`);
      if (t.wordToWordTimestamps?.length) {
        firstLines = (performance.now() - uploaded) / 1000;
        console.log(`first transcript lines readable ${firstLines.toFixed(1)} s after upload`);
      }
    }
    status = await get(`/offline/status/${meeting.id}`);
    if (status.inferenceStatus === 'processed' || status.inferenceStatus === 'failed') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const total = (performance.now() - uploaded) / 1000;
  if (status.inferenceStatus === 'failed') throw new Error(status.statusReason);
  const [run] = await database.db
    .select()
    .from(analysisRuns)
    .where(eq(analysisRuns.meetingId, meeting.id));
  const span = (s) => (Date.parse(s.finishedAt) - Date.parse(s.startedAt)) / 1000;
  const rtf = (sec) => (sec / seconds).toFixed(3);
  console.log(`VIDEO_FPS ${config.env.VIDEO_FPS}, PHYSIOLOGY_FPS ${config.env.PHYSIOLOGY_FPS}`);
  console.log('| step | seconds | real-time factor |');
  console.log('|---|---|---|');
  for (const [name, s] of Object.entries(run.steps))
    if (s.startedAt && s.finishedAt)
      console.log(`| ${name} | ${span(s).toFixed(1)} | ${rtf(span(s))} |`);
  console.log(`| upload complete → processed | ${total.toFixed(1)} | ${rtf(total)} |`);
  console.log(
    `first transcript lines readable ${firstLines === null ? 'never before the end' : `${firstLines.toFixed(1)} s`} after the upload completed; peak RSS ${mb(peakRss())}; ${load()}`,
  );
} finally {
  await app.close();
  rmSync(work, { recursive: true, force: true });
}
