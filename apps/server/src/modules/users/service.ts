import {
  FEATURES,
  isB2CPosition,
  isFeatureAvailable,
  permissionsOf,
  type FeatureHolder,
  type FeatureName,
  type Permission,
  type Role,
  type SessionUser,
} from '@parley/contracts';
import { badRequest, notFound } from '../../platform/errors.js';
import type { ImageLinks } from '../../platform/media/image-links.js';
import { organizationSummary, type OrganizationsService } from '../organizations/index.js';
import type { BillingService } from '../billing/index.js';
import type { NewUser, UsersRepo } from './repo.js';

export interface UserAccess {
  role: Role;
  organizationId: string;
  permissions: readonly Permission[];
  customRole: { id: string; name: string } | null;
}

type AccessRow = Awaited<ReturnType<UsersRepo['access']>>;

function accessOf(row: AccessRow): UserAccess | null {
  if (!row || row.status !== 'active') return null;
  return {
    role: row.role,
    organizationId: row.organizationId,
    permissions: permissionsOf(row.role, row.customRole?.permissions ?? null),
    customRole: row.customRole ? { id: row.customRole.id, name: row.customRole.name } : null,
  };
}

export function createUsersService(
  repo: UsersRepo,
  organizations: OrganizationsService,
  plans: BillingService,
  images: ImageLinks,
) {
  /** The organisation flags and plan that decide which features a user may use. */
  async function featureHolder(userId: string): Promise<FeatureHolder> {
    const user = await repo.byId(userId);
    if (!user) throw notFound('User not found');
    const org = await organizations.byId(user.organizationId);
    return {
      organization: org ? { isB2C: org.isB2C, isPlatform: org.isPlatform } : null,
      plan: org ? await plans.activePlan(org.id, user.id) : null,
    };
  }

  /**
   * A user's role and permissions as they stand now (a role changed by an administrator takes
   * effect on the next call, not at the next sign-in); null for a missing or inactive user.
   */
  async function access(userId: string): Promise<UserAccess | null> {
    return accessOf(await repo.access(userId));
  }

  return {
    access,
    /**
     * The user's access as `access` reads it, with the expiry of their session `sessionId`;
     * null when the user is missing or inactive or the session is not theirs.
     */
    async accessInSession(
      userId: string,
      sessionId: string,
    ): Promise<(UserAccess & { sessionExpiresAt: Date }) | null> {
      const row = await repo.accessInSession(userId, sessionId);
      const found = accessOf(row);
      return found && row ? { ...found, sessionExpiresAt: row.sessionExpiresAt } : null;
    },
    byEmail: (email: string) => repo.byEmail(email),
    byId: (id: string) => repo.byId(id),
    /** The ids of the organisation's active members by address (lower-case); others absent. */
    async membersByEmail(
      organizationId: string,
      emails: readonly string[],
    ): Promise<Map<string, string>> {
      const rows = await repo.activeByEmail(organizationId, emails);
      return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
    },
    inOrganization: (organizationId: string, search?: string, limit = 20) =>
      repo.inOrganization(organizationId, search, limit),
    create: (values: NewUser) => repo.create(values),
    /** Active users of a role in the organisation (a sales manager's team is its sales reps). */
    reportsOf: (organizationId: string, managerId: string) =>
      repo.reportsOf(organizationId, managerId),

    /** The user as the web app holds it after sign-in (spec 1 §3 Session user). */
    async sessionUser(userId: string): Promise<SessionUser> {
      const user = await repo.byId(userId);
      if (!user) throw notFound('User not found');
      const org = await organizations.byId(user.organizationId);
      if (!org) throw notFound('Organization not found');
      const rights = await access(user.id);
      return {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        permissions: [...(rights?.permissions ?? [])],
        customRole: rights?.customRole ?? null,
        position: user.position,
        profileImageUrl: images.url('user', user.id, user.profileImage),
        b2cConsent: user.b2cConsent,
        organizationId: org.id,
        organization: organizationSummary(org, images),
        plan: await plans.activePlan(org.id, user.id),
      };
    },

    featureHolder,

    async featureAvailability(
      userId: string,
    ): Promise<{ name: FeatureName; available: boolean }[]> {
      const holder = await featureHolder(userId);
      return FEATURES.map((name) => ({ name, available: isFeatureAvailable(holder, name) }));
    },

    /** Spec 1 §2 Consent: only individual (B2CUSER) users consent. */
    async saveConsent(userId: string): Promise<{ b2cConsent: boolean }> {
      const user = await repo.byId(userId);
      if (!user) throw notFound('User not found');
      if (!isB2CPosition(user.position)) {
        throw badRequest('Consent applies to individual talent-pool accounts only');
      }
      const saved = await repo.setConsent(userId, true);
      if (!saved) throw notFound('User not found');
      return saved;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
