import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TALENT_POOL_ONLY,
  featureUnavailableMessage,
  isFeatureAvailable,
  pathParamNames,
  type FeatureHolder,
  type Permission,
  type RouteContract,
  type RouteParams,
} from '@parley/contracts';
import { forbidden, unauthorized } from '../errors.js';
import { rejectUnstorableText } from './input-guard.js';
import type { Caller } from './caller.js';

/** What the permission check needs to know of a route. */
export type RouteGuard = Pick<RouteContract, 'method' | 'path' | 'permission'>;

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Caller;
  }
  interface FastifyInstance {
    /** Set by the auth module: resolves a bearer token to a live session or null. */
    authenticate(request: FastifyRequest): Promise<Caller | null>;
    /** Set by the users module: the organisation flags and plan that decide feature access. */
    featureHolder(auth: Caller): Promise<FeatureHolder>;
    /**
     * Set by the endpoints module: the permission a route requires now, which is the
     * contract's unless the super admin changed it in the endpoint catalogue.
     */
    requiredPermission?(route: RouteGuard): Promise<Permission | undefined>;
  }
}

type BodyOf<R> =
  R extends RouteContract<infer B, infer _Q, infer _R, infer _A>
    ? B extends z.ZodType
      ? z.output<B>
      : undefined
    : never;
type QueryOf<R> =
  R extends RouteContract<infer _B, infer Q, infer _R, infer _A>
    ? Q extends z.ZodType
      ? z.output<Q>
      : undefined
    : never;
type AuthOf<R> =
  R extends RouteContract<infer _B, infer _Q, infer _R, infer A>
    ? A extends true
      ? Caller
      : Caller | undefined
    : never;

export interface HandlerContext<R extends RouteContract> {
  body: BodyOf<R>;
  query: QueryOf<R>;
  /** One string per `:name` of the contract's path (see the naming rule in contracts' route.ts). */
  params: RouteParams<R>;
  /** Present on routes whose contract says auth: true. */
  auth: AuthOf<R>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Per-route options for @fastify/rate-limit. */
  rateLimit?: { max: number; timeWindow: number };
}

/**
 * Every path parameter is a string: ids that are not ids are the services' to answer (a 404,
 * as for any id that matches nothing), so a mistyped link reads the same as a deleted one.
 */
function paramsSchema(path: string): z.ZodObject | undefined {
  const names = pathParamNames(path);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
}

/**
 * The bearer check and the permission check, the one place a role meets a route: 401 without
 * a live session, 403 when the caller's role lacks the permission the route requires now (the
 * contract's, or the endpoint catalogue's override). Routes outside registerRoute (multipart
 * chunks) call it with a route-like description of themselves.
 */
export async function authorise(
  app: FastifyInstance,
  request: FastifyRequest,
  route: RouteGuard,
): Promise<Caller> {
  const auth = await app.authenticate(request);
  if (!auth) throw unauthorized();
  request.auth = auth;
  const needed = app.requiredPermission ? await app.requiredPermission(route) : route.permission;
  if (needed && !auth.permissions.includes(needed)) throw forbidden();
  return auth;
}

/**
 * Registers a route from its contract: zod validates input and output, the contract feeds
 * OpenAPI, routes marked auth: true get the bearer check before anything else runs (then the
 * permission the route requires, and the feature gate), and every string in params, query and
 * body must be storable text (input-guard.ts). This is the one place a role is checked against
 * a route; which rows a caller may touch stays in the repositories.
 */
export function registerRoute<R extends RouteContract>(
  app: FastifyInstance,
  contract: R,
  handler: (ctx: HandlerContext<R>) => Promise<z.input<R['response']>>,
  options: RouteOptions = {},
): void {
  const params = paramsSchema(contract.path);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    schema: {
      summary: contract.summary,
      tags: contract.tags,
      ...(contract.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(params ? { params } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      response: { [contract.status ?? 200]: contract.response },
    },
    // Authentication and the feature gate run on request, before the body is parsed or
    // validated: a caller without a session gets 401, never a 400 that describes the body.
    onRequest: contract.auth
      ? async (request) => {
          const auth = await authorise(app, request, contract);
          const feature = contract.feature;
          if (feature && !isFeatureAvailable(await app.featureHolder(auth), feature)) {
            throw forbidden(featureUnavailableMessage(feature));
          }
          if (contract.talentPool && !(await app.featureHolder(auth)).organization?.isB2C) {
            throw forbidden(TALENT_POOL_ONLY);
          }
        }
      : undefined,
    preValidation: async (request) => rejectUnstorableText(request),
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as BodyOf<R>,
        query: request.query as QueryOf<R>,
        params: request.params as RouteParams<R>,
        auth: request.auth as HandlerContext<R>['auth'],
        request,
        reply,
      });
      if (contract.status) reply.status(contract.status);
      return result;
    },
  });
}
