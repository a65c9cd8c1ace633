import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPostgres } from '../platform/db/client.js';
import type { MailMessage } from '../platform/mail.js';
import { seed } from '../modules/seed/index.js';
import type { TestContext } from './context.js';

/**
 * The seeded app on a database the test owns (a private PostgreSQL it may stop), shaped as a
 * TestContext so the usual kits (signIn, the upload helpers) drive it. Unlike
 * createTestContext, the database is migrated from empty, the way a deployment starts.
 */
export async function appOnDatabase(
  url: string,
  env: Record<string, string> = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/nonexistent-parley-test',
    LOG_LEVEL: 'silent',
    QUEUE_POLL_SECONDS: '0.5',
    ANALYSIS_RETRY_DELAY_SECONDS: '0',
    SHUTDOWN_GRACE_SECONDS: '2',
    SEED_SAMPLES: 'false',
    ...env,
  });
  const database = openPostgres(url);
  await database.migrate();
  await seed(database.db, config);
  const mail: MailMessage[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    mailer: {
      send: async (m) => {
        mail.push(m);
      },
      latest: () => undefined,
      close() {},
    },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock: { now: () => new Date(), advance: () => {} },
    mail,
    lastCode(email) {
      const m = [...mail].reverse().find((x) => x.to === email.toLowerCase());
      if (!m?.code) throw new Error(`no code was mailed to ${email}`);
      return m.code;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
