import { defineConfig } from 'vitest/config';

/**
 * API tests run on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set
 * (each file gets its own database there).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const common = {
  include: ['src/**/*.test.ts'],
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    projects: [
      { extends: true, test: { ...common, name: 'server-pglite', env: { PARLEY_TEST_DB: 'pglite' } } },
      ...(onPostgres
        ? [{ extends: true, test: { ...common, name: 'server-postgres', env: { PARLEY_TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
