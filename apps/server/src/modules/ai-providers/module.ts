import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { IntegrationConfigs } from '../integrations/index.js';
import type { ProviderFactory } from './credentials.js';
import { CATALOGUE_MODELS, createModelsService } from './models.js';
import { createAiProvidersRepo, type ModelValues } from './repo.js';
import { createAiProviderResolver } from './resolver.js';
import { registerAiProviderRoutes } from './routes.js';
import { createAiConfigsService } from './service.js';

export interface AiProvidersNeeds {
  db: Db;
  secrets: SecretBox;
  /** The integrations module's repository of integration_configs, where the keys are kept. */
  configs: IntegrationConfigs;
  createProvider: ProviderFactory;
  /** Models the table starts with; packages/ai's catalogue unless given. */
  catalogue?: ModelValues[];
}

/**
 * The organisation's AI providers, Zai settings and the model catalogue, composed once per
 * app. `resolver` is how every other module reaches a language model.
 */
export function createAiProvidersModule(deps: AiProvidersNeeds) {
  const repo = createAiProvidersRepo(deps.db, deps.configs);
  const configs = createAiConfigsService({
    repo,
    secrets: deps.secrets,
    createProvider: deps.createProvider,
  });
  const models = createModelsService({ repo });
  const resolver = createAiProviderResolver({
    configs,
    defaultModel: (organizationId) => models.defaultModel(organizationId),
    createProvider: deps.createProvider,
  });
  return {
    configs,
    models,
    resolver,
    /** Adds missing catalogue models; run once at start (edits made since are kept). */
    seed: () => models.seed(deps.catalogue ?? CATALOGUE_MODELS),
    registerRoutes(api: FastifyInstance): void {
      registerAiProviderRoutes(api, configs, models);
    },
  };
}
export type AiProvidersModule = ReturnType<typeof createAiProvidersModule>;
