import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * The talent pool's catalogue (spec 3 §3 Individual-user entities, §7 Individual (B2C)): the
 * companies and job roles a job seeker picks from when setting up a mock interview, kept by
 * the super admin with a status (only active ones are offered), and the levels.
 */
export const TALENT_POOL_DEFAULTS = {
  companies: ['Google', 'Microsoft', 'Apple', 'Amazon', 'Meta'],
  roles: [
    'Software engineer',
    'Product manager',
    'Data scientist',
    'Ux designer',
    'Devops engineer',
  ],
  skills: ['Javascript', 'React', 'Python', 'Java', 'Machine learning'],
} as const;

export const MOCK_LEVELS = ['Easy', 'Medium', 'Hard'] as const;
export const mockLevelSchema = z.enum(MOCK_LEVELS);
export type MockLevel = z.infer<typeof mockLevelSchema>;

export const CATALOG_STATUSES = ['active', 'inactive'] as const;
export const catalogStatusSchema = z.enum(CATALOG_STATUSES);
export type CatalogStatus = z.infer<typeof catalogStatusSchema>;

export const TALENT_CATALOG_MESSAGES = {
  companyNotFound: 'Company not found',
  roleNotFound: 'Role not found',
  companyExists: (name: string) => `A company named ${name} exists already`,
  roleExists: (name: string) => `A role named ${name} exists already`,
  companyDeleted: 'Company deleted',
  roleDeleted: 'Role deleted',
  nameRequired: 'Please enter a name',
  companiesFailed: 'Failed to get companies',
  rolesFailed: 'Failed to get roles',
} as const;

const catalogEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: catalogStatusSchema,
  createdAt: z.string(),
});
export const talentCompanySchema = catalogEntrySchema;
export type TalentCompany = z.infer<typeof talentCompanySchema>;
export const talentRoleSchema = catalogEntrySchema.extend({
  /** Questions the built-in engine has for this role, per level. */
  questionCounts: z.record(mockLevelSchema, z.number().int()),
});
export type TalentRole = z.infer<typeof talentRoleSchema>;

export const catalogBody = z.object({
  name: z.string().trim().min(1, TALENT_CATALOG_MESSAGES.nameRequired).max(80),
  status: catalogStatusSchema.default('active'),
});
export type CatalogBody = z.input<typeof catalogBody>;
export const catalogPatchBody = z.object({
  name: z.string().trim().min(1, TALENT_CATALOG_MESSAGES.nameRequired).max(80).optional(),
  status: catalogStatusSchema.optional(),
});
export type CatalogPatchBody = z.input<typeof catalogPatchBody>;

/** company-query and role-query: a page, search text, and the filter sent as `status`. */
export const catalogQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  status: catalogStatusSchema.optional(),
  sort: z
    .string()
    .regex(/^(name|createdAt):(asc|desc)$/, 'sort is name or createdAt, then :asc or :desc')
    .default('createdAt:desc'),
});
export type CatalogQuery = z.input<typeof catalogQuery>;

export const companyPageSchema = z.object({
  data: z.array(talentCompanySchema),
  count: z.number().int(),
});
export const rolePageSchema = z.object({
  data: z.array(talentRoleSchema),
  count: z.number().int(),
});
export type CompanyPage = z.infer<typeof companyPageSchema>;
export type RolePage = z.infer<typeof rolePageSchema>;

/** role-level: the active roles and the levels, what the set-up form offers. */
export const roleLevelSchema = z.object({
  roles: z.array(talentRoleSchema),
  levels: z.array(mockLevelSchema),
  /** Suggested skills (spec 3 §3's options); a person may type others. */
  skills: z.array(z.string()),
});
export type RoleLevel = z.infer<typeof roleLevelSchema>;

const idParam = '/:id' as const;
const admin = { auth: true as const, permission: 'platform.manage' as const, tags: ['b2c'] };
const anyone = { auth: true as const, permission: 'profile.own' as const, tags: ['b2c'] };

export const talentCatalogRoutes = {
  companiesAll: defineRoute({
    ...anyone,
    method: 'GET',
    path: '/b2c/company/all',
    summary: 'The active companies a mock interview can be for',
    response: companyPageSchema,
  }),
  companyQuery: defineRoute({
    ...admin,
    method: 'GET',
    path: '/b2c/company-query',
    summary: 'Companies, paged, searched and filtered by status (super admin)',
    query: catalogQuery,
    response: companyPageSchema,
  }),
  createCompany: defineRoute({
    ...admin,
    method: 'POST',
    path: '/b2c/company',
    summary: 'Add a company (super admin)',
    body: catalogBody,
    response: talentCompanySchema,
    status: 201,
  }),
  updateCompany: defineRoute({
    ...admin,
    method: 'PUT',
    path: `/b2c/company${idParam}`,
    summary: 'Rename a company or change its status (super admin)',
    body: catalogPatchBody,
    response: talentCompanySchema,
  }),
  deleteCompany: defineRoute({
    ...admin,
    method: 'DELETE',
    path: `/b2c/company${idParam}`,
    summary: 'Delete a company (super admin)',
    response: z.object({ message: z.string() }),
  }),
  roleLevel: defineRoute({
    ...anyone,
    method: 'GET',
    path: '/b2c/role-level',
    summary: 'The active roles and the levels a mock interview can have',
    response: roleLevelSchema,
  }),
  roleQuery: defineRoute({
    ...admin,
    method: 'GET',
    path: '/b2c/role-query',
    summary: 'Roles, paged, searched and filtered by status (super admin)',
    query: catalogQuery,
    response: rolePageSchema,
  }),
  createRole: defineRoute({
    ...admin,
    method: 'POST',
    path: '/b2c/role',
    summary: 'Add a role (super admin)',
    body: catalogBody,
    response: talentRoleSchema,
    status: 201,
  }),
  updateRole: defineRoute({
    ...admin,
    method: 'PUT',
    path: `/b2c/role${idParam}`,
    summary: 'Rename a role or change its status (super admin)',
    body: catalogPatchBody,
    response: talentRoleSchema,
  }),
  deleteRole: defineRoute({
    ...admin,
    method: 'DELETE',
    path: `/b2c/role${idParam}`,
    summary: 'Delete a role and its question bank (super admin)',
    response: z.object({ message: z.string() }),
  }),
} as const;
