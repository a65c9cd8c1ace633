import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './platform/db/client.js';
import { buildApp } from './app.js';
import { seed } from './modules/seed/index.js';
import { guardProcess, type ProcessLog } from './platform/process-guard.js';
import { serveMetrics } from './platform/observability/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The server's logger once it exists; until then, stderr. */
let processLog: ProcessLog = { error: (obj, msg) => console.error(msg, obj) };

async function main() {
  // First of all: the queue starts jobs while the app is built, and nothing a job or a stream
  // throws may end the process (issue 21).
  guardProcess({ error: (obj, msg) => processLog.error(obj, msg) });
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: config.dataDir,
  });
  await database.migrate();
  // Seeding is the serving process's job; a worker only needs the schema.
  const accounts =
    config.seedDemo && config.env.ROLE !== 'worker' ? await seed(database.db, config) : [];

  const role = config.env.ROLE;
  const webDist =
    role === 'worker' ? null : (config.env.WEB_DIST ?? path.resolve(here, '../../web/dist'));
  const app = await buildApp({ config, database, webDist });
  processLog = app.log;
  const metricsServer =
    config.env.METRICS_PORT > 0
      ? serveMetrics(app.metrics, config.env.METRICS_PORT, config.env.HOST, app.log)
      : null;

  let stopping = false;
  const shutdown = async () => {
    // A second signal while the grace period runs does not start a second shutdown.
    if (stopping) return;
    stopping = true;
    metricsServer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (role === 'worker') {
    // Handlers only: the queue polls from app.ready(); nothing listens on a port.
    await app.ready();
    console.log(
      `Parley worker running (${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'})`,
    );
    return;
  }
  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  // After listening: the samples go through the queue like any upload (SEED_SAMPLES).
  const samples = config.seedSamples && accounts.length ? await app.samples.seed() : [];
  const lines = [
    '',
    `  Parley is running at ${config.publicUrl} (ROLE=${role})`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
    accounts.length
      ? `  Sign in at ${config.publicUrl}/signin with one of these accounts:`
      : `  Sign in at ${config.publicUrl}/signin`,
    ...accounts.map((a) => `    ${a.email.padEnd(28)} ${a.label}`),
    signInCodesLine(config),
    ...(samples.length
      ? [
          `  Sample content added, analysing now: ${samples
            .map((k) =>
              k.startsWith('training/')
                ? 'a default training video with its quiz'
                : k.startsWith('deals/')
                  ? 'a sample account with three deals (sales rep)'
                  : 'a sample sales call (point of contact)',
            )
            .join(', ')}.`,
        ]
      : []),
    `  API documentation: ${config.publicUrl}/api/docs`,
    '',
  ];
  console.log(lines.join('\n'));
}

/** Where a person finds the sign-in code they asked for (README, under the two commands). */
function signInCodesLine(config: AppConfig): string {
  if (config.env.SMTP_URL) return '  Sign-in codes are sent by e-mail (SMTP_URL).';
  const log = '  Sign-in codes are printed in this log (no SMTP_URL)';
  return config.devOutbox
    ? `${log} and at ${config.publicUrl}/api/v1/dev/outbox?email=ADDRESS`
    : `${log}.`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
