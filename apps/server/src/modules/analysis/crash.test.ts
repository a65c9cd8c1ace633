import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  offlineStatusSchema,
  uploadRouteSets,
  type OfflineStatus,
} from '@parley/contracts';
import { createPglite } from '../../platform/db/client.js';
import { creditsFor } from '../billing/index.js';
import { mediaSeconds, talkingFaceClip, waitFor } from '../../test/media.js';

/**
 * Crash recovery on the built server (`node apps/server/dist/main.js`), as an operator runs
 * it: a process is SIGKILLed while the speech step runs, another takes over, and the meeting
 * still ends 'processed' exactly once: one transcript, its credits charged once.
 */

const MAIN = path.resolve(import.meta.dirname, '../../../dist/main.js');
const EMAIL = 'user@acme.parley.local';
const SEEDED_CREDITS = 600;
// Eight seconds of the talking-face recording: the speech step still takes seconds, long
// enough to be caught running and killed, and the recovery does not depend on the length.
const clip = talkingFaceClip(8);
const video = readFileSync(clip);
const clipSec = mediaSeconds(clip);

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const f of cleanups.splice(0).reverse()) await f();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });
}

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the built server with these variables; its output is kept for failure messages. */
function start(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      APP_SECRET: 'crash-test-secret-crash-test-secret-0123',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-parley-web',
      HOST: '127.0.0.1',
      DEV_OUTBOX: 'true',
      QUEUE_POLL_SECONDS: '0.5',
      ANALYSIS_RETRY_DELAY_SECONDS: '1',
      // The sample meeting would be analysed and charged too, beside the one the test counts.
      SEED_SAMPLES: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => out.slice(-4000), exited };
}

async function kill(p: Proc, signal: NodeJS.Signals): Promise<void> {
  p.child.kill(signal);
  await p.exited;
}

/** Resolves when the API answers /api/health; fails early when the process dies. */
async function ready(base: string, p: Proc): Promise<void> {
  await waitFor(
    async () => {
      if (p.child.exitCode !== null) throw new Error(`server exited:\n${p.output()}`);
      const ok = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      return ok ? true : undefined;
    },
    90_000,
    'the server to start',
  );
}

/** A process without HTTP (ROLE=worker) is ready when it says so. */
async function workerReady(p: Proc): Promise<void> {
  await waitFor(
    async () => {
      if (p.child.exitCode !== null) throw new Error(`worker exited:\n${p.output()}`);
      return p.output().includes('Parley worker running') ? true : undefined;
    },
    90_000,
    'the worker to start',
  );
}

