import { z } from 'zod';
import { defineRoute } from './route.js';
import { roleSchema } from './roles.js';
import { groupSchema } from './groups.js';
import {
  messageAnswer as message,
  organizationScope,
  organizationScopeQuery,
  paging,
  uuid,
  USER_ADMIN_TAGS as tags,
} from './user-admin-scope.js';

/**
 * User Management (spec 3 §7 "Organisation, user, group, role"): the users, groups and custom
 * roles of an organisation. A point of contact (or anyone whose role holds the permission)
 * manages their own organisation; the super admin any, naming it with `organizationId`. Lists
 * need users.read; changes users.manage, groups.manage or roles.manage.
 */

/** Spec 3 §8 texts of these lists, and the server's own answers. */
export const USER_ADMIN_MESSAGES = {
  searchFailed: 'Failed to search users',
  fetchFailed: 'Failed to fetch users',
  groupsFailed: 'Failed to get results',
  rolesFailed: 'Failed to get results',
  userNotFound: 'User not found',
  groupNotFound: 'Group not found',
  roleNotFound: 'Role not found',
  emailTaken: 'An account with this e-mail already exists',
  invited: (email: string) => `Invitation sent to ${email}`,
  userUpdated: 'User updated',
  userDeleted: 'User deleted; their meetings stay with the organization',
  notYourself: 'You cannot deactivate or delete your own account',
  noHeir: 'The organization has no other point of contact to keep this user’s meetings',
  salesManagerInvalid: 'The sales manager must be an active sales manager of the organization',
  groupInvalid: 'Choose active groups of the organization',
  roleNotAssignable: 'You cannot give a role with permissions you do not hold',
  groupNameTaken: 'A group with this name already exists',
  groupDeleted: 'Group deleted',
  roleNameTaken: 'A role with this name already exists',
  roleDeleted: 'Role deleted',
  defaultRole: 'Default roles cannot be changed or deleted',
  roleInUse: (n: number) =>
    `${n} ${n === 1 ? 'user holds' : 'users hold'} this role; give them another role first`,
  permissionNotHeld: 'You cannot grant a permission you do not hold',
} as const;

