import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { createPglite, openPostgres, wrapPglite } from '../platform/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** On the PostgreSQL project: a migrated database each test file's database is copied from. */
    postgresTemplate: string;
  }
}

/** The URL of another database on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onAdmin<T>(adminUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates one PostgreSQL database (and the job queue's schema) for the run: CREATE DATABASE
 * … TEMPLATE copies it in a fraction of a second, where migrating each file's database took
 * seconds. Answers its name and how to drop it.
 */
async function postgresTemplate(adminUrl: string) {
  const name = `parley_tpl_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const database = openPostgres(databaseUrl(adminUrl, name));
  await database.migrate();
  await database.pool?.query(PgBoss.getConstructionPlans('pgboss'));
  await database.close();
  return {
    name,
    drop: () => onAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
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

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.config.env?.PARLEY_TEST_DB !== 'postgres' || !adminUrl) return;
  const template = await postgresTemplate(adminUrl);
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
