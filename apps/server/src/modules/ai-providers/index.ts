// The ai-providers module's face: other modules import only this file.
export {
  createAiProvidersModule,
  type AiProvidersModule,
  type AiProvidersNeeds,
} from './module.js';
export type { AiProviderResolver, ResolvedModel } from './resolver.js';
export { statusOf } from './credentials.js';
