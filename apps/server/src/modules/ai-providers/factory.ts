import { AppError } from '../../platform/errors.js';
import type { ProviderFactory } from './credentials.js';

/**
 * The app's provider factory. TEMPORARY: packages/ai's `createProvider` and
 * `createLocalEngine` are being written on other branches; until they are merged this
 * answers 503 so the rest of the module can be built and deployed.
 */
export const createLlmProvider: ProviderFactory = (config) => {
  throw new AppError(503, `The ${config.kind} provider adapter is not installed in this build`);
};
