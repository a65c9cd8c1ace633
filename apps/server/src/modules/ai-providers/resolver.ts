import type { LlmProvider } from '@parley/ai';

export interface ResolvedModel {
  provider: LlmProvider;
  /** The model name to send, after defaults are applied. */
  model: string;
}

/**
 * How every server module reaches a language model: the organisation's connected provider
 * for the model (spec 2 §8 picks it from the name), with its decrypted key. `model` omitted
 * means the organisation's default from its Zai settings; an organisation that connected
 * nothing gets the built-in `parley-local` engine. A model whose provider is not connected
 * is refused with a 400 that names the provider to connect.
 */
export interface AiProviderResolver {
  providerFor(organizationId: string, model?: string): Promise<ResolvedModel>;
}
