import type { StorageProvider } from '@parley/contracts';
import type { ObjectStore } from './types.js';

/**
 * How a module reaches an organisation's media store: the given provider, or the
 * organisation's default cloud when none is named. app.ts supplies it (the integrations
 * service's storeFor); modules never build stores themselves.
 */
export type StoreResolver = (
  organizationId: string,
  provider?: StorageProvider,
) => Promise<ObjectStore>;

/** Every organisation on one store (the embedded default before any cloud is connected). */
export function singleStoreResolver(store: ObjectStore): StoreResolver {
  return async () => store;
}