/** The default roles an administrator may give (a talent-pool account signs up on its own). */
export const ASSIGNABLE_ROLES = ['poc', 'user', 'salesManager', 'salesRep'] as const;
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);
export const USER_STATUSES = ['active', 'inactive'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

const namedRef = z.object({ id: z.string(), name: z.string() });

/** A person in a picker (the sales manager select). */
export const userPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type UserPerson = z.infer<typeof userPersonSchema>;

/** One row of the user list (spec 3 §3 User). */
export const managedUserSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organization: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  customRole: namedRef.nullable(),
  position: z.string().nullable(),
  status: userStatusSchema,
  groups: z.array(namedRef),
  salesManager: userPersonSchema.omit({ role: true }).nullable(),
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const USER_SORTS = ['createdAt', 'firstName', 'lastName', 'email', 'role'] as const;
const GROUP_FILTER = /^groupId:eq:([0-9a-f-]{36})$/i;

export const userListQuery = z.object({
  ...paging,
  /** `groupId:eq:{id}`: only the group's members. */
  filter: z
    .string()
    .regex(GROUP_FILTER, 'filter is groupId:eq:{id}')
    .transform((f) => ({ groupId: f.slice('groupId:eq:'.length).toLowerCase() }))
    .optional(),
  sort: z
    .string()
    .regex(
      /^(createdAt|firstName|lastName|email|role):(asc|desc)$/,
      'sort is createdAt, firstName, lastName, email or role, then :asc or :desc',
    )
    .default('createdAt:desc'),
});
export type UserListQuery = z.input<typeof userListQuery>;

export const userQueryQuery = userListQuery.extend(organizationScope);

const name = (what: string) => z.string().trim().min(1, `Enter the ${what}`).max(100);
const userFields = {
  firstName: name('first name'),
  lastName: z.string().trim().max(100).default(''),
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')),
  role: assignableRoleSchema.default('user'),
  /** A custom role of the organisation; its base role becomes `role`. */
  roleId: uuid.nullable().default(null),
  position: z.string().trim().max(100).nullable().default(null),
  groupIds: z.array(uuid).max(100).default([]),
  /** Only for a sales rep (kept null for other roles). */
  salesManagerId: uuid.nullable().default(null),
};

export const createUserBody = z.object({ ...userFields, ...organizationScope });
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateUserBody = z.object({
  firstName: userFields.firstName.optional(),
  lastName: z.string().trim().max(100).optional(),
  email: userFields.email.optional(),
  role: assignableRoleSchema.optional(),
  roleId: uuid.nullable().optional(),
  position: z.string().trim().max(100).nullable().optional(),
  groupIds: z.array(uuid).max(100).optional(),
  salesManagerId: uuid.nullable().optional(),
  /** 'inactive' deactivates: no sign-in, no calls, sessions end. */
  status: userStatusSchema.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

const userPage = z.object({ data: z.array(managedUserSchema), count: z.number().int() });

export const userAdminRoutes = {
  listOfOrganization: defineRoute({
    method: 'GET',
    path: '/user/organization/:organizationId/all',
    summary: 'An organisation’s users, searched, filtered by group, sorted and paged',
    tags,
    auth: true,
    permission: 'users.read',
    query: userListQuery,
    response: userPage,
  }),
  query: defineRoute({
    method: 'GET',
    path: '/user/query',
    summary:
      'Users searched and paged: the platform’s for the super admin (or one organisation), else the caller’s organisation',
    tags,
    auth: true,
    permission: 'users.read',
    query: userQueryQuery,
    response: z.object({ users: z.array(managedUserSchema), count: z.number().int() }),
  }),
  positions: defineRoute({
    method: 'GET',
    path: '/user/positions',
    summary: 'Positions to offer: the product’s own and those the organisation already uses',
    tags,
    auth: true,
    permission: 'users.read',
    query: organizationScopeQuery,
    response: z.object({ data: z.array(z.string()) }),
  }),
  groups: defineRoute({
    method: 'GET',
    path: '/user/group',
    summary: 'The organisation’s groups with their status, for the user dialog',
    tags,
    auth: true,
    permission: 'users.read',
    query: organizationScopeQuery,
    response: z.object({ data: z.array(groupSchema) }),
  }),
  count: defineRoute({
    method: 'GET',
    path: '/user/count',
    summary: 'How many users the organisation has (the platform’s for the super admin)',
    tags,
    auth: true,
    permission: 'users.read',
    query: organizationScopeQuery,
    response: z.object({ count: z.number().int() }),
  }),
  ofOrganization: defineRoute({
    method: 'GET',
    path: '/user/organization/:organizationId',
    summary:
      'An organisation’s active users, or only those of one role (role=salesManager: the has-sales-manager list)',
    tags,
    auth: true,
    permission: 'users.read',
    query: z.object({ role: roleSchema.optional() }),
    response: z.object({ data: z.array(userPersonSchema) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/user/:id',
    summary: 'One user of the organisation',
    tags,
    auth: true,
    permission: 'users.read',
    response: z.object({ data: managedUserSchema }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/user',
    summary: 'Add a user to the organisation and e-mail them where to sign in',
    tags,
    auth: true,
    permission: 'users.manage',
    body: createUserBody,
    status: 201,
    response: z.object({ data: managedUserSchema, message: z.string() }),
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/user/:id',
    summary: 'Change a user: details, role, groups, sales manager, or deactivate (status)',
    tags,
    auth: true,
    permission: 'users.manage',
    body: updateUserBody,
    response: z.object({ data: managedUserSchema, message: z.string() }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/user/:id',
    summary: 'Delete a user; their meetings stay with the organisation',
    tags,
    auth: true,
    permission: 'users.manage',
    response: message,
  }),
} as const;
