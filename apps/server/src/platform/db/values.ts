import { conflict } from '../errors.js';
import { errorChain } from '../outage.js';

const hasPgCode = (err: unknown, code: string): boolean =>
  [...errorChain(err)].some((e) => e.code === code);

/** PostgreSQL's unique_violation, as thrown by pg and PGlite (directly or as a cause). */
export const isUniqueViolation = (err: unknown) => hasPgCode(err, '23505');

/**
 * A row others still reference (restrict_violation, what ON DELETE RESTRICT raises) or a
 * foreign_key_violation (a missing referent, or NO ACTION).
 */
export const isForeignKeyViolation = (err: unknown) =>
  hasPgCode(err, '23001') || hasPgCode(err, '23503');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs; anything that is not a uuid matches no row (rather than a SQL error). */
export const isUuid = (id: string) => UUID.test(id);

/** Runs a write; a unique violation becomes 409 with `message` (a name or e-mail taken). */
export async function conflictOnDuplicate<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message);
    throw err;
  }
}
