import { z } from 'zod';
import { defineRoute } from './route.js';
import { DEFAULT_ROLE_PERMISSIONS, permissionSchema, type Permission } from './permissions.js';
import { roleSchema, type Role } from './roles.js';
import {
  messageAnswer as message,
  organizationScope,
  organizationScopeQuery,
  USER_ADMIN_TAGS as tags,
} from './user-admin-scope.js';

/**
 * Custom roles (spec 3 §3 Group and role): per organisation, a name and a set of permissions
 * on one kind of account; the six default roles are listed beside them and never change.
 */
/** What a custom role may be built on: the kind of account it is. */
export const CUSTOM_ROLE_BASES = ['user', 'salesManager', 'salesRep'] as const;
export const customRoleBaseSchema = z.enum(CUSTOM_ROLE_BASES);
/**
 * What a custom role is built from: never running the platform (the super admin's alone), and
 * not `profile.own`, which every role holds whatever it is given (permissionsOf adds it).
 */
export const GRANTABLE_PERMISSIONS: readonly Permission[] = permissionSchema.options.filter(
  (p) => p !== 'platform.manage' && p !== 'profile.own',
);

export const ROLE_NAMES: Record<Role, string> = {
  superadmin: 'Super admin',
  poc: 'Point of contact',
  user: 'User',
  salesManager: 'Sales manager',
  salesRep: 'Sales rep',
  talentPoolUser: 'Talent pool',
};

export const customRoleSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  baseRole: customRoleBaseSchema,
  permissions: z.array(permissionSchema),
  usersCount: z.number().int(),
  createdAt: z.string(),
});
export type CustomRole = z.infer<typeof customRoleSchema>;

export const defaultRoleSchema = z.object({
  role: roleSchema,
  name: z.string(),
  permissions: z.array(permissionSchema),
});
export type DefaultRole = z.infer<typeof defaultRoleSchema>;

/** The six default roles as GET role/organization lists them: not rows, never deletable. */
export const DEFAULT_ROLES: DefaultRole[] = roleSchema.options.map((role) => ({
  role,
  name: ROLE_NAMES[role],
  permissions: [...DEFAULT_ROLE_PERMISSIONS[role]],
}));

const roleName = z.string().trim().min(1, 'Enter the role’s name').max(100);
const rolePermissions = z
  .array(permissionSchema)
  .max(permissionSchema.options.length)
  .refine((ps) => !ps.includes('platform.manage'), 'platform.manage is the super admin’s alone')
  .transform((ps) => [...new Set(ps)]);
export const createRoleBody = z.object({
  name: roleName,
  baseRole: customRoleBaseSchema.default('user'),
  permissions: rolePermissions,
  ...organizationScope,
});
export type CreateRoleBody = z.input<typeof createRoleBody>;
export const updateRoleBody = z.object({
  name: roleName.optional(),
  baseRole: customRoleBaseSchema.optional(),
  permissions: rolePermissions.optional(),
});

export const roleRoutes = {
  ofOrganization: defineRoute({
    method: 'GET',
    path: '/role/organization',
    summary: 'The organisation’s custom roles, and the default roles with their permissions',
    tags,
    auth: true,
    permission: 'users.read',
    query: organizationScopeQuery,
    response: z.object({
      data: z.array(customRoleSchema),
      defaultRoles: z.array(defaultRoleSchema),
    }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/role',
    summary: 'Create a custom role from permissions',
    tags,
    auth: true,
    permission: 'roles.manage',
    body: createRoleBody,
    status: 201,
    response: z.object({ data: customRoleSchema }),
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/role/:id',
    summary: 'Change a custom role (its holders’ next call uses it)',
    tags,
    auth: true,
    permission: 'roles.manage',
    body: updateRoleBody,
    response: z.object({ data: customRoleSchema }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/role/:id',
    summary: 'Delete a custom role nobody holds',
    tags,
    auth: true,
    permission: 'roles.manage',
    response: message,
  }),
} as const;