async function api<T>(base: string, method: string, route: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${API_PREFIX}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Signs in through the development outbox, as a developer would. */
async function signIn(base: string): Promise<string> {
  await api(base, 'POST', '/auth/request-signin', undefined, { email: EMAIL });
  const { code } = await api<{ code: string }>(base, 'GET', `/dev/outbox?email=${EMAIL}`);
  const session = await api<{ accessToken: string }>(
    base,
    'POST',
    '/auth/verify-signin',
    undefined,
    {
      email: EMAIL,
      code,
    },
  );
  return session.accessToken;
}

/** The chunked upload routes, the way the web client uses them. */
async function upload(base: string, token: string, fileName: string): Promise<string> {
  const routes = uploadRouteSets.local;
  const started = await api<{ uploadId: string; chunkSize: number; totalChunks: number }>(
    base,
    'POST',
    routes.initiate.path,
    token,
    { fileName, fileSize: video.length },
  );
  for (let i = 0; i < started.totalChunks; i++) {
    const form = new FormData();
    form.set('index', String(i));
    const part = video.subarray(i * started.chunkSize, (i + 1) * started.chunkSize);
    form.set('file', new Blob([part]), 'blob');
    const res = await fetch(
      `${base}${API_PREFIX}${routes.chunkPath}?uploadId=${started.uploadId}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
    );
    if (!res.ok) throw new Error(`chunk ${i}: ${res.status} ${await res.text()}`);
  }
  const meeting = await api<{ id: string }>(base, 'POST', routes.complete.path, token, {
    uploadId: started.uploadId,
    fileName,
  });
  return meeting.id;
}

const statusOf = async (base: string, token: string, id: string): Promise<OfflineStatus> =>
  offlineStatusSchema.parse(await api(base, 'GET', `/offline/status/${id}`, token));

async function untilSpeechRuns(base: string, token: string, id: string): Promise<OfflineStatus> {
  return waitFor(
    async () => {
      const s = await statusOf(base, token, id);
      if (s.inferenceStatus === 'processed' || s.inferenceStatus === 'failed') {
        throw new Error(`the run ended before the speech step was caught: ${JSON.stringify(s)}`);
      }
      return s.steps.find((x) => x.step === 'speech')?.state === 'running' ? s : undefined;
    },
    120_000,
    'the speech step to run',
  );
}

const untilSettled = (base: string, token: string, id: string) =>
  waitFor(
    async () => {
      const s = await statusOf(base, token, id).catch(() => undefined);
      return s && (s.inferenceStatus === 'processed' || s.inferenceStatus === 'failed')
        ? s
        : undefined;
    },
    240_000,
    'the analysis to settle',
  );

interface Outcome {
  transcripts: number;
  credits: number;
  chargedRunId: string | null;
}

const OUTCOME_SQL = {
  transcripts: 'SELECT count(*)::int AS n FROM meeting_transcripts WHERE meeting_id = $1',
  credits: `SELECT p.remaining_credits AS n FROM plans p JOIN organizations o ON o.plan_id = p.id
             JOIN users u ON u.organization_id = o.id WHERE u.email = $1`,
  run: 'SELECT charged_run_id AS n FROM analysis_runs WHERE meeting_id = $1',
};

function expectProcessedOnce(final: OfflineStatus, outcome: Outcome) {
  expect(final.inferenceStatus).toBe('processed');
  expect(final.steps.map((s) => s.state)).toEqual([
    'done',
    'done',
    'done',
    'skipped',
    'done',
    'done',
  ]);
  // The speech step ran again after the kill.
  expect(final.steps[1]?.attempts).toBeGreaterThanOrEqual(2);
  expect(outcome.transcripts).toBe(1);
  // Its started minutes, taken once.
  expect(outcome.credits).toBe(SEEDED_CREDITS - creditsFor(clipSec / 60));
  expect(outcome.chargedRunId).toBe(final.runId);
}

const built = existsSync(MAIN);

describe.runIf(process.env.PARLEY_TEST_DB === 'pglite')(
  'crash recovery on PGlite (ROLE=all)',
  () => {
    it('finishes a meeting exactly once after the process is killed during the speech step', async () => {
      expect(built, `${MAIN} is missing: run npm run build first`).toBe(true);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-crash-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = { DATA_DIR: dataDir, PORT: String(port), ROLE: 'all' };

      const first = start(env);
      await ready(base, first);
      const token = await signIn(base);
      const meetingId = await upload(base, token, 'crash test.mp4');
      await untilSpeechRuns(base, token, meetingId);
      await kill(first, 'SIGKILL');

      // Same data directory: the job left 'active' goes straight back to the queue.
      const second = start(env);
      await ready(base, second);
      const final = await untilSettled(base, token, meetingId);
      await kill(second, 'SIGTERM');

      const db = await createPglite({ dataDir: path.join(dataDir, 'db') });
      const outcome = await readOutcome((q, v) => db.query<{ n: unknown }>(q, v), meetingId);
      await db.close();
      expectProcessedOnce(final, outcome);
    }, 400_000);
  },
);

/** What the meeting left in the database, read through either driver's query function. */
async function readOutcome(
  query: (sql: string, values: unknown[]) => Promise<{ rows: { n: unknown }[] }>,
  meetingId: string,
): Promise<Outcome> {
  const one = async (q: string, v: unknown[]) => ((await query(q, v)).rows[0]?.n ?? null) as never;
  return {
    transcripts: await one(OUTCOME_SQL.transcripts, [meetingId]),
    credits: await one(OUTCOME_SQL.credits, [EMAIL]),
    chargedRunId: await one(OUTCOME_SQL.run, [meetingId]),
  };
}

const pgUrl = process.env.TEST_DATABASE_URL;
describe.runIf(process.env.PARLEY_TEST_DB === 'postgres' && pgUrl)(
  'crash recovery on PostgreSQL (ROLE=api + ROLE=worker)',
  () => {
    it('a second worker finishes the meeting once the killed worker’s job expires', async () => {
      expect(built, `${MAIN} is missing: run npm run build first`).toBe(true);
      const name = `parley_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      });
      const url = new URL(pgUrl ?? '');
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-crash-pg-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PORT: String(port),
        // A killed worker's job is retried once it expires: a short floor keeps the test short.
        ANALYSIS_EXPIRE_MIN_SECONDS: '60',
        ANALYSIS_EXPIRE_PER_MEDIA_SECOND: '1',
        QUEUE_MAINTENANCE_SECONDS: '2',
      };

      const apiProc = start({ ...env, ROLE: 'api' });
      await ready(base, apiProc);
      const worker = start({ ...env, ROLE: 'worker' });
      await workerReady(worker);
      const token = await signIn(base);
      const meetingId = await upload(base, token, 'crash test.mp4');
      await untilSpeechRuns(base, token, meetingId);
      await kill(worker, 'SIGKILL');

      const replacement = start({ ...env, ROLE: 'worker' });
      await workerReady(replacement);
      const final = await untilSettled(base, token, meetingId);
      await kill(replacement, 'SIGTERM');
      await kill(apiProc, 'SIGTERM');

      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      const outcome = await readOutcome((q, v) => db.query<{ n: unknown }>(q, v), meetingId);
      await db.end();
      expectProcessedOnce(final, outcome);
    }, 400_000);
  },
);
