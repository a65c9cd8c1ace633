// Load on the HTTP API (issue 20 item 3), with autocannon over real HTTP on loopback. Needs
// `npm run build`. Three layouts, each on a fresh database that is dropped afterwards:
//   pg-one   one ROLE=api process on PostgreSQL (the targets are for this one)
//   pg-four  two ROLE=api and two ROLE=worker processes on PostgreSQL (no proxy: the load is
//            split between the two API ports and the figures added up)
//   pglite   one process on PGlite (ROLE=api: its uploads are not analysed during the reads)
// For each: a seeded user signs in and uploads a few meetings; then the library list, a
// meeting page's reads, transcript search and sign-in (the code request) at rising
// concurrency; then fifty chunked uploads in parallel while the library list is read. Printed:
// requests/s, p50/p99 latency, errors and non-2xx answers, and each process's resident memory
// at the start and the end. PostgreSQL layouts need TEST_DATABASE_URL (skipped without it).
//
// On PostgreSQL also the database transactions per request (pg_stat_database), a figure the
// machine's speed does not change: what caching the session and plan saves shows there.
//
// LOAD_SECONDS (default 60) per step; LOAD_CONNECTIONS (default 10,50,100);
// LOAD_LAYOUTS (default pg-one,pg-four,pglite); LOAD_UPLOADS (default 50, 0: none);
// LOAD_STEPS (default list,meeting,search,signin); ACCESS_CACHE_MS is passed on;
// LOAD_CPU_PROF (a directory) profiles the processes. The memory run the issue asks for (flat
// over five minutes): LOAD_LAYOUTS=pg-one LOAD_STEPS=list LOAD_CONNECTIONS=50 LOAD_SECONDS=300
// LOAD_UPLOADS=0 — RSS is printed for each minute.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { chunkedUpload, freePort, signInWithOutbox, until } from './processes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(root, 'apps/server/dist/main.js');
const FIXTURE = path.join(root, 'fixtures/video/small-face-wide-shot.mp4');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = (process.env.LOAD_CONNECTIONS ?? '10,50,100').split(',').map(Number);
const LAYOUTS = (process.env.LOAD_LAYOUTS ?? 'pg-one,pg-four,pglite').split(',');
const UPLOADS = Number(process.env.LOAD_UPLOADS ?? 50);
const STEPS = (process.env.LOAD_STEPS ?? 'list,meeting,search,signin').split(',');
const EMAIL = 'user@acme.parley.local';
const SECRET = 'bench-secret-bench-secret-bench-secret-00';

if (!existsSync(MAIN)) {
  console.error(`load: ${MAIN} is missing; run npm run build first`);
  process.exit(1);
}
const work = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-load-'));
const bytes = readFileSync(FIXTURE);

