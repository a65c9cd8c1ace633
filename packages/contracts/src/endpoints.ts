import { z } from 'zod';
import { permissionSchema } from './permissions.js';
import { defineRoute } from './route.js';

/**
 * The endpoint catalogue (spec 3 §3 Endpoint, §7 endpoint/…): one record per authenticated
 * route, generated from the route contracts when the server starts, never typed by hand. What a
 * super admin may do with a generated catalogue:
 *
 * - PATCH changes the permission a route requires; the server enforces the record's permission
 *   (an override), not the contract's, within a few seconds on every API process.
 * - DELETE removes the record, and with it any override: the route requires its contract's
 *   permission again. The record comes back at the next start, or at once with POST.
 * - POST recreates the record of a contract route that has none; anything that is not a route
 *   of the contracts is refused (400), a route that has its record already too (409).
 * - A route the contracts require platform.manage for keeps it: its handler acts across
 *   organisations, so lowering it would open every organisation (400).
 */
export const ENDPOINT_MESSAGES = {
  notFound: 'Endpoint not found',
  notARoute: (key: string) => `${key} is not a route of the API`,
  exists: (key: string) => `${key} is in the catalog already`,
  platformOnly: 'A platform route keeps the platform.manage permission',
  reset: 'Endpoint removed: the route requires its contract’s permission again',
} as const;

export const endpointSchema = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  /** The permission the route requires now (the override when there is one). */
  permission: permissionSchema,
  /** The permission its contract declares. */
  defaultPermission: permissionSchema,
  /** Whether a super admin changed the permission. */
  overridden: z.boolean(),
  summary: z.string(),
  tags: z.array(z.string()),
  updatedAt: z.string(),
});
export type Endpoint = z.infer<typeof endpointSchema>;

export const ENDPOINT_SORT_FIELDS = ['path', 'method', 'permission', 'updatedAt'] as const;

export const endpointQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z
    .string()
    .regex(
      /^(path|method|permission|updatedAt):(asc|desc)$/,
      'sort is path, method, permission or updatedAt, then :asc or :desc',
    )
    .default('path:asc'),
  search: z.string().trim().max(200).optional(),
});
export type EndpointQuery = z.input<typeof endpointQuery>;

export const endpointCreateBody = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().trim().min(1).max(300),
  permission: permissionSchema.optional(),
});
export const endpointPatchBody = z.object({ permission: permissionSchema });

const tags = ['endpoints'];

export const endpointRoutes = {
  query: defineRoute({
    method: 'GET',
    path: '/endpoint/query',
    summary: 'A page of the endpoint catalogue, searched and sorted, with the total count',
    tags,
    auth: true,
    permission: 'platform.manage',
    query: endpointQuery,
    response: z.object({ endpoints: z.array(endpointSchema), count: z.number().int() }),
  }),
  count: defineRoute({
    method: 'GET',
    path: '/endpoint/count',
    summary: 'How many endpoints the catalogue holds',
    tags,
    auth: true,
    permission: 'platform.manage',
    response: z.object({ count: z.number().int() }),
  }),
  list: defineRoute({
    method: 'GET',
    path: '/endpoint',
    summary: 'The whole endpoint catalogue, by path',
    tags,
    auth: true,
    permission: 'platform.manage',
    response: z.object({ endpoints: z.array(endpointSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/endpoint',
    summary: 'Recreate the record of a route of the contracts that has none',
    tags,
    auth: true,
    permission: 'platform.manage',
    body: endpointCreateBody,
    response: endpointSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/endpoint/:id',
    summary: 'Change the permission a route requires (enforced within seconds)',
    tags,
    auth: true,
    permission: 'platform.manage',
    body: endpointPatchBody,
    response: endpointSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/endpoint/:id',
    summary: 'Remove a record and its override: the contract’s permission applies again',
    tags,
    auth: true,
    permission: 'platform.manage',
    response: z.object({ message: z.string() }),
  }),
} as const;
