import { z } from 'zod';

/** What the user, group and custom-role contracts of User Management share. */
export const uuid = z.uuid('Not a valid id');
export const paging = {
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
};

/** The super admin names the organisation; anyone else acts on their own (another is 404). */
export const organizationScope = { organizationId: uuid.optional() };
export const organizationScopeQuery = z.object(organizationScope);

export const messageAnswer = z.object({ message: z.string() });
export const USER_ADMIN_TAGS = ['user-management'];
