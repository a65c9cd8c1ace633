import { and, asc, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { withTotal } from '../../platform/db/paged.js';
import { organizationThresholds, organizations, parameters } from '../../platform/db/schema.js';

const thresholdColumns = {
  id: organizationThresholds.id,
  organizationId: organizationThresholds.organizationId,
  organizationName: organizations.name,
  key: organizationThresholds.key,
  value: organizationThresholds.value,
  createdAt: organizationThresholds.createdAt,
  updatedAt: organizationThresholds.updatedAt,
};

export function createParametersRepo(db: Db) {
  return {
    async page(opts: {
      search?: string;
      sort: { field: 'key' | 'createdAt' | 'updatedAt'; direction: 'asc' | 'desc' };
      page: number;
      size: number;
    }) {
      const pattern = containsPattern(opts.search);
      const where = pattern ? ilike(parameters.key, pattern) : undefined;
      const order = opts.sort.direction === 'asc' ? asc : desc;
      return withTotal(
        db,
        parameters,
        where,
        db
          .select()
          .from(parameters)
          .where(where)
          .orderBy(order(parameters[opts.sort.field]), asc(parameters.key))
          .limit(opts.size)
          .offset(opts.page * opts.size),
      );
    },
    async byKeys(keys: string[]) {
      if (keys.length === 0) return [];
      return db.select().from(parameters).where(inArray(parameters.key, keys));
    },
    async byId(id: string) {
      const [row] = await db.select().from(parameters).where(eq(parameters.id, id));
      return row ?? null;
    },
    /** null when the key is taken. */
    async create(values: { key: string; value: string; description: string }) {
      const [row] = await db
        .insert(parameters)
        .values(values)
        .onConflictDoNothing({ target: parameters.key })
        .returning();
      return row ?? null;
    },
    /** Adds the parameters missing by key; existing values are the super admin's and stay. */
    async ensure(values: { key: string; value: string; description: string }[]) {
      if (values.length === 0) return;
      await db.insert(parameters).values(values).onConflictDoNothing({ target: parameters.key });
    },
    async update(id: string, patch: { value?: string; description?: string }) {
      const [row] = await db
        .update(parameters)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(parameters.id, id))
        .returning();
      return row ?? null;
    },
    async remove(id: string) {
      const rows = await db
        .delete(parameters)
        .where(eq(parameters.id, id))
        .returning({ id: parameters.id });
      return rows.length > 0;
    },

    /** Every organisation (by name), with its own value for the key when it has one. */
    async thresholdPage(opts: { key: string; search?: string; page: number; size: number }) {
      const pattern = containsPattern(opts.search);
      const where = pattern ? ilike(organizations.name, pattern) : undefined;
      const joined = and(
        eq(organizationThresholds.organizationId, organizations.id),
        eq(organizationThresholds.key, opts.key),
      );
      const { rows, count } = await withTotal(
        db,
        organizations,
        where,
        db
          .select({
            id: organizationThresholds.id,
            organizationId: organizations.id,
            organizationName: organizations.name,
            value: organizationThresholds.value,
            createdAt: organizationThresholds.createdAt,
            updatedAt: organizationThresholds.updatedAt,
          })
          .from(organizations)
          .leftJoin(organizationThresholds, joined)
          .where(where)
          .orderBy(asc(organizations.name), asc(organizations.id))
          .limit(opts.size)
          .offset(opts.page * opts.size),
      );
      return { rows: rows.map((r) => ({ ...r, key: opts.key })), count };
    },
    async thresholdById(id: string) {
      const [row] = await db
        .select(thresholdColumns)
        .from(organizationThresholds)
        .innerJoin(organizations, eq(organizations.id, organizationThresholds.organizationId))
        .where(eq(organizationThresholds.id, id));
      return row ?? null;
    },
    async organizationExists(id: string) {
      const [row] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, id));
      return Boolean(row);
    },
    /** null when the organisation already has this threshold. */
    async createThreshold(values: { organizationId: string; key: string; value: number }) {
      const [row] = await db
        .insert(organizationThresholds)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: organizationThresholds.id });
      return row ?? null;
    },
    async updateThreshold(id: string, value: number) {
      const [row] = await db
        .update(organizationThresholds)
        .set({ value, updatedAt: new Date() })
        .where(eq(organizationThresholds.id, id))
        .returning({ id: organizationThresholds.id });
      return row ?? null;
    },
    /** The organisation's own thresholds, by key. */
    async thresholdsOf(organizationId: string, keys: string[]) {
      if (keys.length === 0) return [];
      return db
        .select({ key: organizationThresholds.key, value: organizationThresholds.value })
        .from(organizationThresholds)
        .where(
          and(
            eq(organizationThresholds.organizationId, organizationId),
            inArray(organizationThresholds.key, keys),
          ),
        );
    },
  };
}
export type ParametersRepo = ReturnType<typeof createParametersRepo>;