function startProcess(env) {
  // LOAD_CPU_PROF=dir: every process writes a V8 CPU profile there when it exits.
  const prof = process.env.LOAD_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...prof, MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      APP_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-parley-web',
      HOST: '127.0.0.1',
      DEV_OUTBOX: 'true',
      SEED_SAMPLES: 'false',
      METRICS_PORT: '0',
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      // Sign-in is measured, not refused by the limits that protect it.
      AUTH_CODE_REQUESTS_PER_ADDRESS: '100000000',
      AUTH_REQUESTS_PER_IP: '100000000',
      ...(process.env.ACCESS_CACHE_MS ? { ACCESS_CACHE_MS: process.env.ACCESS_CACHE_MS } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out = (out + d).slice(-5000)));
  child.stderr.on('data', (d) => (out = (out + d).slice(-5000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, output: () => out, exited, role: env.ROLE };
}

const rssMb = (pid) => {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** One autocannon run per API port, at once, the connections split between them. */
async function hammer(bases, connections, requests, seconds = SECONDS) {
  const per = Math.max(1, Math.floor(connections / bases.length));
  const runs = await Promise.all(
    bases.map((url) =>
      autocannon({ url, connections: per, duration: seconds, requests, timeout: 10 }),
    ),
  );
  const sum = (f) => runs.reduce((a, r) => a + f(r), 0);
  return {
    rps: sum((r) => r.requests.average),
    // Percentiles cannot be added: the worse of the ports'.
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors: sum((r) => r.errors + r.timeouts),
    non2xx: sum((r) => r.non2xx),
    total: sum((r) => r.requests.total),
  };
}

const line = (name, c, r, xacts) =>
  console.log(
    `  ${name.padEnd(22)} c=${String(c).padStart(3)}  ${r.rps.toFixed(0).padStart(6)} req/s  ` +
      `p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms  ` +
      `errors ${r.errors}  non-2xx ${r.non2xx}  (${r.total} requests` +
      (xacts === undefined || r.total === 0
        ? ')'
        : `, ${(xacts / r.total).toFixed(2)} db transactions each)`),
  );

/** Committed transactions of the bench's database so far (statistics lag ~1 s: wait first). */
async function transactions(admin, dbName) {
  if (!admin) return undefined;
  await new Promise((r) => setTimeout(r, 1500));
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await admin.query(
    'SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = $1',
    [dbName],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Fifty chunked uploads at once while the library list is read for LOAD_SECONDS. */
async function uploadsDuringReads(bases, token, listRequests) {
  const t0 = performance.now();
  const reading = hammer(bases, 50, listRequests, SECONDS);
  const results = await Promise.allSettled(
    Array.from({ length: UPLOADS }, (_, i) =>
      chunkedUpload(bases[i % bases.length], token, bytes, `parallel ${i}.mp4`),
    ),
  );
  const uploadSec = (performance.now() - t0) / 1000;
  const failed = results.filter((r) => r.status === 'rejected');
  line('list during uploads', 50, await reading);
  console.log(
    `  ${UPLOADS} chunked uploads of ${(bytes.length / 1024).toFixed(0)} kB in parallel: ` +
      `${uploadSec.toFixed(1)} s, ${failed.length} failed` +
      (failed.length ? ` (first: ${failed[0].reason?.message ?? failed[0].reason})` : ''),
  );
}

async function runLayout(layout) {
  const onPg = layout !== 'pglite';
  let admin = null;
  let dbName = null;
  const dataDir = mkdtempSync(path.join(work, `${layout}-`));
  const env = { DATA_DIR: dataDir };
  if (onPg) {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    dbName = `parley_bench_load_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const roles = {
    'pg-one': ['api'],
    'pg-four': ['api', 'api', 'worker', 'worker'],
    // api, not all: the uploads would be analysed in the same process while it is read.
    pglite: ['api'],
  }[layout];
  const procs = [];
  const bases = [];
  try {
    for (const role of roles) {
      const port = role === 'worker' ? 0 : await freePort();
      const p = startProcess({ ...env, ROLE: role, PORT: String(port) });
      procs.push(p);
      if (role === 'worker') {
        await until(
          async () => {
            if (p.child.exitCode !== null) throw new Error(p.output());
            return p.output().includes('Parley worker running') ? true : undefined;
          },
          180_000,
          'a worker',
        );
        continue;
      }
      const base = `http://127.0.0.1:${port}`;
      bases.push(base);
      // One at a time: the first migrates and seeds, the others find it done.
      await until(
        async () => {
          if (p.child.exitCode !== null) throw new Error(p.output());
          return (await fetch(`${base}/api/health`).catch(() => null))?.ok ? true : undefined;
        },
        180_000,
        `the ${role} process`,
      );
    }
    const base = bases[0];
    const token = await signInWithOutbox(base, EMAIL);
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push((await chunkedUpload(base, token, bytes, `load ${i}.mp4`)).id);
    const auth = { authorization: `Bearer ${token}` };
    const meetingId = ids[0];
    // The figures are for real answers: the list read below holds the uploads.
    const listed = await (
      await fetch(`${base}/api/v1/meeting/user?page=0&size=10`, { headers: auth })
    ).json();
    if (listed.count < ids.length || !ids.every((id) => listed.data.some((m) => m.id === id)))
      throw new Error(`the library list lacks the uploads: ${JSON.stringify(listed)}`);
    const steps = [
      [
        'list',
        'library list',
        [{ method: 'GET', path: '/api/v1/meeting/user?page=0&size=10', headers: auth }],
      ],
      [
        'meeting',
        'meeting page reads',
        [
          { method: 'GET', path: `/api/v1/meeting/${meetingId}`, headers: auth },
          { method: 'GET', path: `/api/v1/offline/status/${meetingId}`, headers: auth },
        ],
      ],
      [
        'search',
        'search',
        [{ method: 'GET', path: '/api/v1/search/transcripts?q=hello', headers: auth }],
      ],
      [
        'signin',
        'sign-in (code request)',
        [
          {
            method: 'POST',
            path: '/api/v1/auth/request-signin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: EMAIL }),
          },
        ],
      ],
    ];
    const rssStart = procs.map((p) => rssMb(p.child.pid));
    // Each process's RSS once a minute while the steps run: flat memory shows as a plateau
    // after the first minute's warm-up (JIT, caches, pools), a leak as a steady climb.
    const perMinute = procs.map(() => []);
    const sampler = setInterval(
      () => procs.forEach((p, i) => perMinute[i].push(rssMb(p.child.pid))),
      60_000,
    );
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `\n${layout} (${roles.join(' + ')}), ${SECONDS} s per step, ${os.cpus().length} cores, load average ${load}`,
    );
    for (const [key, name, requests] of steps) {
      if (!STEPS.includes(key)) continue;
      for (const c of CONNECTIONS) {
        const before = await transactions(admin, dbName);
        const r = await hammer(bases, c, requests);
        const after = await transactions(admin, dbName);
        line(name, c, r, before === undefined ? undefined : after - before);
      }
    }
    if (UPLOADS > 0) await uploadsDuringReads(bases, token, steps[0][2]);
    clearInterval(sampler);
    const rssEnd = procs.map((p) => rssMb(p.child.pid));
    procs.forEach((p, i) =>
      console.log(
        `  ${p.role.padEnd(6)} process ${i + 1}: RSS ${rssStart[i].toFixed(0)} MB at start, ` +
          `${rssEnd[i].toFixed(0)} MB at end` +
          (perMinute[i].length > 1
            ? `; each minute: ${perMinute[i].map((m) => m.toFixed(0)).join(' → ')} MB`
            : ''),
      ),
    );
  } finally {
    for (const p of procs.reverse()) {
      p.child.kill('SIGTERM');
      await Promise.race([p.exited, new Promise((r) => setTimeout(r, 30_000))]);
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

try {
  for (const layout of LAYOUTS) {
    if (layout !== 'pglite' && !process.env.TEST_DATABASE_URL) {
      console.log(`load ${layout}: skipped (set TEST_DATABASE_URL to a PostgreSQL server)`);
      continue;
    }
    await runLayout(layout);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
