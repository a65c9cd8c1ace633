import { readFileSync } from 'node:fs';
// Shared set-up for the benchmarks: a seeded app on a database, and a throwaway PostgreSQL
// database when TEST_DATABASE_URL is set. Needs `npm run build`.
import pg from 'pg';
import { chunkedUpload } from './processes.mjs';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { openPostgres } from '../apps/server/dist/platform/db/client.js';
import { seed } from '../apps/server/dist/modules/seed/seed.js';

/** Migrates, seeds and builds the app; sign-in codes are kept in memory instead of mailed. */
export async function startBenchApp(database, env = {}) {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'silent',
    AUTH_CODE_REQUESTS_PER_ADDRESS: '100000',
    AUTH_REQUESTS_PER_IP: '100000',
    ...env,
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
  /** Requests and verifies a code; answers the verify response. */
  const signIn = async (email) => {
    await app.inject({ method: 'POST', url: '/api/v1/auth/request-signin', payload: { email } });
    return app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-signin',
      payload: { email, code: codes.get(email) },
    });
  };
  return { app, config, signIn };
}

/** Runs fn(database, url) on a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
export async function withPostgres(fn) {
  if (!process.env.TEST_DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `parley_bench_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    await fn(openPostgres(url.toString()), url.toString());
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Uploads a file through the local chunked-upload routes, as the upload dialog does. */
export const upload = (base, token, file, fileName) =>
  chunkedUpload(base, token, readFileSync(file), fileName);
