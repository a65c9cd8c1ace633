import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client.js';

/**
 * A fingerprint of the data in the application's tables: per table its row count and an
 * order-free checksum of its rows' text (a sum of per-row hashes, so no sort is needed). Two
 * equal fingerprints mean no row was added, removed or changed, which is what the route
 * fuzzer asks of a refused call.
 *
 * The queue's own schema (pg-boss) is left out: its workers change it on their own time.
 */
export type Fingerprint = Map<string, string>;

export interface Fingerprinter {
  take(): Promise<Fingerprint>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * `ignore` names tables a refused call may change by design (the activity log records every
 * authenticated call, refused ones too).
 */
export async function fingerprinter(
  database: Database,
  ignore: readonly string[],
): Promise<Fingerprinter> {
  const listed = await database.db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables = rowsOf<{ name: string }>(listed)
    .map((r) => r.name)
    .filter((t) => !ignore.includes(t));
  if (!tables.length) throw new Error('no tables to fingerprint');
  const query = tables
    .map(
      (t) =>
        `SELECT ${`'${t.replaceAll("'", "''")}'`} AS name, count(*)::text || ':' ||
         coalesce(sum(('x' || substr(md5(r::text), 1, 15))::bit(60)::bigint), 0)::text AS print
         FROM public.${quote(t)} r`,
    )
    .join('\nUNION ALL\n');
  return {
    async take() {
      const result = await database.db.execute<{ name: string; print: string }>(sql.raw(query));
      return new Map(rowsOf<{ name: string; print: string }>(result).map((r) => [r.name, r.print]));
    },
  };
}

/** The tables whose fingerprint differs between two takes. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}

/** Drizzle answers `{ rows }` on both drivers (PGlite and node-postgres). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
