import path from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The files that run a second time on PostgreSQL: those whose subject is SQL of our own —
 * repositories with aggregates, joins, locks, upserts or full-text search, the queue, tenancy and
 * the authorisation matrix over every route, money and credit ledgers, deletion cascades, and
 * the worker killed mid-step. Everything else (media, models, outside services, pure functions,
 * pipeline compute whose SQL is plain reads and upserts) runs on PGlite only: PostgreSQL would
 * repeat minutes of work and test no SQL that PGlite did not already run.
 */
const POSTGRES_FILES = [
  // The database client, the queue and the pipeline's recovery from a killed worker.
  'src/platform/db/client.test.ts',
  // Backup and restore (a dump of every table, restored into a fresh database), key rotation.
  'src/ops/backup.test.ts',
  'src/ops/rotate-secrets.test.ts',
  'src/platform/queue/queue.test.ts',
  'src/modules/analysis/crash.test.ts',
  'src/modules/analysis/roles.test.ts',
  // Tenancy and permissions over every route.
  'src/test/authorisation-matrix.test.ts',
  'src/modules/meetings/tenancy.test.ts',
  // Access changes reaching every API process (NOTIFY).
  'src/modules/auth/access-sync.test.ts',
  'src/platform/realtime/bridge.test.ts',
  'src/modules/meetings/lists.test.ts',
  'src/modules/meetings/meetings.test.ts',
  // Reports built in SQL: sales performance, warnings, activity logs, search, hiring, home.
  'src/modules/sales/sales.test.ts',
  'src/modules/sales/accounts-view.test.ts',
  'src/modules/sales/warnings.test.ts',
  'src/modules/sales/deal-warnings.test.ts',
  'src/modules/sales/warnings-jobs.test.ts',
  'src/modules/user-logs/user-logs.test.ts',
  'src/platform/audit.test.ts',
  'src/modules/retention/retention.test.ts',
  'src/modules/search/search.test.ts',
  'src/modules/search/zai-search.test.ts',
  'src/modules/interviews/interviews.test.ts',
  'src/modules/home/home.test.ts',
  'src/modules/coaching/assessments.test.ts',
  'src/modules/trackers/trackers.test.ts',
  'src/modules/crm/import.test.ts',
  'src/modules/crm/notes.test.ts',
  // Money and credits: ledgers, numbering and concurrent spending.
  'src/modules/billing/credits.test.ts',
  'src/modules/billing/credit-routes.test.ts',
  'src/modules/billing/plans.test.ts',
  'src/modules/catalogue/catalogue.test.ts',
  'src/modules/invoices/invoices.test.ts',
  'src/modules/invoices/lines.test.ts',
  'src/modules/invoices/invoices-pool.test.ts',
  'src/modules/payments/payments.test.ts',
  'src/modules/payments/auto-pay-subscriptions.test.ts',
  'src/modules/payments/payments-b2c.test.ts',
  'src/modules/payments/auto-pay-analysis.test.ts',
  // Upserts and unique rules that decide behaviour: settings, providers, webhooks applied once,
  // calendar sync, token rotation, deletion cascades.
  'src/modules/seed/seed.test.ts',
  'src/modules/organizations/organizations.test.ts',
  'src/modules/organizations/addresses.test.ts',
  'src/modules/organizations/deletion.test.ts',
  'src/modules/users/user-management.test.ts',
  'src/modules/parameters/parameters.test.ts',
  'src/modules/endpoints/endpoints.test.ts',
  'src/modules/ai-providers/ai-providers.test.ts',
  'src/modules/prompts/prompts.test.ts',
  'src/modules/bots/attendee.test.ts',
  'src/modules/calendars/sync.test.ts',
  'src/modules/auth/rotation.test.ts',
  'src/modules/sharing/sharing.test.ts',
  'src/modules/transcripts/transcript-edits.test.ts',
  'src/modules/talent-pool/profile.test.ts',
  'src/modules/talent-pool/mock-interviews.test.ts',
  'src/modules/talent-pool/progress.test.ts',
  'src/modules/personal-data/personal-data.test.ts',
  'src/modules/uploads/cleanup.test.ts',
];

/**
 * API tests run on PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set
 * (each file gets its own database there). Used by this folder's config and the root one.
 */
export function serverProjects(): TestProjectInlineConfiguration[] {
  const root = import.meta.dirname;
  const project = (
    name: string,
    db: string,
    include: string[],
  ): TestProjectInlineConfiguration => ({
    root,
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      root,
      include,
      // Each file builds its own app and database (useTestApp), so what a worker keeps between
      // files is only the imported code: importing the server once per worker instead of once
      // per file halves the CPU time of the API tests.
      isolate: false,
      globalSetup: [path.join(root, 'src/test/global-setup.ts')],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      env: { PARLEY_TEST_DB: db },
    },
  });
  return [
    project('server-pglite', 'pglite', ['src/**/*.test.ts']),
    ...(process.env.TEST_DATABASE_URL
      ? [project('server-postgres', 'postgres', POSTGRES_FILES)]
      : []),
  ];
}
