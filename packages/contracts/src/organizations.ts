import { z } from 'zod';
import { activityDaySchema } from './user-logs.js';
import { defineRoute } from './route.js';
import { planSchema } from './features.js';
import { ADDRESS_MESSAGES, addressSchema, organizationAddressesSchema } from './locations.js';

/** Spec 3 §8 texts of the organisation screens, and the server's own answers. */
export const ORGANIZATION_MESSAGES = {
  listFailed: 'Getting organizations failed',
  getFailed: 'Getting organization failed',
  topUsersFailed: 'Getting top organization users failed',
  notFound: 'Organization not found',
  emailTaken: 'An account with this e-mail already exists',
  invited: (email: string) => `Invitation sent to ${email}`,
  updated: 'Organization updated',
  deleting: (name: string) => `${name} is being deleted`,
  ownOrganization: 'You cannot delete the organization you belong to',
  nameMismatch: 'Type the organization’s name exactly to delete it',
} as const;

export const organizationPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type OrganizationPerson = z.infer<typeof organizationPersonSchema>;

/** One row of the organisation list (spec 3 §3 Organisation record). */
export const organizationRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  createdAt: z.string(),
  usersCount: z.number(),
  planName: z.string().nullable(),
  pointOfContact: organizationPersonSchema.nullable(),
});
export type OrganizationRecord = z.infer<typeof organizationRecordSchema>;

/** One organisation as `GET organization/{id}` gives it: the record and its addresses. */
export const organizationDetailSchema = organizationRecordSchema.extend(
  organizationAddressesSchema.shape,
);
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

export const organizationListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
});

const organizationName = z.string().trim().min(1, 'Enter the organization’s name').max(120);

export const inviteOrganizationBody = z.object({
  organizationName,
  emailId: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')),
});
/** The rename dialog's form: the name alone, required. */
export const renameOrganizationBody = z.object({ name: organizationName });

/**
 * Spec 3 §7 `PATCH organization/{orgId}`: a new name, the billing address, the shipping
 * address, or any of them together (what is left out stays as it was).
 */
export const updateOrganizationBody = z
  .object({
    name: organizationName.optional(),
    billingAddress: addressSchema.optional(),
    shippingAddress: addressSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.billingAddress || b.shippingAddress, {
    message: ADDRESS_MESSAGES.nothingToChange,
  });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;
/** The name typed again: deletion cannot be undone. */
export const deleteOrganizationBody = z.object({ confirmName: z.string().max(200) });

export const topUserSchema = organizationPersonSchema.extend({ activityCount: z.number() });

/** Spec 3 §3 Organisation: the dashboard of /organization-management/{id}. */
export const organizationDashboardSchema = z.object({
  record: organizationRecordSchema,
  usersCount: z.number(),
  activityCount: z.number(),
  departmentCount: z.number(),
  groupCount: z.number(),
  plan: planSchema.nullable(),
  /** Empty until commerce arrives. */
  invoices: z.array(
    z.object({ id: z.string(), createdAt: z.string(), amount: z.number(), status: z.string() }),
  ),
  topUsers: z.array(topUserSchema),
  users: z.record(z.string(), z.string()),
  groups: z.record(z.string(), z.string()),
  pointOfContact: organizationPersonSchema.nullable(),
  /** Calls per UTC day over the last `days` days, oldest first, days without calls included. */
  activityByDay: z.array(activityDaySchema),
});
export type OrganizationDashboard = z.infer<typeof organizationDashboardSchema>;

export const dashboardQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

const messageResponse = z.object({ message: z.string() });

export const organizationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/organization/all',
    summary: 'Organisations on the platform, searched by name or point of contact, paged',
    tags: ['organizations'],
    auth: true,
    permission: 'platform.manage',
    query: organizationListQuery,
    response: z.object({ data: z.array(organizationRecordSchema), count: z.number() }),
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/organization/invite',
    summary:
      'Create an organisation on the free plan and e-mail its point of contact a sign-in link',
    tags: ['organizations'],
    auth: true,
    permission: 'platform.manage',
    body: inviteOrganizationBody,
    status: 201,
    response: z.object({ data: organizationRecordSchema, message: z.string() }),
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/organization/dashboard/:organizationId',
    summary: 'An organisation’s users, activity, groups, plan and top users',
    tags: ['organizations'],
    auth: true,
    permission: 'platform.manage',
    query: dashboardQuery,
    response: z.object({ data: organizationDashboardSchema }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/organization/:organizationId',
    summary:
      'One organisation with its billing and shipping addresses: the caller’s own, or any for the super admin',
    tags: ['organizations'],
    auth: true,
    permission: 'organization.manage',
    response: z.object({ data: organizationDetailSchema }),
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/organization/:organizationId',
    summary:
      'Rename an organisation or set its billing and shipping addresses: the caller’s own, or any for the super admin',
    tags: ['organizations'],
    auth: true,
    permission: 'organization.manage',
    body: updateOrganizationBody,
    response: z.object({ data: organizationDetailSchema, message: z.string() }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/organization/:organizationId',
    summary:
      'Close an organisation at once (sessions ended, data hidden) and delete its users, meetings, media and keys in the background',
    tags: ['organizations'],
    auth: true,
    permission: 'platform.manage',
    body: deleteOrganizationBody,
    response: messageResponse,
  }),
} as const;
