import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../platform/db/client.js';
import { createSamplesRepo } from './repo.js';
import { createSamplesService, type SamplesDeps } from './service.js';

/** apps/server/assets/samples, from src/ (tests) and dist/ (the build) alike. */
export const SAMPLES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/samples',
);

export function createSamplesModule(
  deps: Omit<SamplesDeps, 'repo' | 'assetsDir'> & { db: Db; assetsDir?: string },
) {
  return {
    service: createSamplesService({
      ...deps,
      repo: createSamplesRepo(deps.db),
      assetsDir: deps.assetsDir ?? SAMPLES_DIR,
    }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildApp: main.ts adds the sample content after the server starts (SEED_SAMPLES). */
    samples: import('./service.js').SamplesService;
  }
}
