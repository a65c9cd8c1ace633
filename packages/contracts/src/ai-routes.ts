import { z } from 'zod';
import {
  aiConfigBody,
  aiConfigPatchBody,
  aiConfigurationSchema,
  modelBody,
  modelPageQuery,
  modelPatchBody,
  modelRowSchema,
  testConnectionBody,
  testConnectionResponse,
  zaiSettingsPatchBody,
  zaiSettingsSchema,
  type AiConfigProvider,
} from './ai.js';
import { defineRoute } from './route.js';

const tags = ['AI providers'];
const message = z.object({ message: z.string() });

/** POST, PATCH, DELETE /{chatgpt|claude-ai|gemini} (spec 3 §7). */
function providerRoutes(provider: AiConfigProvider) {
  const path = `/${provider}`;
  return {
    create: defineRoute({
      method: 'POST',
      path,
      summary: `Connect ${provider} (the key is tested first)`,
      tags,
      auth: true,
      permission: 'integrations.manage',
      body: aiConfigBody,
      response: aiConfigurationSchema,
    }),
    update: defineRoute({
      method: 'PATCH',
      path,
      summary: `Change the ${provider} configuration (tested before it is saved)`,
      tags,
      auth: true,
      permission: 'integrations.manage',
      body: aiConfigPatchBody,
      response: aiConfigurationSchema,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path,
      summary: `Disconnect ${provider} and forget its key`,
      tags,
      auth: true,
      permission: 'integrations.manage',
      response: message,
    }),
  };
}

export const aiProviderRoutes = {
  chatgpt: providerRoutes('chatgpt'),
  'claude-ai': providerRoutes('claude-ai'),
  gemini: providerRoutes('gemini'),
  list: defineRoute({
    method: 'GET',
    path: '/ai/providers',
    summary: 'The organisation’s AI provider configurations (never the keys)',
    tags,
    auth: true,
    permission: 'zai.use',
    response: z.array(aiConfigurationSchema),
  }),
  testConnection: defineRoute({
    method: 'POST',
    path: '/ai/test-connection',
    summary: 'Call the provider with the saved or the given key and say what happened',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: testConnectionBody,
    response: testConnectionResponse,
  }),
  getZaiSettings: defineRoute({
    method: 'GET',
    path: '/zai-settings/:organizationId',
    summary: 'The organisation’s default models for Zai and the insights step',
    tags,
    auth: true,
    permission: 'zai.use',
    response: zaiSettingsSchema,
  }),
  patchZaiSettings: defineRoute({
    method: 'PATCH',
    path: '/zai-settings/:organizationId',
    summary: 'Change the organisation’s default models',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: zaiSettingsPatchBody,
    response: zaiSettingsSchema,
  }),
  models: defineRoute({
    method: 'GET',
    path: '/models',
    summary: 'Every model in the catalogue',
    tags,
    auth: true,
    permission: 'zai.use',
    response: z.array(modelRowSchema),
  }),
  createModel: defineRoute({
    method: 'PATCH',
    path: '/models',
    summary: 'Add a model to the catalogue (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    body: modelBody,
    response: modelRowSchema,
  }),
  modelPage: defineRoute({
    method: 'GET',
    path: '/models/pagination',
    summary: 'A page of the catalogue with the total count',
    tags,
    auth: true,
    permission: 'zai.use',
    query: modelPageQuery,
    response: z.object({ data: z.array(modelRowSchema), count: z.number().int() }),
  }),
  updateModel: defineRoute({
    method: 'PATCH',
    path: '/models/:id',
    summary: 'Change a model (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    body: modelPatchBody,
    response: modelRowSchema,
  }),
  deleteModel: defineRoute({
    method: 'DELETE',
    path: '/models/:id',
    summary: 'Remove a model from the catalogue (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    response: message,
  }),
} as const;
