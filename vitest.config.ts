import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.projects.js';

/** `npm test` runs every unit and API test through this one config. */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts/vitest.config.ts',
      'packages/analysis/vitest.config.ts',
      'tools/vitest.config.ts',
      ...serverProjects(),
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
    ],
  },
});
