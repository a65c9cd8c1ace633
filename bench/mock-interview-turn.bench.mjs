// A mock interview's turn with the built-in engine (issue 19 item 5): from the end of an answer
// to the next question's audio ready to play. The page does two calls at that moment, and this
// times both through the app as the browser makes them: POST b2c/mock-interview/:id/answer (the
// answer's transcript, the follow-up rule, the next question) and POST avatar/speak (espeak-ng
// audio and mouth shapes for it). The page asks for the planned next question's speech while the
// answer call runs and uses it unless a follow-up comes; a follow-up's speech waits for the call. Target: under 1.5 s. Answers are the speech fixtures (3–11 s
// each) encoded as the browser records them (WebM, Opus). Two paths, each its own interviews:
// - streamed (what the page does): while the answer is "spoken" its recorder slices go to PUT
//   answer-audio every 0.5 s of wall-clock time, as MediaRecorder makes them (the WebM cut at
//   the byte its time share gives; ffmpeg on the server reads it as one stream, so where the
//   cuts fall does not matter); at the answer's end the answer call carries the whole audio and
//   only the rest is left to recognise;
// - whole (the fallback: another API process, a failed stream): nothing streamed, the answer
//   transcribed after it ends.
// Prints p50/p95 of the whole turn and its two parts per path, and the load average (other work
// on the machine slows both); asserts nothing. Needs `npm run build` (reads apps/server/dist).
// MOCK_BENCH_ROUNDS sets the interviews per path (default 3).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createPglite, wrapPglite } from '../apps/server/dist/platform/db/client.js';
import { startBenchApp } from './lib.mjs';
import { fixture } from './recording.mjs';

const ROUNDS = Number(process.env.MOCK_BENCH_ROUNDS ?? 3);
const SOURCES = ['speech/jfk.wav', ...[0, 1, 2, 3, 4].map((i) => `speech/fleurs-en-00${i}.ogg`)];

const work = mkdtempSync(path.join(tmpdir(), 'parley-mock-bench-'));
const SLICE_SEC = 0.5;
const answers = SOURCES.map((s, i) => {
  const out = path.join(work, `answer-${i}.webm`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', fixture(s), '-c:a', 'libopus', out]);
  const seconds = Number(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out],
      {
        encoding: 'utf8',
      },
    ),
  );
  return { bytes: readFileSync(out), seconds };
});
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const database = wrapPglite(await createPglite());
// A slow machine can take longer than an access token lives.
const { app, config, signIn } = await startBenchApp(database, {
  DATA_DIR: work,
  ACCESS_TOKEN_TTL_SECONDS: '86400',
});
const token = (await signIn('seeker@parley.local')).json().accessToken;
const headers = { authorization: `Bearer ${token}` };
const post = (url, payload) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });

const avatars = (await app.inject({ method: 'GET', url: '/api/v1/avatar', headers })).json();
const avatar = avatars.find((a) => a.status === 'ready');
if (!avatar) throw new Error('no ready avatar in the seeded library');

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

/** The answer as the page streams it: a slice every 0.5 s while spoken, the last one held. */
async function speak(id, question, followUp, { bytes, seconds }) {
  const slices = Math.max(1, Math.ceil(seconds / SLICE_SEC));
  const began = performance.now();
  for (let i = 0; i < slices - 1; i++) {
    await sleep(began + (i + 1) * SLICE_SEC * 1000 - performance.now());
    const from = Math.floor((bytes.length * i) / slices);
    const to = Math.floor((bytes.length * (i + 1)) / slices);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/b2c/mock-interview/${id}/answer-audio?question=${question}&followUp=${followUp}&index=${i}`,
      headers: { ...headers, 'content-type': 'audio/webm' },
      payload: bytes.subarray(from, to),
    });
    if (res.statusCode !== 200 || !res.json().streaming)
      throw new Error(`answer-audio: ${res.statusCode} ${res.body}`);
  }
  await sleep(began + seconds * 1000 - performance.now());
}

async function run(streamed) {
  const turn = [];
  const answerMs = [];
  const speakMs = [];
  let followUps = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const interview = (
      await post('/b2c/mock-interview', {
        useResume: false,
        companyName: 'Google',
        jobRole: 'Software engineer',
        level: 'Medium',
        skills: ['Python'],
        jobDescription: '',
        settings: { questionCount: 5, thinkSeconds: 5, answerSeconds: 60, retakes: 1 },
      })
    ).json();
    await post(`/b2c/mock-interview/${interview.id}/start`);
    let question = 0;
    let followUp = 0;
    for (let n = 0; question < interview.questions.length; n++) {
      const audio = answers[(round * 5 + n) % answers.length];
      if (streamed) await speak(interview.id, question, followUp, audio);
      const t0 = performance.now();
      // As the page does: the planned next question is synthesised while the answer is
      // transcribed, and used unless the answer gets a follow-up.
      const planned = interview.questions[question + 1]?.text;
      const prefetch = planned
        ? post('/avatar/speak', { avatarId: avatar.id, text: planned })
        : null;
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/b2c/mock-interview/${interview.id}/answer?question=${question}&followUp=${followUp}`,
        headers: { ...headers, 'content-type': 'audio/webm' },
        payload: audio.bytes,
      });
      if (res.statusCode !== 200) throw new Error(`answer: ${res.statusCode} ${res.body}`);
      const { next } = res.json();
      const t1 = performance.now();
      if (next.kind !== 'done') {
        const spoken =
          prefetch && next.text === planned
            ? await prefetch
            : await post('/avatar/speak', { avatarId: avatar.id, text: next.text });
        if (spoken.statusCode !== 200)
          throw new Error(`speak: ${spoken.statusCode} ${spoken.body}`);
      }
      const t2 = performance.now();
      answerMs.push(t1 - t0);
      if (next.kind !== 'done') {
        speakMs.push(t2 - t1);
        turn.push(t2 - t0);
      }
      if (next.kind === 'follow-up') followUps++;
      question = next.index;
      followUp = next.kind === 'follow-up' ? 1 : 0;
    }
  }
  return { turn, answerMs, speakMs, followUps, load: loadavg()[0] };
}

const fmt = (xs) => `${pct(xs, 0.5).toFixed(0)} / ${pct(xs, 0.95).toFixed(0)}`;
for (const [name, streamed] of [
  ['streamed while spoken (the page)', true],
  ['whole answer after it ends (fallback)', false],
]) {
  const r = await run(streamed);
  console.log(`${name}: ${r.turn.length} turns (${r.followUps} follow-ups), answers 3–11 s`);
  console.log(
    `  answer end -> next question audio ready, ms p50 / p95: ${fmt(r.turn)}  (target < 1500)`,
  );
  console.log(`    transcript + follow-up rule + next question, ms p50 / p95: ${fmt(r.answerMs)}`);
  console.log(
    `    then the next question's speech and mouth shapes (asked for meanwhile), ms p50 / p95: ${fmt(r.speakMs)}`,
  );
  console.log(
    `  load average (1 min) at the end: ${r.load.toFixed(2)} on ${availableParallelism()} cores`,
  );
}
console.log(`data dir ${config.dataDir}`);
await app.close();
await database.close();
rmSync(work, { recursive: true, force: true });
