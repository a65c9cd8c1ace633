import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { organizations } from '../../platform/db/schema.js';
import type { IntegrationConfigs, IntegrationConfigValues } from './configs.js';

export interface NewIntegrationConfig extends IntegrationConfigValues {
  organizationId: string;
  provider: string;
}

/**
 * Cloud store configurations and the organisation's default store. The rows are read and
 * written through the integration_configs repository (configs.ts) other modules share; the
 * default store lives on the organisation.
 */
export function createIntegrationsRepo(db: Db, configs: IntegrationConfigs) {
  return {
    list: (organizationId: string) => configs.list(organizationId),
    get: (organizationId: string, provider: string) => configs.get(organizationId, provider),

    /** Null when the organisation already has this provider (the unique index decides races). */
    insert: ({ organizationId, provider, ...values }: NewIntegrationConfig) =>
      configs.insert(organizationId, provider, values),

    update: (
      organizationId: string,
      provider: string,
      values: Partial<Pick<NewIntegrationConfig, 'status' | 'settings' | 'secretSealed'>>,
    ) => configs.update(organizationId, provider, values),

    /**
     * Deletes the configuration and, in the same transaction, stops using it as the default
     * store, so new media never goes to a cloud whose credentials are gone.
     */
    remove: (organizationId: string, provider: string): Promise<boolean> =>
      configs.remove(organizationId, provider, async (tx) => {
        await tx
          .update(organizations)
          .set({ defaultCloud: null, updatedAt: new Date() })
          .where(
            and(eq(organizations.id, organizationId), eq(organizations.defaultCloud, provider)),
          );
      }),

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
      const connected = provider ? configs.isConnected(organizationId, provider) : undefined;
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
export type { IntegrationConfigRow } from './configs.js';
