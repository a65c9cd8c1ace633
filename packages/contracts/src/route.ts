import type { z } from 'zod';
import type { FeatureName } from './features.js';
import type { Permission } from './permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/*
 * Path parameters are named for the thing they hold, the same name in every route: a meeting
 * is `:meetingId` (also when it is the route's only parameter), an organisation
 * `:organizationId`. `:id` is kept for the resource the path itself names and that is not a
 * meeting or an organisation (`/prompt/:id`, `/highlights/:id`, `/models/:id`). Other values
 * say what they are (`:token`, `:email`, `:tag`, `:meetingCode`, `:dashboard`).
 */

/** The parameter names of a path: `'/share/:meetingId/:userId'` -> `'meetingId' | 'userId'`. */
export type PathParamName<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamName<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? Name
      : never;

/** The values of a path's parameters, typed from the path string itself. */
export type PathParams<Path extends string, Value = string> = string extends Path
  ? Record<string, Value>
  : { [Name in PathParamName<Path>]: Value };

const PARAM = /:([A-Za-z_]\w*)/g;

/** The parameter names of a path at run time (the same names PathParamName finds). */
export function pathParamNames<Path extends string>(path: Path): PathParamName<Path>[] {
  return [...path.matchAll(PARAM)].map((m) => m[1] as PathParamName<Path>);
}

/** The path with each `:name` replaced by its value, URL-encoded. */
export function fillPath<Path extends string>(
  path: Path,
  params: PathParams<Path, string | number>,
): string {
  const values = params as Record<string, string | number | undefined>;
  return path.replace(PARAM, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * One route, described once: the server registers it with these schemas (validation and
 * OpenAPI come from them) and the web client calls it with the same types.
 */
export interface RouteContract<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Auth extends boolean = boolean,
  Path extends string = string,
> {
  method: HttpMethod;
  /** Path under /api/v1, with `:name` parameters (named by the rule at the top of this file). */
  path: Path;
  summary: string;
  tags: string[];
  /** false for the calls the spec lists as made without a bearer token. */
  auth: Auth;
  body?: Body;
  query?: Query;
  response: Response;
  /** Success status when it is not 200. */
  status?: number;
  /**
   * The bundle feature the caller's organisation must have (spec 1 §6). The server refuses
   * with 403 'No {feature} available' otherwise; this is the one way to gate a route.
   */
  feature?: FeatureName;
  /**
   * Only members of a talent-pool (B2C) organisation may call it (spec 3 §6: individual
   * accounts have their own plan and payment calls); anyone else gets 403 with
   * TALENT_POOL_ONLY, before the body is read.
   */
  talentPool?: true;
  /**
   * The permission the caller's role must hold: required with auth: true (defineRoute will
   * not compile without it), absent otherwise. Others get 403 with the generic message before
   * the handler runs. The endpoint catalogue is built from these; a super admin may override
   * one there (see the endpoints module), and the server enforces the override.
   */
  permission?: Permission;
}

export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
  const Auth extends boolean = boolean,
  const Path extends string = string,
>(
  route: RouteContract<Body, Query, Response, Auth, Path> &
    (Auth extends true ? { permission: Permission } : { permission?: never }),
): RouteContract<Body, Query, Response, Auth, Path> {
  return route;
}

export type RouteBody<R> =
  R extends RouteContract<infer B, infer _Q, infer _R, infer _A>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type RouteQuery<R> =
  R extends RouteContract<infer _B, infer Q, infer _R, infer _A>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type RouteResponse<R> =
  R extends RouteContract<infer _B, infer _Q, infer Res, infer _A> ? z.output<Res> : never;

/** The path parameters of a route, typed from its path (any string record for a loose route). */
export type RouteParams<R, Value = string> =
  R extends RouteContract<infer _B, infer _Q, infer _R, infer _A, infer Path>
    ? PathParams<Path, Value>
    : never;
/** The names of a route's path parameters (never when it has none). */
export type RouteParamName<R> =
  R extends RouteContract<infer _B, infer _Q, infer _R, infer _A, infer Path>
    ? PathParamName<Path>
    : never;

export const API_PREFIX = '/api/v1';

/** The refusal of a talent-pool route (`talentPool: true`) to anyone outside the pool. */
export const TALENT_POOL_ONLY = 'Only talent-pool accounts have a talent-pool plan';

/** Whether a value is a route contract (what defineRoute returns). */
export const isRouteContract = (v: unknown): v is RouteContract =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as RouteContract).method === 'string' &&
  typeof (v as RouteContract).path === 'string' &&
  typeof (v as RouteContract).auth === 'boolean' &&
  'response' in v;

/** A route's name in catalogues, tests and logs: `GET /meeting/:meetingId`. */
export const routeKey = (route: { method: string; path: string }): string =>
  `${route.method} ${route.path}`;

/**
 * Every route contract in a module namespace (`import * as contracts from '@parley/contracts'`):
 * the contracts sit in groups, some nested. One per method and path. Taking the namespace as an
 * argument keeps this file free of an import cycle with index.ts.
 */
export function collectRoutes(namespace: object): RouteContract[] {
  const found = new Map<string, RouteContract>();
  const walk = (v: unknown, depth: number) => {
    if (isRouteContract(v)) {
      if (!found.has(routeKey(v))) found.set(routeKey(v), v);
    } else if (v && typeof v === 'object' && depth < 3 && !('_zod' in v)) {
      for (const x of Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(namespace, 0);
  return [...found.values()];
}
