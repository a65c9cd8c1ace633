import type { FastifyInstance } from 'fastify';
import type { AppOptions } from './app.js';
import type { composeAccounts } from './app-accounts.js';
import type { startAppQueue } from './app-queue.js';
import type { AppConfig } from './config.js';
import type { Platform } from './platform/compose.js';
import type { MeetingBroadcaster, Realtime } from './platform/realtime/index.js';
import type { StoreResolver } from './platform/storage/resolver.js';
import type { AiProviderResolver } from './modules/ai-providers/index.js';

/** The modules composeAccounts makes: settings, plans, organisations, people, sign-in, stores. */
export type Accounts = Awaited<ReturnType<typeof composeAccounts>>;

/**
 * What each area's wiring (app-meetings.ts, app-live.ts, app-practice.ts) is made from: the
 * app and its options, the platform pieces, and the accounts' modules.
 */
export interface AppArea {
  app: FastifyInstance;
  opts: AppOptions;
  config: AppConfig;
  platform: Platform;
  accounts: Accounts;
  /** What the meeting modules share besides each other's services. */
  shared: Platform & {
    resolveStore: StoreResolver;
    broadcaster: MeetingBroadcaster;
    queue: Awaited<ReturnType<typeof startAppQueue>>;
  };
  /** The sockets, in a serving process; null in a worker. */
  realtime: Realtime | null;
  /** How any module reaches a language model. */
  ai: AiProviderResolver;
  /** Whether this process serves HTTP (ROLE all or api). */
  serves: boolean;
}
