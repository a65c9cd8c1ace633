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

/** Only a sales rep reports to a sales manager (spec 3 §3: the has-sales-manager list). */
export const reportsToSalesManager = (role: Role | null): boolean => role === 'salesRep';

/** Positions are free text in general; these are the values the product reacts to (spec 1 §3). */
export const POSITIONS = {
  b2cUser: 'B2CUSER',
  salesManager: 'Sales Manager',
  salesRep: 'Sales Rep',
} as const;

export function isB2CPosition(position: string | null | undefined): boolean {
  return position === POSITIONS.b2cUser;
}
