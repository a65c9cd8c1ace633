import type { z } from 'zod';
import type { FeatureName } from './features.js';
import type { Role } from './roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route, described once: the server registers it with these schemas (validation and
 * OpenAPI come from them) and the web client calls it with the same types.
 */
export interface RouteContract<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Auth extends boolean = boolean,
> {
  method: HttpMethod;
  /** Path under /api/v1, with `:name` parameters. */
  path: string;
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
   * The roles allowed to call it (only with auth: true); others get 403 with the generic
   * message. Absent means every signed-in member.
   */
  roles?: readonly Role[];
}

export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
  const Auth extends boolean = boolean,
>(route: RouteContract<Body, Query, Response, Auth>): RouteContract<Body, Query, Response, Auth> {
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

export const API_PREFIX = '/api/v1';
