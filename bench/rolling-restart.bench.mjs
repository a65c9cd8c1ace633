// Rolling restart under load (issue 20, item 7): two API processes (the built server, ROLE=api)
// on one PostgreSQL database behind a small round-robin proxy, a steady stream of authenticated
// reads through it, and each API process restarted in turn (SIGTERM, wait for it to exit,
// start it again, wait until ready). Prints requests sent, failed and the restart timings; the
// target is zero failed requests. Needs `npm run build` and PostgreSQL (TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/postgres).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes.mjs';

const MAIN = path.resolve(import.meta.dirname, '../apps/server/dist/main.js');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = Number(process.env.ROLLING_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.ROLLING_ROUNDS ?? 1);
const EMAIL = 'poc@acme.parley.local';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(MAIN)) {
  console.log(`rolling restart: skipped (${MAIN} missing: run npm run build)`);
  process.exit(0);
}
const admin = new pg.Client({ connectionString: ADMIN_URL });
try {
  await admin.connect();
} catch (err) {
  console.log(`rolling restart: skipped (no PostgreSQL at ${ADMIN_URL}: ${err.message})`);
  process.exit(0);
}
const dbName = `parley_rolling_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-rolling-'));

/** One API process on `port`; `exited` resolves with its exit code. */
function startApi(port) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      APP_SECRET: 'rolling-restart-secret-rolling-restart-00',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-parley-web',
      HOST: '127.0.0.1',
      DEV_OUTBOX: 'true',
      ROLE: 'api',
      PORT: String(port),
      METRICS_PORT: '0',
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      SEED_SAMPLES: 'false',
      AUTH_REQUESTS_PER_IP: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, exited, output: () => out.slice(-3000) };
}

async function untilReady(proc) {
  const end = Date.now() + 300_000;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null) throw new Error(`API exited:\n${proc.output()}`);
    const ok = await fetch(`http://127.0.0.1:${proc.port}/health/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`API on ${proc.port} not ready:\n${proc.output()}`);
}

/**
 * Round-robin over the backends, as nginx's upstream does: a backend that refuses the
 * connection (stopped, or not yet listening) is skipped for the next one; nothing else is
 * retried, so an answer the API drops or fails reaches the client as a failure.
 */
function startProxy(ports) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries) => {
        const port = ports[next++ % ports.length];
        const up = http.request(
          {
            host: '127.0.0.1',
            port,
            method: req.method,
            path: req.url,
            headers: req.headers,
            agent,
          },
          (r) => {
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        up.on('error', (err) => {
          // nginx's proxy_next_upstream: a refused connection, or (for a GET) a kept-alive
          // connection the backend closed before answering, is tried on the next backend.
          const retriable =
            err.code === 'ECONNREFUSED' ||
            (err.code === 'ECONNRESET' && req.method === 'GET' && !res.headersSent);
          if (retriable && tries < ports.length * 4) return attempt(tries + 1);
          proxyErrors.set(
            err.code ?? err.message,
            (proxyErrors.get(err.code ?? err.message) ?? 0) + 1,
          );
          if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        up.end(body);
      };
      attempt(0);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const proxyErrors = new Map();

const ports = [await freePort(), await freePort()];
const apis = [];
let proxy;
try {
  // Both at once: the migration lock lets one migrate while the other waits.
  apis.push(startApi(ports[0]), startApi(ports[1]));
  await Promise.all(apis.map(untilReady));
  proxy = await startProxy(ports);
  const base = `http://127.0.0.1:${proxy.address().port}`;

  // Signed in on one process directly: the development outbox is per process.
  const direct = `http://127.0.0.1:${ports[0]}`;
  const post = (route, body) =>
    fetch(`${direct}/api/v1${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/request-signin', { email: EMAIL });
  const { code } = await (await fetch(`${direct}/api/v1/dev/outbox?email=${EMAIL}`)).json();
  const { accessToken } = await (await post('/auth/verify-signin', { email: EMAIL, code })).json();
  const auth = { authorization: `Bearer ${accessToken}` };

  let running = true;
  const counts = { sent: 0, ok: 0, failed: 0 };
  const failures = new Map();
  const latencies = [];
  const loop = async () => {
    while (running) {
      const started = performance.now();
      counts.sent++;
      try {
        const res = await fetch(`${base}/api/v1/meeting/user?page=0&size=10`, { headers: auth });
        await res.arrayBuffer();
        if (res.ok) counts.ok++;
        else {
          counts.failed++;
          failures.set(`HTTP ${res.status}`, (failures.get(`HTTP ${res.status}`) ?? 0) + 1);
        }
      } catch (err) {
        counts.failed++;
        const key = err.cause?.code ?? err.message;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      latencies.push(performance.now() - started);
    }
  };
  const loops = Array.from({ length: CONCURRENCY }, loop);
  const t0 = performance.now();
  await sleep(3000);
  const restarts = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < apis.length; i++) {
      const old = apis[i];
      const began = performance.now();
      old.child.kill('SIGTERM');
      const code = await old.exited;
      const stoppedMs = performance.now() - began;
      apis[i] = startApi(ports[i]);
      await untilReady(apis[i]);
      restarts.push({
        port: ports[i],
        exitCode: code,
        stopMs: Math.round(stoppedMs),
        backMs: Math.round(performance.now() - began),
      });
      await sleep(1500);
    }
  }
  await sleep(2000);
  running = false;
  await Promise.all(loops);
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];

  console.log(`rolling restart: 2 API processes (ROLE=api, PostgreSQL) behind a round-robin proxy`);
  console.log(
    `  load: ${CONCURRENCY} concurrent GET /meeting/user (point of contact) for ${seconds.toFixed(1)} s`,
  );
  for (const r of restarts) {
    console.log(
      `  restarted :${r.port}: exit ${r.exitCode} ${r.stopMs} ms after SIGTERM, ready again after ${r.backMs} ms`,
    );
  }
  console.log(
    `  requests: ${counts.sent} sent, ${counts.ok} ok, ${counts.failed} failed (target 0)`,
  );
  console.log(
    `  throughput ${(counts.sent / seconds).toFixed(0)}/s, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms`,
  );
  if (failures.size) console.log(`  failures: ${JSON.stringify(Object.fromEntries(failures))}`);
  if (proxyErrors.size)
    console.log(`  proxy saw: ${JSON.stringify(Object.fromEntries(proxyErrors))}`);
  if (counts.failed > 0) process.exitCode = 1;
} finally {
  for (const a of apis) if (a.child.exitCode === null) a.child.kill('SIGKILL');
  await Promise.all(apis.map((a) => a.exited));
  proxy?.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
