import path from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * API tests run on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set
 * (each file gets its own database there). Used by this folder's config and the root one.
 */
export function serverProjects(): TestProjectInlineConfiguration[] {
  const root = import.meta.dirname;
  const project = (name: string, db: string): TestProjectInlineConfiguration => ({
    root,
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      root,
      include: ['src/**/*.test.ts'],
      globalSetup: [path.join(root, 'src/test/global-setup.ts')],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      env: { PARLEY_TEST_DB: db },
    },
  });
  return [
    project('server-pglite', 'pglite'),
    ...(process.env.TEST_DATABASE_URL ? [project('server-postgres', 'postgres')] : []),
  ];
}
