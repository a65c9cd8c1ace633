import {
  ASSIGNABLE_ROLES,
  createGroupBody,
  createRoleBody,
  createUserBody,
  reportsToSalesManager,
  ROLE_NAMES,
  type CustomRole,
  type ManagedUser,
  type Permission,
  type Role,
  type RouteBody,
  type userAdminRoutes,
} from '@parley/contracts';
import { collect, type Validated } from '../../lib/validation';
import type { SelectOption } from '../../ui';

/**
 * The role select holds default and custom roles in one list: 'role:salesRep' or
 * 'custom:{id}'. A custom role's kind of account is its base role.
 */
export type RoleChoice = `role:${Role}` | `custom:${string}`;

export function roleOptions(
  custom: readonly CustomRole[],
  held: readonly Permission[],
): SelectOption[] {
  const can = (ps: readonly Permission[]) => ps.every((p) => held.includes(p));
  return [
    ...ASSIGNABLE_ROLES.map((r) => ({ value: `role:${r}`, label: ROLE_NAMES[r] })),
    ...custom.map((c) => ({
      value: `custom:${c.id}`,
      label: c.name,
      note: 'Custom',
      // Nobody gives a role with more than they hold (the server refuses it too).
      disabled: !can(c.permissions),
    })),
  ];
}

/** The kind of account a choice makes (a sales rep has a sales manager). */
export function baseRoleOf(choice: string, custom: readonly CustomRole[]): Role | null {
  if (choice.startsWith('role:')) return choice.slice(5) as Role;
  const found = custom.find((c) => `custom:${c.id}` === choice);
  return found ? found.baseRole : null;
}

export const roleChoiceOf = (u: Pick<ManagedUser, 'role' | 'customRole'>): string =>
  u.customRole ? `custom:${u.customRole.id}` : `role:${u.role}`;

/** The role a user shows in the table: their custom role's name, else the default's. */
export const roleLabel = (u: Pick<ManagedUser, 'role' | 'customRole'>) =>
  u.customRole?.name ?? ROLE_NAMES[u.role];

export const USER_FIELDS = ['firstName', 'lastName', 'email', 'role', 'position'] as const;
export type UserField = (typeof USER_FIELDS)[number];
export interface UserValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  position: string;
  groupIds: string[];
  salesManagerId: string;
}

export const emptyUser = (): UserValues => ({
  firstName: '',
  lastName: '',
  email: '',
  role: 'role:user',
  position: '',
  groupIds: [],
  salesManagerId: '',
});

export const valuesOf = (u: ManagedUser): UserValues => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  role: roleChoiceOf(u),
  position: u.position ?? '',
  groupIds: u.groups.map((g) => g.id),
  salesManagerId: u.salesManager?.id ?? '',
});

type CreateBody = RouteBody<typeof userAdminRoutes.create>;

/** The dialog's values as the create body (the update body takes the same fields). */
export function validateUser(
  v: UserValues,
  custom: readonly CustomRole[] = [],
): Validated<UserField, CreateBody> {
  const customId = v.role.startsWith('custom:') ? v.role.slice(7) : null;
  const base = baseRoleOf(v.role, custom);
  const parsed = createUserBody.safeParse({
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    role: customId ? 'user' : base,
    roleId: customId,
    position: v.position.trim() || null,
    groupIds: v.groupIds,
    salesManagerId: reportsToSalesManager(base) && v.salesManagerId ? v.salesManagerId : null,
  });
  if (!parsed.success) return { ok: false, errors: collect(parsed.error.issues, USER_FIELDS) };
  const { organizationId: _ignored, ...body } = parsed.data;
  return { ok: true, body };
}

export const GROUP_FIELDS = ['name'] as const;
export function validateGroup(v: { name: string }): Validated<'name', { name: string }> {
  const parsed = createGroupBody.safeParse(v);
  return parsed.success
    ? { ok: true, body: { name: parsed.data.name } }
    : { ok: false, errors: collect(parsed.error.issues, GROUP_FIELDS) };
}

export const ROLE_FIELDS = ['name', 'permissions'] as const;
export interface RoleValues {
  name: string;
  baseRole: 'user' | 'salesManager' | 'salesRep';
  permissions: Permission[];
}
export function validateRole(v: RoleValues): Validated<(typeof ROLE_FIELDS)[number], RoleValues> {
  const parsed = createRoleBody.safeParse(v);
  return parsed.success
    ? {
        ok: true,
        body: {
          name: parsed.data.name,
          baseRole: parsed.data.baseRole,
          permissions: parsed.data.permissions,
        },
      }
    : { ok: false, errors: collect(parsed.error.issues, ROLE_FIELDS) };
}
