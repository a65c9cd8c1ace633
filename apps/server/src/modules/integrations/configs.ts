import { and, asc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { integrationConfigs } from '../../platform/db/schema.js';

export type IntegrationConfigRow = typeof integrationConfigs.$inferSelect;

export interface IntegrationConfigValues {
  status: string;
  settings: Record<string, string>;
  /** SecretBox-sealed credentials, bound by the caller to the organisation and provider. */
  secretSealed: string | null;
}

/**
 * The one repository of integration_configs: every module keeping a connection there (cloud
 * stores, AI providers, CRMs) reads and writes its rows through this, each under its own
 * provider names. Every query names the organisation, so one tenant never reads another's
 * credentials. The integrations module owns the table; others get this from app.ts.
 */
export function createIntegrationConfigs(db: Db) {
  const scoped = (organizationId: string, provider: string) =>
    and(
      eq(integrationConfigs.organizationId, organizationId),
      eq(integrationConfigs.provider, provider),
    );

  return {
    async get(organizationId: string, provider: string): Promise<IntegrationConfigRow | null> {
      const [row] = await db
        .select()
        .from(integrationConfigs)
        .where(scoped(organizationId, provider));
      return row ?? null;
    },

    /** The organisation's rows, oldest first; only those of `providers` when given. */
    async list(
      organizationId: string,
      providers?: readonly string[],
    ): Promise<IntegrationConfigRow[]> {
      return db
        .select()
        .from(integrationConfigs)
        .where(
          and(
            eq(integrationConfigs.organizationId, organizationId),
            providers ? inArray(integrationConfigs.provider, [...providers]) : undefined,
          ),
        )
        .orderBy(asc(integrationConfigs.createdAt));
    },

    /** Null when the organisation already has this provider (the unique index decides races). */
    async insert(
      organizationId: string,
      provider: string,
      values: IntegrationConfigValues,
    ): Promise<IntegrationConfigRow | null> {
      const [row] = await db
        .insert(integrationConfigs)
        .values({ organizationId, provider, ...values })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Creates the row or replaces what the one there holds (connecting again). */
    async save(
      organizationId: string,
      provider: string,
      values: IntegrationConfigValues,
      at: Date,
    ): Promise<IntegrationConfigRow> {
      const [row] = await db
        .insert(integrationConfigs)
        .values({ organizationId, provider, ...values })
        .onConflictDoUpdate({
          target: [integrationConfigs.organizationId, integrationConfigs.provider],
          set: { ...values, updatedAt: at },
        })
        .returning();
      if (!row) throw new Error('integration configuration not saved');
      return row;
    },

    /** Null when the organisation has no row for the provider. */
    async update(
      organizationId: string,
      provider: string,
      values: Partial<IntegrationConfigValues>,
      at: Date = new Date(),
    ): Promise<IntegrationConfigRow | null> {
      const [row] = await db
        .update(integrationConfigs)
        .set({ ...values, updatedAt: at })
        .where(scoped(organizationId, provider))
        .returning();
      return row ?? null;
    },

    /**
     * A condition true while the organisation has the provider connected, for a statement on
     * another table that must not race with the row's removal (the default store).
     */
    isConnected(organizationId: string, provider: string): SQL {
      return exists(
        db
          .select({ id: integrationConfigs.id })
          .from(integrationConfigs)
          .where(and(scoped(organizationId, provider), eq(integrationConfigs.status, 'connected'))),
      );
    },

    /**
     * Deletes the row; `alongside` runs in the same transaction when there was one, for what
     * must not outlive the credentials (the default store, a CRM's import checkpoint).
     */
    async remove(
      organizationId: string,
      provider: string,
      alongside?: (tx: Db) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(integrationConfigs)
          .where(scoped(organizationId, provider))
          .returning({ id: integrationConfigs.id });
        if (gone.length === 0) return false;
        await alongside?.(tx);
        return true;
      });
    },
  };
}
export type IntegrationConfigs = ReturnType<typeof createIntegrationConfigs>;
