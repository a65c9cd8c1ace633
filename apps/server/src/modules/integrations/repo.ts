import { and, asc, eq, exists } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { integrationConfigs, organizations } from '../../platform/db/schema.js';

export interface NewIntegrationConfig {
  organizationId: string;
  provider: string;
  status: string;
  settings: Record<string, string>;
  secretSealed: string;
}

/** Every query names the organisation: configurations never cross tenants. */
export function createIntegrationsRepo(db: Db) {
  const scoped = (organizationId: string, provider: string) =>
    and(
      eq(integrationConfigs.organizationId, organizationId),
      eq(integrationConfigs.provider, provider),
    );

  return {
    async list(organizationId: string) {
      return db
        .select()
        .from(integrationConfigs)
        .where(eq(integrationConfigs.organizationId, organizationId))
        .orderBy(asc(integrationConfigs.createdAt));
    },

    async get(organizationId: string, provider: string) {
      const [row] = await db
        .select()
        .from(integrationConfigs)
        .where(scoped(organizationId, provider));
      return row ?? null;
    },

    /** Null when the organisation already has this provider (the unique index decides races). */
    async insert(values: NewIntegrationConfig) {
      const [row] = await db
        .insert(integrationConfigs)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async update(
      organizationId: string,
      provider: string,
      values: Partial<Pick<NewIntegrationConfig, 'status' | 'settings' | 'secretSealed'>>,
    ) {
      const [row] = await db
        .update(integrationConfigs)
        .set({ ...values, updatedAt: new Date() })
        .where(scoped(organizationId, provider))
        .returning();
      return row ?? null;
    },

    /**
     * Deletes the configuration and, in the same transaction, stops using it as the default
     * store, so new media never goes to a cloud whose credentials are gone.
     */
    async remove(organizationId: string, provider: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(integrationConfigs)
          .where(scoped(organizationId, provider))
          .returning({ id: integrationConfigs.id });
        if (gone.length === 0) return false;
        await tx
          .update(organizations)
          .set({ defaultCloud: null, updatedAt: new Date() })
          .where(
            and(eq(organizations.id, organizationId), eq(organizations.defaultCloud, provider)),
          );
        return true;
      });
    },

    async defaultCloud(organizationId: string): Promise<string | null> {
      const [row] = await db
        .select({ defaultCloud: organizations.defaultCloud })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.defaultCloud ?? null;
    },

    /**
     * Sets the default store. A cloud is only set while its configuration exists and is
     * connected, checked in the same statement so a concurrent delete cannot slip between.
     * Returns false when it was not set.
     */
    async setDefaultCloud(organizationId: string, provider: string | null): Promise<boolean> {
      const connected = provider
        ? exists(
            db
              .select({ id: integrationConfigs.id })
              .from(integrationConfigs)
              .where(
                and(scoped(organizationId, provider), eq(integrationConfigs.status, 'connected')),
              ),
          )
        : undefined;
      const rows = await db
        .update(organizations)
        .set({ defaultCloud: provider, updatedAt: new Date() })
        .where(and(eq(organizations.id, organizationId), connected))
        .returning({ id: organizations.id });
      return rows.length > 0;
    },
  };
}
export type IntegrationsRepo = ReturnType<typeof createIntegrationsRepo>;
export type IntegrationConfigRow = NonNullable<Awaited<ReturnType<IntegrationsRepo['get']>>>;
