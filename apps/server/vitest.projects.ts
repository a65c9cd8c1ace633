import path from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Files whose subject is not the database: pure functions, media tools, outside services
 * (identity provider, cloud stores, SMTP, Redis fan-out) and the two compute-heavy pipeline
 * steps whose SQL is one upsert per result. Running them on PostgreSQL too would repeat minutes
 * of face, physiology and prompt work and test no SQL that PGlite did not already run; the
 * repositories, queue, tenancy and pipeline files still run on both.
 */
const PGLITE_ONLY = [
  'src/modules/transcripts/view.test.ts',
  'src/modules/transcripts/edit.test.ts',
  'src/modules/zai/retrieval.test.ts',
  'src/modules/auth/oidc-state.test.ts',
  'src/modules/auth/oidc.test.ts',
  'src/platform/secrets.test.ts',
  'src/platform/errors.test.ts',
  'src/platform/process-guard.test.ts',
  'src/platform/mail.test.ts',
  'src/platform/http/openapi.test.ts',
  'src/platform/http/oauth-connect.test.ts',
  'src/platform/media/media.test.ts',
  'src/platform/storage/local.test.ts',
  'src/platform/storage/s3.test.ts',
  'src/platform/storage/azure.test.ts',
  'src/platform/net/endpoint-guard.test.ts',
  'src/platform/realtime/realtime.test.ts',
  'src/modules/uploads/upload-cloud.test.ts',
  'src/modules/video-signals/video-step.test.ts',
  'src/modules/video-signals/views.test.ts',
  'src/modules/insights/insights-step.test.ts',
  // The whole pipeline to one word's time; search.test.ts runs the search SQL on both.
  'src/modules/search/search-pipeline.test.ts',
  'src/modules/search/segments.test.ts',
  'src/modules/reports/pdf/pdf.test.ts',
  // Face and voice work, media decoding and model servers: their SQL is plain reads and
  // upserts that the tenancy, authorisation-matrix and repository tests run on PostgreSQL.
  'src/modules/biometrics/participants.test.ts',
  'src/modules/analysis/damaged-media.test.ts',
  'src/modules/video-signals/physiology-job.test.ts',
  'src/modules/zai/remote.test.ts',
  'src/modules/scorecards/remote.test.ts',
  'src/modules/coaching/quiz-generate-remote.test.ts',
  'src/modules/prompts/prompt-run.test.ts',
  'src/modules/ai-providers/private-endpoints.test.ts',
  'src/modules/integrations/private-endpoints.test.ts',
  'src/modules/auth/oidc-unavailable.test.ts',
  'src/config.test.ts',
  // Parley rooms: sockets, Chromium and media; their one SQL write is the meetings repository's.
  'src/modules/rooms/rooms.test.ts',
  'src/modules/rooms/passes.test.ts',
  'src/modules/rooms/room-bot-browser.test.ts',
  // The pipeline's compute with plain upserts between steps; the queue (queue.test.ts), the
  // worker killed mid-step (crash.test.ts) and API and worker processes side by side
  // (roles.test.ts) run on PostgreSQL. Each of these costs minutes there and tests no SQL of
  // its own.
  'src/modules/analysis/analysis.test.ts',
  'src/modules/trackers/trackers-pipeline.test.ts',
  // Every route's contract fuzzed: the parsing is zod's and the same PostgreSQL parser
  // answers on PGlite; the tenancy and authorisation matrix run on both.
  'src/platform/http/route-fuzz.test.ts',
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
    exclude: string[],
  ): TestProjectInlineConfiguration => ({
    root,
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      root,
      include: ['src/**/*.test.ts'],
      exclude,
      globalSetup: [path.join(root, 'src/test/global-setup.ts')],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      env: { PARLEY_TEST_DB: db },
    },
  });
  return [
    project('server-pglite', 'pglite', []),
    ...(process.env.TEST_DATABASE_URL ? [project('server-postgres', 'postgres', PGLITE_ONLY)] : []),
  ];
}
