/**
 * What every authenticated call reads before its own work: the session with the caller's
 * role and permissions, and the organisation flags and plan the feature gate checks. Both
 * are kept in this process for `ttlMs` (ACCESS_CACHE_MS): reading them per call was most of
 * what an authenticated read cost under load (issue 20).
 *
 * The writes that change them (sign-in replacing a session, sign-out, a revoked session, a
 * role or custom role edited, a user deactivated or deleted, an organisation closed, a plan
 * changed) call `userChanged` or `changed` here once they are done, so this process answers
 * from the new state at once.
 * Other processes hear of it through `publish` (a NOTIFY, access-sync.ts) and `apply` it;
 * one that misses the notification (its LISTEN connection lost) sees the change at most
 * `ttlMs` later. `changed` forgets everything:
 * these writes are rare, and a wrong guess at which entries a role edit touches would be a
 * permission kept.
 */
export interface AccessCache {
  /**
   * The cached value of `key` in `area` when `usable` accepts it, or what `load` reads (kept
   * unless a change came while it read).
   */
  read<T>(
    area: AccessArea,
    key: string,
    load: () => Promise<T>,
    usable?: (value: T) => boolean,
  ): Promise<T>;
  /** The user's session or access changed (signed in or out, session revoked or rotated). */
  userChanged(userId: string): void;
  /** Roles, users, organisations or plans changed: everything is read again. */
  changed(): void;
  /** A change another process made: forgets as `userChanged`/`changed` do, publishing nothing. */
  apply(change: AccessChange): void;
}

/** One user's access changed, or (no user) anything that may touch everyone's. */
export interface AccessChange {
  userId?: string;
}

/** Both keyed by user id: a user has one session (auth's replaceSession). */
export type AccessArea = 'session' | 'features';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** More entries than this and the expired ones are swept (memory stays bounded under load). */
const SWEEP_AT = 10_000;

export function createAccessCache(opts: {
  ttlMs: number;
  now?: () => number;
  /** Tells the other processes sharing the database. */
  publish?: (change: AccessChange) => void;
}): AccessCache {
  const now = opts.now ?? Date.now;
  const areas: Record<AccessArea, Map<string, Entry>> = { session: new Map(), features: new Map() };
  // A read that started before a change must not store what it read: it may be the old state.
  let generation = 0;

  function sweep(map: Map<string, Entry>, at: number) {
    for (const [key, entry] of map) if (entry.expiresAt <= at) map.delete(key);
    // Still full of live entries (many sessions at once): start over rather than grow.
    if (map.size >= SWEEP_AT) map.clear();
  }

  function forgetUser(userId: string) {
    generation += 1;
    areas.session.delete(userId);
    areas.features.delete(userId);
  }
  function forgetAll() {
    generation += 1;
    areas.session.clear();
    areas.features.clear();
  }

  return {
    async read<T>(
      area: AccessArea,
      key: string,
      load: () => Promise<T>,
      usable: (value: T) => boolean = () => true,
    ): Promise<T> {
      if (opts.ttlMs <= 0) return load();
      const map = areas[area];
      const hit = map.get(key);
      if (hit && hit.expiresAt > now() && usable(hit.value as T)) return hit.value as T;
      const started = generation;
      const value = await load();
      if (started === generation) {
        const at = now();
        if (map.size >= SWEEP_AT) sweep(map, at);
        map.set(key, { value, expiresAt: at + opts.ttlMs });
      }
      return value;
    },
    userChanged(userId) {
      forgetUser(userId);
      opts.publish?.({ userId });
    },
    changed() {
      forgetAll();
      opts.publish?.({});
    },
    apply(change) {
      if (change.userId) forgetUser(change.userId);
      else forgetAll();
    },
  };
}
