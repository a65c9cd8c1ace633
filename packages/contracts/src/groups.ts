import { z } from 'zod';
import { defineRoute } from './route.js';
import {
  messageAnswer as message,
  organizationScope,
  paging,
  USER_ADMIN_TAGS as tags,
} from './user-admin-scope.js';

/** Groups of an organisation's users (spec 3 §3 Group and role, §7); a user is in any number. */
export const GROUP_STATUSES = ['active', 'inactive'] as const;
export const groupSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  status: z.enum(GROUP_STATUSES),
  usersCount: z.number().int(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupListQuery = z.object({ ...paging, ...organizationScope });
export const organizationGroupsQuery = z.object({
  filter: z
    .string()
    .regex(/^organizationId:eq:[0-9a-f-]{36}$/i, 'filter is organizationId:eq:{id}')
    .transform((f) => f.slice('organizationId:eq:'.length).toLowerCase())
    .optional(),
});
const groupName = z.string().trim().min(1, 'Enter the group’s name').max(100);
export const createGroupBody = z.object({ name: groupName, ...organizationScope });
export const updateGroupBody = z
  .object({ name: groupName.optional(), status: z.enum(GROUP_STATUSES).optional() })
  .refine((b) => b.name !== undefined || b.status !== undefined, 'Nothing to change');

export const groupRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/group/all',
    summary:
      'Groups searched and paged (the caller’s organisation, or the one the super admin names)',
    tags,
    auth: true,
    permission: 'users.read',
    query: groupListQuery,
    response: z.object({ data: z.array(groupSchema), count: z.number().int() }),
  }),
  ofOrganization: defineRoute({
    method: 'GET',
    path: '/group/organizationGroups',
    summary: 'Every group of one organisation (filter=organizationId:eq:{id})',
    tags,
    auth: true,
    permission: 'users.read',
    query: organizationGroupsQuery,
    response: z.object({ data: z.array(groupSchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/group',
    summary: 'Create a group',
    tags,
    auth: true,
    permission: 'groups.manage',
    body: createGroupBody,
    status: 201,
    response: z.object({ data: groupSchema }),
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/group/:id',
    summary: 'Rename, deactivate or reactivate a group',
    tags,
    auth: true,
    permission: 'groups.manage',
    body: updateGroupBody,
    response: z.object({ data: groupSchema }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/group/:id',
    summary: 'Delete a group (its members stay, without it)',
    tags,
    auth: true,
    permission: 'groups.manage',
    response: message,
  }),
} as const;
