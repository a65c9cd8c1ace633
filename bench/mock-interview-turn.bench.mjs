// A mock interview's turn with the built-in engine (issue 19 item 5): from the end of an answer
// to the next question's audio ready to play. The page does two calls at that moment, and this
// times both through the app as the browser makes them: POST b2c/mock-interview/:id/answer (the
// answer's audio transcribed by the offline speech engine, the follow-up rule, the next
// question) then POST avatar/speak (espeak-ng audio and mouth shapes for it). Target: under
// 1.5 s. Answers are the speech fixtures (3–11 s each) encoded as the browser records them
// (WebM, Opus). Prints p50/p95 of the whole turn and of its two parts; asserts nothing.
// Needs `npm run build` (reads apps/server/dist). MOCK_BENCH_ROUNDS sets the interviews run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createPglite, wrapPglite } from '../apps/server/dist/platform/db/client.js';
import { startBenchApp } from './lib.mjs';
import { fixture } from './recording.mjs';

const ROUNDS = Number(process.env.MOCK_BENCH_ROUNDS ?? 3);
const SOURCES = ['speech/jfk.wav', ...[0, 1, 2, 3, 4].map((i) => `speech/fleurs-en-00${i}.ogg`)];

const work = mkdtempSync(path.join(tmpdir(), 'parley-mock-bench-'));
const answers = SOURCES.map((s, i) => {
  const out = path.join(work, `answer-${i}.webm`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', fixture(s), '-c:a', 'libopus', out]);
  return readFileSync(out);
});

const database = wrapPglite(await createPglite());
const { app, config, signIn } = await startBenchApp(database, { DATA_DIR: work });
const token = (await signIn('seeker@parley.local')).json().accessToken;
const headers = { authorization: `Bearer ${token}` };
const post = (url, payload) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });

const avatars = (await app.inject({ method: 'GET', url: '/api/v1/avatar', headers })).json();
const avatar = avatars.find((a) => a.status === 'ready');
if (!avatar) throw new Error('no ready avatar in the seeded library');

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
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
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/b2c/mock-interview/${interview.id}/answer?question=${question}&followUp=${followUp}`,
      headers: { ...headers, 'content-type': 'audio/webm' },
      payload: audio,
    });
    if (res.statusCode !== 200) throw new Error(`answer: ${res.statusCode} ${res.body}`);
    const { next } = res.json();
    const t1 = performance.now();
    if (next.kind !== 'done') {
      const spoken = await post('/avatar/speak', { avatarId: avatar.id, text: next.text });
      if (spoken.statusCode !== 200) throw new Error(`speak: ${spoken.statusCode} ${spoken.body}`);
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

const fmt = (xs) => `${pct(xs, 0.5).toFixed(0)} / ${pct(xs, 0.95).toFixed(0)}`;
console.log(`turns: ${turn.length} (${followUps} follow-ups), answers 3–11 s of speech`);
console.log(`answer end -> next question audio ready, ms p50 / p95: ${fmt(turn)}  (target < 1500)`);
console.log(`  transcript + follow-up rule + next question, ms p50 / p95: ${fmt(answerMs)}`);
console.log(`  speech and mouth shapes of the next question, ms p50 / p95: ${fmt(speakMs)}`);
console.log(`load average (1 min): ${loadavg()[0].toFixed(2)}; data dir ${config.dataDir}`);
await app.close();
await database.close();
rmSync(work, { recursive: true, force: true });
