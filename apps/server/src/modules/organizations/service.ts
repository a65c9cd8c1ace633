import {
  ORGANIZATION_MESSAGES as M,
  type OrganizationDashboard,
  type OrganizationDetail,
  type OrganizationRecord,
  type UpdateOrganizationBody,
} from '@parley/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { isUniqueViolation, isUuid } from '../../platform/db/values.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';
import type { Mailer } from '../../platform/mail.js';
import type { ImageLinks } from '../../platform/media/image-links.js';
import type { BillingService } from '../billing/index.js';
import type { LocationsService } from '../locations/index.js';
import type { AddressRepo } from './address-repo.js';
import type { DashboardRepo } from './dashboard-repo.js';
import { firstNameFromEmail, invitationMail } from './invite-mail.js';
import type { OrganizationsRepo } from './repo.js';

export interface OrganizationsDeps {
  repo: OrganizationsRepo;
  addresses: AddressRepo;
  dashboard: DashboardRepo;
  /** Writes the calls still buffered, so the dashboard counts the latest. */
  flushActivity?: () => Promise<void>;
  /** Checks that an address's country, state and city exist and nest. */
  locations: Pick<LocationsService, 'checkAddress'>;
  plans: BillingService;
  mailer: Mailer;
  publicUrl: string;
  /** Queues the background removal of a closed organisation. */
  queueDeletion: (organizationId: string) => Promise<void>;
  images: ImageLinks;
  now: () => Date;
}

type Summary = NonNullable<Awaited<ReturnType<OrganizationsRepo['summary']>>>;
const toSummary = (s: Summary, images: ImageLinks): OrganizationRecord => ({
  id: s.org.id,
  name: s.org.name,
  logo: images.url('organization', s.org.id, s.org.logo),
  createdAt: s.org.createdAt.toISOString(),
  usersCount: s.usersCount,
  planName: s.planName,
  pointOfContact: s.pointOfContact,
});

const TOP_USERS = 5;
const DAY_MS = 24 * 3600 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

export function createOrganizationsService(deps: OrganizationsDeps) {
  const { repo, dashboard, plans, now } = deps;

  /**
   * The organisation a caller may reach by id: their own, or any for the super admin. Another
   * organisation's id reads as not found, the same as an id that does not exist.
   */
  function reachable(caller: Caller, id: string): string {
    if (!isUuid(id) || !(crossesOrganisations(caller) || caller.organizationId === id)) {
      throw notFound(M.notFound);
    }
    return id;
  }

  async function detail(id: string): Promise<OrganizationDetail> {
    const [record, addresses] = await Promise.all([summary(id), deps.addresses.addresses(id)]);
    return { ...record, ...addresses };
  }

  /** An open organisation's summary; 404 for an unknown, malformed or deleted id. */
  async function summary(id: string): Promise<OrganizationRecord> {
    const found = isUuid(id) ? await repo.summary(id) : null;
    if (!found) throw notFound(M.notFound);
    return toSummary(found, deps.images);
  }

  return {
    byId: (id: string) => repo.byId(id),

    /** A team sign-up's organisation, on the free plan from the start. */
    async createTeam(name: string) {
      const org = await repo.create({ name, isB2C: false });
      await plans.createFreePlan(org.id);
      return org;
    },

    async talentPool() {
      return (await repo.firstB2C()) ?? repo.create({ name: 'Parley Talent Pool', isB2C: true });
    },

    async list(query: { page: number; size: number; search?: string }) {
      const { rows, count } = await repo.page(query.search, query.page * query.size, query.size);
      return { data: rows.map((row) => toSummary(row, deps.images)), count };
    },

    /** One organisation with its addresses (spec 3 §7 `GET organization/{id}`). */
    get: (caller: Caller, id: string) => detail(reachable(caller, id)),

    /** The billing and shipping addresses, null until first saved (invoices name the buyer). */
    addresses: (organizationId: string) => deps.addresses.addresses(organizationId),

    /**
     * Creates the organisation with its point of contact, puts it on the free plan and
     * e-mails the contact where to sign in; 409 when the address already has an account.
     */
    async invite(body: { organizationName: string; emailId: string }) {
      let orgId: string;
      try {
        const org = await repo.createWithPointOfContact(body.organizationName, {
          email: body.emailId,
          firstName: firstNameFromEmail(body.emailId),
        });
        orgId = org.id;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(M.emailTaken);
        throw err;
      }
      await plans.createFreePlan(orgId);
      await deps.mailer.send(invitationMail(body.emailId, body.organizationName, deps.publicUrl));
      return { data: await summary(orgId), message: M.invited(body.emailId) };
    },

    /**
     * Spec 3 §7 `PATCH organization/{orgId}`: the name and the addresses given, all or none;
     * 400 when an address's state is not in its country or its city not in its state.
     */
    async update(caller: Caller, id: string, body: UpdateOrganizationBody) {
      const orgId = reachable(caller, id);
      for (const address of [body.billingAddress, body.shippingAddress]) {
        if (address) await deps.locations.checkAddress(address);
      }
      if (!(await deps.addresses.update(orgId, body, now()))) throw notFound(M.notFound);
      return { data: await detail(orgId), message: M.updated };
    },

    /**
     * Closes the organisation at once (its users' sessions end, its data is hidden) and
     * queues the removal of everything it holds. The name must be typed again.
     */
    async remove(caller: Caller, id: string, confirmName: string) {
      const org = isUuid(id) ? await repo.byId(id) : null;
      if (!org || org.deletedAt) throw notFound(M.notFound);
      if (org.id === caller.organizationId) throw badRequest(M.ownOrganization);
      if (confirmName.trim() !== org.name) throw badRequest(M.nameMismatch);
      if (await repo.close(org.id, now())) await deps.queueDeletion(org.id);
      return { message: M.deleting(org.name) };
    },

    async dashboard(id: string, days: number): Promise<OrganizationDashboard> {
      const record = await summary(id);
      await deps.flushActivity?.();
      const at = now();
      const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      const since = new Date(today - (days - 1) * DAY_MS);
      const [people, groups, activityCount, topUsers, byDay, plan] = await Promise.all([
        dashboard.users(id),
        dashboard.groups(id),
        dashboard.activityCount(id),
        dashboard.topUsers(id, TOP_USERS),
        dashboard.activityByDay(id, since),
        plans.activePlan(id),
      ]);
      const counted = new Map(byDay.map((d) => [d.date, d.count]));
      return {
        record,
        usersCount: people.length,
        activityCount,
        departmentCount: groups.length,
        groupCount: groups.length,
        plan,
        invoices: [],
        topUsers: topUsers.map((u) => ({ ...u, activityCount: Number(u.activityCount) })),
        users: Object.fromEntries(people.map((u) => [u.id, fullName(u)])),
        groups: Object.fromEntries(groups.map((g) => [g.id, g.name])),
        pointOfContact: record.pointOfContact,
        activityByDay: Array.from({ length: days }, (_, i) => {
          const date = dayOf(new Date(since.getTime() + i * DAY_MS));
          return { date, count: counted.get(date) ?? 0 };
        }),
      };
    },
  };
}
export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
