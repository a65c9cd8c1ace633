import type { Permission, Role } from '@parley/contracts';

/**
 * Who a call acts for: the signed-in user, taken from the session and never from the request.
 * Every service takes this one type; `sessionId` is absent only when the call rides on a signed
 * media link rather than a session.
 */
export interface Caller {
  userId: string;
  organizationId: string;
  role: Role;
  /** What the caller's role allows, read with the session on every call (route.ts checks it). */
  permissions: readonly Permission[];
  sessionId?: string;
}

/** The platform's super admin: the one caller who may reach another organisation's rows. */
export function crossesOrganisations(caller: Caller): boolean {
  return caller.permissions.includes('platform.manage');
}
