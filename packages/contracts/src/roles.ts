import { z } from 'zod';

export const ROLES = [
  'superadmin',
  'poc',
  'user',
  'salesManager',
  'salesRep',
  'talentPoolUser',
] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * Roles with billing permission: they may charge the organisation's credits by hand (the
 * analysis pipeline charges its own). Routes declare this list in their contract.
 */
export const BILLING_ROLES: readonly Role[] = ['superadmin', 'poc'];

/**
 * Roles that run the platform's organisations (spec 3 §6: Organization Management is the
 * super admin's). Routes declare this list in their contract.
 */
export const PLATFORM_ADMIN_ROLES: readonly Role[] = ['superadmin'];

/** Roles that see and manage every meeting of their own organisation (spec 2 §6). */
export const ORGANIZATION_WIDE_ROLES: readonly Role[] = ['poc', 'superadmin'];

/** Whether the role may act on other organisations' data (the platform's super admin). */
export const crossesOrganisations = (role: Role): boolean => PLATFORM_ADMIN_ROLES.includes(role);

/** Whether the role sees every meeting of its own organisation, not only its own and shared. */
export const seesWholeOrganisation = (role: Role): boolean =>
  ORGANIZATION_WIDE_ROLES.includes(role);

/** Roles that may change their own organisation's profile and logo (spec 3 §7 Profile). */
export const ORGANIZATION_PROFILE_ROLES: readonly Role[] = ['superadmin', 'poc'];

/** Positions are free text in general; these are the values the product reacts to (spec 1 §3). */
export const POSITIONS = {
  b2cUser: 'B2CUSER',
  salesManager: 'Sales Manager',
  salesRep: 'Sales Rep',
} as const;

export function isB2CPosition(position: string | null | undefined): boolean {
  return position === POSITIONS.b2cUser;
}
