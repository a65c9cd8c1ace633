// Sign-in cost: request a code and verify it, end to end through the HTTP layer, on the
// embedded PGlite database and (with TEST_DATABASE_URL) on PostgreSQL. Needs `npm run build`.
import { createPglite, wrapPglite } from '../apps/server/dist/platform/db/client.js';
import { startBenchApp, withPostgres } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

async function run(label, database) {
  const { app, signIn } = await startBenchApp(database);
  const times = [];
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const res = await signIn('user@acme.parley.local');
    if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  console.log(
    `${label}: ${ROUNDS} sign-ins in ${(total / 1000).toFixed(2)} s = ${(ROUNDS / (total / 1000)).toFixed(0)}/s; ` +
      `p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms; rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
  await app.close();
  await database.close();
}

await run('PGlite (in memory)', wrapPglite(await createPglite()));
await withPostgres((database) => run('PostgreSQL', database));
