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
  /** From the running sums: cheap, for every call. */
  take(): Promise<Fingerprint>;
  /** Summed again over every row: what take() must equal. */
  scan(): Promise<Fingerprint>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Where the running sums live: outside public, so they are not an application table. */
const SCHEMA = 'test_fingerprint';
/** A row's hash: 60 bits of the md5 of its text. */
const rowHash = (row: string) => `('x' || substr(md5(${row}::text), 1, 15))::bit(60)::bigint`;

/**
 * `ignore` names tables a refused call may change by design (the activity log records every
 * authenticated call, refused ones too).
 *
 * The sums are computed once over every row, then kept by row triggers that subtract a row's
 * hash when it goes and add it when it comes: the same figures as summing every table again,
 * read from one small table. (Summing every table for every refused call was most of the
 * property fuzzer's time.) The triggers stay on the test's database, which is thrown away.
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

  const summed = tables
    .map(
      (t) =>
        `SELECT ${literal(t)} AS name, count(*)::text || ':' ||
         coalesce(sum(${rowHash('r')}), 0)::text AS print FROM public.${quote(t)} r`,
    )
    .join('\nUNION ALL\n');
  const prints = async (query: string) =>
    new Map(
      rowsOf<{ name: string; print: string }>(
        await database.db.execute<{ name: string; print: string }>(sql.raw(query)),
      ).map((r) => [r.name, r.print]),
    );

  // In one transaction, so no write from a worker falls between a table's sum and its trigger.
  await database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    await run(`CREATE SCHEMA ${SCHEMA}`);
    await run(
      `CREATE TABLE ${SCHEMA}.prints (name text PRIMARY KEY, rows bigint NOT NULL, hash numeric NOT NULL)`,
    );
    await run(`CREATE FUNCTION ${SCHEMA}.track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE ${SCHEMA}.prints SET rows = 0, hash = 0 WHERE name = TG_TABLE_NAME;
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE ${SCHEMA}.prints SET rows = rows - 1, hash = hash - ${rowHash('OLD')}
          WHERE name = TG_TABLE_NAME;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        UPDATE ${SCHEMA}.prints SET rows = rows + 1, hash = hash + ${rowHash('NEW')}
          WHERE name = TG_TABLE_NAME;
      END IF;
      RETURN NULL;
    END $$`);
    for (const t of tables) {
      await run(
        `INSERT INTO ${SCHEMA}.prints SELECT ${literal(t)}, count(*), coalesce(sum(${rowHash('r')}), 0)
       FROM public.${quote(t)} r`,
      );
      await run(
        `CREATE TRIGGER test_fingerprint AFTER INSERT OR UPDATE OR DELETE ON public.${quote(t)}
       FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.track()`,
      );
      await run(
        `CREATE TRIGGER test_fingerprint_truncate AFTER TRUNCATE ON public.${quote(t)}
       FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.track()`,
      );
    }
  });
  return {
    take: () =>
      prints(`SELECT name, rows::text || ':' || hash::text AS print FROM ${SCHEMA}.prints`),
    scan: () => prints(summed),
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
