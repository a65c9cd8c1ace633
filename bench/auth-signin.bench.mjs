// Sign-in cost: request a code and verify it, end to end through the HTTP layer, on the
// embedded PGlite database and (with TEST_DATABASE_URL) on PostgreSQL. Needs `npm run build`.
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createPglite, openPostgres, wrapPglite } from '../apps/server/dist/platform/db/client.js';
import { seed } from '../apps/server/dist/modules/seed/seed.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

async function run(label, database) {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'silent',
    AUTH_CODE_REQUESTS_PER_ADDRESS: '100000',
    AUTH_REQUESTS_PER_IP: '100000',
  });
  await seed(database.db, config);
  const codes = new Map();
  const mailer = {
    async send(m) {
      codes.set(m.to, m.code);
    },
    latest: () => undefined,
    close() {},
  };
  const app = await buildApp({ config, database, mailer, logger: false });
  const email = 'user@acme.parley.local';
  const times = [];
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await app.inject({ method: 'POST', url: '/api/v1/auth/request-signin', payload: { email } });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-signin',
      payload: { email, code: codes.get(email) },
    });
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
if (process.env.TEST_DATABASE_URL) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `parley_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  await run('PostgreSQL', openPostgres(url.toString()));
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
}
