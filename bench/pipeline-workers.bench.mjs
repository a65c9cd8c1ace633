// The analysis pipeline with 1 and with 2 worker processes on PostgreSQL. Needs
// `npm run build`, ffmpeg, and TEST_DATABASE_URL (skips with a message without it).
//
// Two 10-minute recordings (the talking-face fixture concatenated with itself by ffmpeg) are
// uploaded through the chunked routes to an API process (ROLE=api); N worker processes
// (ROLE=worker) run the steps. Measured from the second upload's completion to both meetings
// 'processed': wall time and real-time factor (wall ÷ media seconds, lower is faster), and
// the workers' peak resident memory, with and without their ffmpeg/pocketsphinx children.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { api, chunkedUpload, freePort, signInWithOutbox, until } from './processes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(root, 'apps/server/dist/main.js');
const FIXTURE = path.join(root, 'fixtures/video/talking-face.mp4');
const MINUTES = Number(process.env.BENCH_PIPELINE_MINUTES ?? 10);
const MEETINGS = 2;
const WORKER_COUNTS = (process.env.BENCH_PIPELINE_WORKERS ?? '1,2').split(',').map(Number);
const EMAIL = 'user@acme.parley.local';

if (!process.env.TEST_DATABASE_URL) {
  console.log('pipeline-workers: skipped (set TEST_DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
if (!existsSync(MAIN)) {
  console.error(`pipeline-workers: ${MAIN} is missing; run npm run build first`);
  process.exit(1);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-pipeline-'));
const recording = path.join(work, 'ten-minutes.mp4');
{
  // Concatenate copies of the fixture (concat demuxer, stream copy: seconds, not minutes).
  const copies = Math.ceil((MINUTES * 60) / 33.6);
  const list = path.join(work, 'list.txt');
  const lines = Array.from({ length: copies }, () => `file '${FIXTURE}'`).join('\n');
  spawnSync('sh', ['-c', `printf '%s\\n' "$1" > "$2"`, 'sh', lines, list]);
  const r = spawnSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-t',
      String(MINUTES * 60),
    ].concat(['-c', 'copy', recording]),
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
}
const bytes = readFileSync(recording);
const probe = spawnSync(
  'ffprobe',
  ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', recording],
  { encoding: 'utf8' },
);
const mediaSec = Number(probe.stdout.trim());

function startProcess(env) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-parley-web',
      HOST: '127.0.0.1',
      QUEUE_POLL_SECONDS: '1',
      // One sign-in for a run that takes longer than the default 15-minute token.
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      // The sample video's analysis would be counted in the figures.
      SEED_SAMPLES: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, output: () => out.slice(-3000), exited };
}

/** Resident memory (kB) of a process and of all its descendants, from /proc. */
function rssKb(pid) {
  const status = (p) => {
    try {
      return readFileSync(`/proc/${p}/status`, 'utf8');
    } catch {
      return '';
    }
  };
  const field = (text, name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  const children = (p) => {
    try {
      return readdirSync(`/proc/${p}/task`).flatMap((t) =>
        readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
      );
    } catch {
      return [];
    }
  };
  const own = status(pid);
  let tree = field(own, 'VmRSS');
  const stack = children(pid);
  while (stack.length) {
    const c = stack.pop();
    tree += field(status(c), 'VmRSS');
    stack.push(...children(c));
  }
  return { node: field(own, 'VmRSS'), hwm: field(own, 'VmHWM'), tree };
}

async function runWith(workers) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `parley_bench_pipeline_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, PORT: String(port) };
  const procs = [];
  try {
    const apiProc = startProcess({ ...env, ROLE: 'api' });
    procs.push(apiProc);
    await until(
      async () => {
        if (apiProc.child.exitCode !== null) throw new Error(apiProc.output());
        return (await fetch(`${base}/api/health`).catch(() => null))?.ok ? true : undefined;
      },
      120_000,
      'the API',
    );
    const workerProcs = [];
    for (let i = 0; i < workers; i++) {
      const w = startProcess({ ...env, ROLE: 'worker' });
      procs.push(w);
      workerProcs.push(w);
      await until(
        async () => {
          if (w.child.exitCode !== null) throw new Error(w.output());
          return w.output().includes('Parley worker running') ? true : undefined;
        },
        120_000,
        'a worker',
      );
    }
    const token = await signInWithOutbox(base, EMAIL);

    const peak = workerProcs.map(() => ({ hwm: 0, tree: 0 }));
    const sampler = setInterval(() => {
      workerProcs.forEach((w, i) => {
        const r = rssKb(w.child.pid);
        peak[i].hwm = Math.max(peak[i].hwm, r.hwm);
        peak[i].tree = Math.max(peak[i].tree, r.tree);
      });
    }, 250);

    const ids = [];
    for (let i = 0; i < MEETINGS; i++) {
      ids.push((await chunkedUpload(base, token, bytes, `bench ${workers}w ${i}.mp4`)).id);
    }
    const t0 = performance.now();
    const done = new Map();
    let engine = null;
    await until(
      async () => {
        for (const id of ids) {
          if (done.has(id)) continue;
          const s = await api(base, 'GET', `/offline/status/${id}`, token);
          if (s.inferenceStatus === 'failed') throw new Error(`${id} failed: ${s.statusReason}`);
          if (s.inferenceStatus === 'processed') {
            done.set(id, (performance.now() - t0) / 1000);
            engine = s.engine;
          }
        }
        return done.size === ids.length ? true : undefined;
      },
      60 * 60_000,
      'both meetings',
    );
    clearInterval(sampler);
    const wall = Math.max(...done.values());
    return { workers, wall, each: [...done.values()], peak, engine };
  } finally {
    for (const p of procs.reverse()) {
      p.child.kill('SIGTERM');
      await Promise.race([p.exited, new Promise((r) => setTimeout(r, 40_000))]);
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
try {
  console.log(
    `pipeline-workers: ${MEETINGS} meetings of ${(mediaSec / 60).toFixed(1)} min each ` +
      `(${(bytes.length / 1024 / 1024).toFixed(1)} MB), PostgreSQL, ${os.cpus().length} cores`,
  );
  const results = [];
  for (const n of WORKER_COUNTS) {
    const r = await runWith(n);
    results.push(r);
    const rtf = r.wall / (mediaSec * MEETINGS);
    console.log(
      `  ${n} worker${n > 1 ? 's' : ' '}: wall ${r.wall.toFixed(1)} s ` +
        `(meetings done at ${r.each.map((s) => s.toFixed(1)).join(' s, ')} s), ` +
        `real-time factor ${rtf.toFixed(3)} (${(1 / rtf).toFixed(1)}x real time)`,
    );
    r.peak.forEach((p, i) =>
      console.log(
        `    worker ${i + 1}: peak RSS ${mb(p.hwm)} (node), ${mb(p.tree)} with ffmpeg/ASR children`,
      ),
    );
    if (r.engine) console.log(`    engine: ${r.engine.name} ${r.engine.model}`);
  }
  if (results.length === 2) {
    console.log(`  speed-up 1 → 2 workers: ${(results[0].wall / results[1].wall).toFixed(2)}x`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
