import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share this type, so services and repos never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (tests dump and restore it). */
  pglite?: PGlite;
  /** The pool on PostgreSQL (the job queue and LISTEN/NOTIFY use it directly). */
  pool?: pg.Pool;
}

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be cut by the server (restart, failover, admin termination). Without a
  // listener the pool re-emits that as an unhandled 'error' and the process dies; the pool
  // already drops the broken client and opens a new one on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL: idle connection lost: ${err.message}`));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pool,
    migrate: () => migrateOnce(pool, () => migratePg(db, { migrationsFolder })),
    close: () => pool.end(),
  };
}

/** Any fixed number: every Parley process asks for the same advisory lock. */
const MIGRATION_LOCK = 7_206_915_203;

/**
 * Several processes starting together (API replicas, workers, a migration Job) would each try
 * to apply the same migrations and all but one fail on the objects the first created. A
 * session-level advisory lock lets one migrate while the others wait and then find nothing
 * left to do.
 */
export async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    holder.release();
  }
}

/**
 * Every PGlite this app opens, with the extensions the migrations use (pg_trgm for meeting
 * search). A database whose indexes use an extension cannot be written without it loaded.
 */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** PGlite under DATA_DIR/db unless DATABASE_URL names a PostgreSQL server (ARCHITECTURE §1). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = await createPglite({ dataDir: dir });
  return wrapPglite(client);
}
