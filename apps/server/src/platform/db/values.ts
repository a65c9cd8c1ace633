import { conflict } from '../errors.js';

/** PostgreSQL's unique_violation, as thrown by pg and PGlite (directly or as a cause). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | null; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

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
