import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** How many rows of `table` match `condition`. */
export async function countOf(db: Db, table: PgTable, condition: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(table).where(condition);
  return row?.n ?? 0;
}

/**
 * One page of a list and the count of every row that matches it (the pager's total), read
 * together. `condition` must be the one the page was read with.
 */
export async function withTotal<T>(
  db: Db,
  table: PgTable,
  condition: SQL | undefined,
  page: Promise<T[]>,
): Promise<{ rows: T[]; count: number }> {
  const [rows, total] = await Promise.all([page, countOf(db, table, condition)]);
  return { rows, count: total };
}
