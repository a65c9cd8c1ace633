// Upload throughput and meeting-list latency. Needs `npm run build`.
//
// 1. A 200 MB file through the chunked protocol (initiate, 5 MiB chunks four at a time,
//    complete) over real HTTP on loopback, against one plain request carrying the same bytes
//    to a bare Node server that writes them to disk: what the protocol costs over a copy.
// 2. Meeting lists at 100,000 meetings (bulk-inserted with SQL): page 0, a deep page, a
//    search and a filtered sort, as the poc (whole organisation) and as a member (own and
//    shared), p50/p95 through the HTTP layer. PGlite, and PostgreSQL with TEST_DATABASE_URL.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { createPglite, wrapPglite } from '../apps/server/dist/platform/db/client.js';
import { startBenchApp, withPostgres } from './lib.mjs';

const MB = 1024 * 1024;
const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const MEETINGS = Number(process.env.BENCH_MEETINGS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const CHUNK = 5 * MB;

async function start(database, mediaDir) {
  const { app, signIn } = await startBenchApp(database, { MEDIA_DIR: mediaDir });
  return { app, signIn: async (email) => (await signIn(email)).json() };
}

async function chunkedUpload(base, token, bytes) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (p, body) => {
    const res = await fetch(`${base}/api/v1/integration/local/${p}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const fileName = `bench-${Date.now()}.mp4`;
  const started = performance.now();
  const s = await post('initiate-upload', { fileName, fileSize: bytes.length });
  let next = 0;
  const worker = async () => {
    while (next < s.totalChunks) {
      const i = next++;
      const form = new FormData();
      form.append('index', String(i));
      form.append('file', new Blob([bytes.subarray(i * CHUNK, (i + 1) * CHUNK)]), 'blob');
      const res = await fetch(
        `${base}/api/v1/integration/local/upload-chunk?uploadId=${s.uploadId}`,
        {
          method: 'POST',
          headers,
          body: form,
        },
      );
      if (!res.ok) throw new Error(`chunk ${i}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  await post('complete-upload', { uploadId: s.uploadId, fileName });
  return performance.now() - started;
}

/** One POST of the whole body to a bare server that streams it to a file. */
async function plainCopy(bytes, dir) {
  const server = http.createServer(async (req, res) => {
    await pipeline(req, createWriteStream(path.join(dir, 'plain.bin')));
    res.end('ok');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${server.address().port}/`, {
    method: 'POST',
    body: bytes,
  });
  await res.text();
  const ms = performance.now() - started;
  server.close();
  return ms;
}

const pct = (times, p) =>
  times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);

async function timeList(app, token, url) {
  const times = [];
  let count = 0;
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (i >= 3) times.push(performance.now() - t); // the first calls warm caches and plans
    count = res.json().count;
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), count };
}

async function bulkInsert(exec, org, poc, user) {
  const words = [
    'alpha',
    'bravo',
    'charlie',
    'delta',
    'echo',
    'foxtrot',
    'golf',
    'hotel',
    'india',
    'juliet',
    'kilo',
    'lima',
    'mike',
    'november',
    'oscar',
    'papa',
    'quebec',
    'romeo',
    'sierra',
    'tango',
  ];
  const t = performance.now();
  await exec(`
    INSERT INTO meetings (organization_id, owner_id, meeting_name, meeting_code, stage, inference_status,
      start_time, duration_sec, storage_provider, search_text, created_at, updated_at)
    SELECT '${org}', CASE WHEN g % 10 = 0 THEN '${user}'::uuid ELSE '${poc}'::uuid END,
      'Meeting ' || g || ' ' || w, 'Meeting ' || g || ' ' || w || '.mp4',
      (enum_range(NULL::meeting_stage))[1 + g % 6], (enum_range(NULL::inference_status))[1 + g % 5],
      now() - (g || ' minutes')::interval, (g * 7) % 3600, 'local',
      lower('Meeting ' || g || ' ' || w || '.mp4'),
      now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    FROM (SELECT g, (ARRAY['${words.join("','")}'])[1 + g % 20] AS w FROM generate_series(1, ${MEETINGS}) g) s`);
  // A thousand of the poc's meetings are shared with the member.
  await exec(`
    INSERT INTO meeting_shares (meeting_id, user_id)
    SELECT id, '${user}' FROM meetings WHERE owner_id = '${poc}' ORDER BY created_at LIMIT 1000`);
  await exec('ANALYZE meetings; ANALYZE meeting_shares;');
  return performance.now() - t;
}

async function run(label, database, exec) {
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-media-'));
  try {
    const { app, signIn } = await start(database, mediaDir);
    const poc = await signIn('poc@acme.parley.local');
    const user = await signIn('user@acme.parley.local');

    if (FILE_MB > 0) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${app.server.address().port}`;
      const bytes = randomBytes(FILE_MB * MB);
      const chunked = await chunkedUpload(base, poc.accessToken, bytes);
      const plain = await plainCopy(bytes, mediaDir);
      const rate = (ms) => (FILE_MB / (ms / 1000)).toFixed(0);
      console.log(
        `${label}: ${FILE_MB} MB chunked (4 parallel 5 MiB chunks, assembled) ${rate(chunked)} MB/s ` +
          `(${(chunked / 1000).toFixed(2)} s); plain single request ${rate(plain)} MB/s ` +
          `(${(plain / 1000).toFixed(2)} s); chunked/plain = ${(plain / chunked).toFixed(2)}`,
      );
    }

    const inserted = await bulkInsert(exec, poc.user.organizationId, poc.user.id, user.user.id);
    console.log(`${label}: inserted ${MEETINGS} meetings in ${(inserted / 1000).toFixed(1)} s`);
    const deep = Math.floor(MEETINGS / 2 / 10);
    const cases = [
      ['page 0', '/api/v1/meeting/user'],
      [`page ${deep}`, `/api/v1/meeting/user?page=${deep}`],
      ['search "tango" (5 %)', '/api/v1/meeting/user?search=tango'],
      ['search "4321" (rare)', '/api/v1/meeting/user?search=4321'],
      ['stage + duration:desc', '/api/v1/meeting/user?stage=discovery_stage&order=duration:desc'],
    ];
    for (const [who, session] of [
      ['poc', poc],
      ['member', user],
    ]) {
      for (const [name, url] of cases) {
        const r = await timeList(app, session.accessToken, url);
        console.log(
          `${label}: ${who.padEnd(6)} ${name.padEnd(22)} p50 ${r.p50} ms, p95 ${r.p95} ms (count ${r.count})`,
        );
      }
    }
    await app.close();
  } finally {
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

const pglite = await createPglite();
await run('PGlite', wrapPglite(pglite), (q) => pglite.exec(q));
await withPostgres(async (database, url) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await run('PostgreSQL', database, (q) => client.query(q));
  await client.end();
});
