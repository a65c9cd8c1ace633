import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.projects.js';

/** `npm test` runs every unit and API test through this one config. */
export default defineConfig({
  test: {
    // Vitest's default is one worker on a 2-core machine; many API and pipeline tests wait on
    // child processes and polling, so two files at a time keep both cores busy.
    maxWorkers: 2,
    projects: [
      'packages/contracts/vitest.config.ts',
      'packages/analysis/vitest.config.ts',
      'packages/ai/vitest.config.ts',
      'tools/vitest.config.ts',
      ...serverProjects(),
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
    ],
  },
});
