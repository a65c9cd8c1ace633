import { z } from 'zod';
import { defineRoute } from './route.js';

/** The providers an organisation can connect (spec 3 §7), plus the built-in engine. */
export const AI_PROVIDER_KINDS = ['openai', 'anthropic', 'gemini', 'local'] as const;
export const aiProviderKindSchema = z.enum(AI_PROVIDER_KINDS);
export type AiProviderKind = z.infer<typeof aiProviderKindSchema>;

export const availableModelSchema = z.object({
  model: z.string(),
  provider: aiProviderKindSchema,
  /** Shown in pickers, e.g. 'GPT-4o mini (Chat Gpt)'. */
  label: z.string(),
  /** True when the organisation has connected this provider (always true for parley-local). */
  connected: z.boolean(),
  /** The organisation's default model for Zai. */
  isDefault: z.boolean(),
});
export type AvailableModel = z.infer<typeof availableModelSchema>;

/** Models a member may pick in the workbench and the assistant. */
export const availableModelsRoute = defineRoute({
  method: 'GET',
  path: '/ai/models/available',
  summary: 'Models the organisation can use, with its default',
  tags: ['AI providers'],
  auth: true,
  response: z.object({ data: z.array(availableModelSchema) }),
});
