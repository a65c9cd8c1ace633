import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createPglite, wrapPglite } from '../platform/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite database and hands its dump to every test file (≈0.7 s to load vs 3 s to create). */
export default async function setup(project: TestProject) {
  const client = await createPglite();
  const database = wrapPglite(client);
  await database.migrate();
  // The job queue's schema too, so each test's app starts its queue without building it.
  await client.exec(PgBoss.getConstructionPlans('pgboss'));
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-tpl-')), 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
}
