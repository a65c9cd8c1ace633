import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { aiModels, zaiSettings } from '../../platform/db/schema.js';
import type { IntegrationConfigs } from '../integrations/index.js';

export interface AiConfigValues {
  settings: Record<string, string>;
  secretSealed: string;
}

export interface ModelValues {
  name: string;
  label: string;
  provider: string;
  contextTokens: number | null;
  inputPricePerMTok: number | null;
  outputPricePerMTok: number | null;
  status: string;
}

/**
 * The AI provider rows of integration_configs (provider 'chatgpt' | 'claude-ai' | 'gemini'),
 * through the integrations module's repository of that table, the organisation's Zai
 * settings and the model catalogue.
 */
export function createAiProvidersRepo(db: Db, configs: IntegrationConfigs) {
  return {
    listConfigs: (organizationId: string, providers: readonly string[]) =>
      configs.list(organizationId, providers),

    getConfig: (organizationId: string, provider: string) => configs.get(organizationId, provider),

    /** Null when the organisation already has this provider (the unique index decides races). */
    insertConfig: (organizationId: string, provider: string, values: AiConfigValues) =>
      configs.insert(organizationId, provider, { status: 'connected', ...values }),

    updateConfig: (organizationId: string, provider: string, values: AiConfigValues) =>
      configs.update(organizationId, provider, { ...values, status: 'connected' }),

    removeConfig: (organizationId: string, provider: string): Promise<boolean> =>
      configs.remove(organizationId, provider),

    async zaiSettings(organizationId: string) {
      const [row] = await db
        .select()
        .from(zaiSettings)
        .where(eq(zaiSettings.organizationId, organizationId));
      return row ?? null;
    },

    async saveZaiSettings(
      organizationId: string,
      values: { defaultModel?: string | null; insightsModel?: string | null },
    ) {
      const [row] = await db
        .insert(zaiSettings)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({
          target: zaiSettings.organizationId,
          set: { ...values, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('zai settings not saved');
      return row;
    },

    async models(page?: { offset: number; limit: number; search?: string }) {
      const where = page?.search
        ? or(ilike(aiModels.name, `%${page.search}%`), ilike(aiModels.label, `%${page.search}%`))
        : undefined;
      const query = db
        .select()
        .from(aiModels)
        .where(where)
        .orderBy(asc(aiModels.provider), asc(aiModels.name));
      const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
      const [total] = await db.select({ n: count() }).from(aiModels).where(where);
      return { rows, count: total?.n ?? 0 };
    },

    async modelByName(name: string) {
      const [row] = await db.select().from(aiModels).where(eq(aiModels.name, name));
      return row ?? null;
    },

    /** Null when a model of that name exists. */
    async insertModel(values: ModelValues) {
      const [row] = await db.insert(aiModels).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    /** Adds catalogue models that are missing; edits made since are kept. */
    async seedModels(values: ModelValues[]): Promise<void> {
      if (values.length > 0) await db.insert(aiModels).values(values).onConflictDoNothing();
    },

    async updateModel(id: string, values: Partial<ModelValues>) {
      const [row] = await db
        .update(aiModels)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(aiModels.id, id))
        .returning();
      return row ?? null;
    },

    async removeModel(id: string): Promise<boolean> {
      const gone = await db
        .delete(aiModels)
        .where(eq(aiModels.id, id))
        .returning({ id: aiModels.id });
      return gone.length > 0;
    },

    async countUse(name: string): Promise<void> {
      await db
        .update(aiModels)
        .set({ count: sql`${aiModels.count} + 1` })
        .where(eq(aiModels.name, name));
    },
  };
}
export type AiProvidersRepo = ReturnType<typeof createAiProvidersRepo>;
export type AiConfigRow = NonNullable<Awaited<ReturnType<AiProvidersRepo['getConfig']>>>;
export type AiModelRow = Awaited<ReturnType<AiProvidersRepo['models']>>['rows'][number];
