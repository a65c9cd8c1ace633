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

/** Positions are free text in general; these are the values the product reacts to (spec 1 §3). */
export const POSITIONS = {
  b2cUser: 'B2CUSER',
  salesManager: 'Sales Manager',
  salesRep: 'Sales Rep',
} as const;

export function isB2CPosition(position: string | null | undefined): boolean {
  return position === POSITIONS.b2cUser;
}
