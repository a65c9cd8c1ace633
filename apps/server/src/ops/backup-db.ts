import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';

/**
 * The database half of a backup, one code path for PGlite and PostgreSQL: every table of the
 * application's schema as JSON lines (row_to_json), read back with json_populate_recordset.
 * pg_dump is not used because PGlite has none and the two would then restore differently;
 * the job queue's own schema (pg-boss) is left out: a restored instance starts with no jobs
 * in flight.
 */

const SCHEMA = 'public';
/** Rows per read and per insert: bounded memory on large tables. */
export const BATCH_ROWS = 1000;

type Executor = Pick<Db, 'execute'>;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The migrations applied: a backup restores only into the same level. */
export interface MigrationLevel {
  count: number;
  /** drizzle's created_at (the migration's timestamp) of the last one applied. */
  last: string | null;
}

export async function migrationLevel(db: Executor): Promise<MigrationLevel> {
  const [row] = await rows<{ n: number | string; last: string | number | null }>(
    db,
    sql`SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.n ?? 0), last: row?.last == null ? null : String(row.last) };
}

export interface TableInfo {
  name: string;
  /** Columns a row is inserted with: generated columns are computed again. */
  columns: string[];
}

/**
 * The schema's tables, parents before children where the foreign keys allow (some form
 * cycles, e.g. organisations and their owners, which come last in name order): the restore
 * turns reference checks off anyway, so the order only keeps a partial restore readable.
 */
export async function tablesInOrder(db: Executor): Promise<TableInfo[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${SCHEMA} AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        ORDER BY c.relname`,
  );
  const columns = await rows<{ table: string; column: string }>(
    db,
    sql`SELECT c.relname AS table, a.attname AS column
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${SCHEMA} AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        ORDER BY c.relname, a.attnum`,
  );
  const keys = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT c.relname AS child, p.relname AS parent
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND n.nspname = ${SCHEMA}`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const k of keys) if (k.child !== k.parent) parents.get(k.child)?.add(k.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t.name) && [...(parents.get(t.name) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      ready.push(...tables.filter((t) => !placed.has(t.name)));
    }
    for (const t of ready) {
      ordered.push(t.name);
      placed.add(t.name);
    }
  }
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
  }));
}

const table = (name: string) => sql`${sql.identifier(SCHEMA)}.${sql.identifier(name)}`;

/**
 * The table's rows as JSON texts, a batch at a time, in physical order (ctid): keyset paging
 * that stays stable inside the one snapshot the backup reads in.
 */
export async function* readTable(db: Executor, name: string): AsyncGenerator<string[]> {
  let after = '(0,0)';
  for (;;) {
    const batch = await rows<{ tid: string; row: string }>(
      db,
      sql`SELECT ctid::text AS tid, row_to_json(t)::text AS row FROM ${table(name)} t
          WHERE ctid > ${after}::tid ORDER BY ctid LIMIT ${BATCH_ROWS}`,
    );
    if (batch.length === 0) return;
    yield batch.map((r) => r.row);
    after = batch[batch.length - 1]?.tid ?? after;
    if (batch.length < BATCH_ROWS) return;
  }
}

/** Inserts rows given as JSON texts, keeping identity values as they were. */
export async function insertRows(db: Executor, t: TableInfo, jsonRows: string[]): Promise<void> {
  if (jsonRows.length === 0) return;
  const cols = sql.join(
    t.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO ${table(t.name)} (${cols}) OVERRIDING SYSTEM VALUE
        SELECT ${cols} FROM json_populate_recordset(NULL::${table(t.name)}, ${`[${jsonRows.join(',')}]`}::json)`,
  );
}

export async function rowCount(db: Executor, name: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${table(name)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * For the restoring transaction only: no triggers run, neither the migrations' own (e.g. the
 * sales totals marking meetings stale, whose effects the restored tables already hold) nor
 * the foreign-key checks, which cycles between tables (organisations and their owners) would
 * otherwise fail whatever the order. The rows come from one consistent snapshot. Needs a
 * superuser, or on PostgreSQL 15+ `GRANT SET ON PARAMETER session_replication_role TO <user>`.
 */
export async function replicaMode(db: Executor): Promise<void> {
  try {
    await db.execute(sql`SET LOCAL session_replication_role = replica`);
  } catch (err) {
    throw new Error(
      'restore needs to set session_replication_role: run it as a superuser, or ' +
        'GRANT SET ON PARAMETER session_replication_role TO the database user (PostgreSQL 15+)',
      { cause: err },
    );
  }
}

export interface SequenceValue {
  name: string;
  value: number | null;
}

export async function readSequences(db: Executor): Promise<SequenceValue[]> {
  const found = await rows<{ name: string; value: string | null }>(
    db,
    sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences
        WHERE schemaname = ${SCHEMA} ORDER BY sequencename`,
  );
  return found.map((s) => ({ name: s.name, value: s.value == null ? null : Number(s.value) }));
}

/** Identity columns go on from where the backed-up instance was, not from 1. */
export async function writeSequences(db: Executor, sequences: SequenceValue[]): Promise<void> {
  for (const s of sequences) {
    if (s.value == null) continue;
    await db.execute(
      sql`SELECT setval(${`${SCHEMA}."${s.name.replaceAll('"', '""')}"`}::regclass, ${s.value})`,
    );
  }
}
