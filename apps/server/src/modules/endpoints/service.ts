import { z } from 'zod';
import {
  ENDPOINT_MESSAGES as M,
  routeKey,
  type Endpoint,
  type HttpMethod,
  type Permission,
  type RouteContract,
  endpointQuery,
} from '@parley/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { EndpointRow, EndpointSortField, EndpointsRepo, EndpointValues } from './repo.js';

/** How old the cached permissions may be before a request reads them again (several processes). */
export const PERMISSION_CACHE_MS = 5_000;
const PLATFORM: Permission = 'platform.manage';
const isUuid = (id: string) => z.uuid().safeParse(id).success;

function view(row: EndpointRow): Endpoint {
  return {
    id: row.id,
    method: row.method,
    path: row.path,
    permission: row.permission,
    defaultPermission: row.defaultPermission,
    overridden: row.permission !== row.defaultPermission,
    summary: row.summary,
    tags: row.tags,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The record a contract route gets: its own permission, summary and tags. */
function valuesOf(route: RouteContract & { permission: Permission }): EndpointValues {
  return {
    method: route.method,
    path: route.path,
    permission: route.permission,
    defaultPermission: route.permission,
    summary: route.summary,
    tags: route.tags,
  };
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * The endpoint catalogue (see contracts' endpoints.ts for what each call means) and the
 * permission each route requires now, which registerRoute asks for on every call.
 */
export function createEndpointsService(deps: {
  repo: EndpointsRepo;
  routes: readonly RouteContract[];
  now?: () => number;
}) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  /** The catalogued routes: those a caller must be signed in for, by `METHOD /path`. */
  const contracts = new Map(
    deps.routes
      .filter((r): r is RouteContract & { permission: Permission } => r.auth && !!r.permission)
      .map((r) => [routeKey(r), r]),
  );

  let cache = new Map<string, Permission>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;

  /** Reads every route's permission again; concurrent callers share one read. */
  function reload(): Promise<void> {
    loading ??= repo
      .permissions()
      .then((rows) => {
        cache = new Map(rows.map((r) => [routeKey(r), r.permission]));
        loadedAt = now();
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function existing(id: string): Promise<EndpointRow> {
    const row = isUuid(id) ? await repo.byId(id) : null;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  /** A platform route's handler acts across organisations: it keeps platform.manage. */
  function checkAllowed(defaultPermission: Permission, permission: Permission): void {
    if (defaultPermission === PLATFORM && permission !== PLATFORM) throw badRequest(M.platformOnly);
  }

  return {
    /**
     * Brings the catalogue in line with the contracts: new routes get a record, changed ones
     * their new summary, tags and default (an override stays), removed routes lose theirs.
     */
    async sync(): Promise<void> {
      const rows = await repo.all();
      const seen = new Set<string>();
      const stale: string[] = [];
      for (const row of rows) {
        const key = routeKey(row);
        const route = contracts.get(key);
        if (!route) {
          stale.push(row.id);
          continue;
        }
        seen.add(key);
        const overridden = row.permission !== row.defaultPermission;
        const permission =
          route.permission === PLATFORM || !overridden ? route.permission : row.permission;
        if (
          row.defaultPermission !== route.permission ||
          row.permission !== permission ||
          row.summary !== route.summary ||
          !sameTags(row.tags, route.tags)
        ) {
          await repo.update(row.id, { ...valuesOf(route), permission });
        }
      }
      await repo.removeMany(stale);
      await repo.insertMany(
        [...contracts].filter(([k]) => !seen.has(k)).map(([, r]) => valuesOf(r)),
      );
      await reload();
    },

    /** The permission the route requires now: its record's, else its contract's. */
    async required(
      route: Pick<RouteContract, 'method' | 'path' | 'permission'>,
    ): Promise<Permission | undefined> {
      if (now() - loadedAt > PERMISSION_CACHE_MS) await reload();
      return cache.get(routeKey(route)) ?? route.permission;
    },

    async query(q: z.output<typeof endpointQuery>) {
      const [field, direction] = q.sort.split(':') as [EndpointSortField, 'asc' | 'desc'];
      const { rows, count } = await repo.page({
        sort: { field, direction },
        page: q.page,
        size: q.size,
        ...(q.search ? { search: q.search } : {}),
      });
      return { endpoints: rows.map(view), count };
    },

    count: async () => ({ count: await repo.count() }),

    list: async () => ({ endpoints: (await repo.all()).map(view) }),

    async create(body: { method: HttpMethod; path: string; permission?: Permission | undefined }) {
      const key = routeKey(body);
      const route = contracts.get(key);
      if (!route) throw badRequest(M.notARoute(key));
      const permission = body.permission ?? route.permission;
      checkAllowed(route.permission, permission);
      const row = await repo.insert({ ...valuesOf(route), permission });
      if (!row) throw conflict(M.exists(key));
      await reload();
      return view(row);
    },

    async update(id: string, permission: Permission) {
      const row = await existing(id);
      checkAllowed(row.defaultPermission, permission);
      const saved = await repo.update(row.id, { permission });
      if (!saved) throw notFound(M.notFound);
      await reload();
      return view(saved);
    },

    async remove(id: string) {
      const row = await existing(id);
      await repo.remove(row.id);
      await reload();
      return { message: M.reset };
    },
  };
}
export type EndpointsService = ReturnType<typeof createEndpointsService>;
