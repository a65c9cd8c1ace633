import { notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/db/values.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';
import type { OrganizationsService } from '../organizations/index.js';

/**
 * Which organisation a User Management call acts on. The super admin names any open
 * organisation (their own when they name none); anyone else acts on their own, and another
 * organisation's id reads as not found, the same as an id that does not exist.
 */
export function createOrganizationScope(organizations: OrganizationsService) {
  const owns = (caller: Caller, organizationId: string) =>
    crossesOrganisations(caller) || caller.organizationId === organizationId;

  async function organization(caller: Caller, requested: string | undefined) {
    const id = requested ?? caller.organizationId;
    const org = isUuid(id) && owns(caller, id) ? await organizations.byId(id) : null;
    if (!org || org.deletedAt) throw notFound('Organization not found');
    return { id: org.id, name: org.name };
  }

  return {
    owns,
    organization,
    /**
     * The organisation a list is narrowed to: none (the whole platform) for the super admin
     * who names none, else as `organization` decides.
     */
    async narrowing(caller: Caller, requested: string | undefined) {
      if (crossesOrganisations(caller) && !requested) return undefined;
      return (await organization(caller, requested)).id;
    },
  };
}
export type OrganizationScope = ReturnType<typeof createOrganizationScope>;
