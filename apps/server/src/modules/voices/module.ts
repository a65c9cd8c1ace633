import type { FastifyInstance } from 'fastify';
import type { AvatarTimeouts } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import { EspeakSynthesizer, type SpeechSynthesizer } from '../../platform/speech/synthesizer.js';
import { createAvatarsService } from './avatars-service.js';
import { createVoicesRepo } from './repo.js';
import { registerVoiceRoutes } from './routes.js';
import { createSpeech, type SpeechConnection } from './speech.js';
import { createVoicesService } from './voices-service.js';

export interface VoicesNeeds {
  db: Db;
  now: () => Date;
  resolveStore: StoreResolver;
  /** The endpoint guard's fetch, for organisations' own speech endpoints. */
  endpoints: { fetch: typeof fetch };
  /** The organisation's OpenAI-compatible connection (ai-providers' ChatGPT), opened. */
  speechConnection(organizationId: string): Promise<SpeechConnection | null>;
  /** espeak-ng unless given. */
  synthesizer?: SpeechSynthesizer;
  timeouts?: Partial<AvatarTimeouts>;
}

/** Voices and avatars (spec 3 §7): the library, each organisation's own, and their speech. */
export function createVoicesModule(needs: VoicesNeeds) {
  const repo = createVoicesRepo(needs.db);
  const speech = createSpeech({
    builtIn: needs.synthesizer ?? new EspeakSynthesizer(),
    connectionOf: needs.speechConnection,
    fetch: needs.endpoints.fetch,
  });
  const voices = createVoicesService({
    repo,
    speech,
    resolveStore: needs.resolveStore,
    now: needs.now,
  });
  const avatars = createAvatarsService({
    repo,
    voices,
    speech,
    resolveStore: needs.resolveStore,
    now: needs.now,
    ...(needs.timeouts ? { timeouts: needs.timeouts } : {}),
  });
  return {
    voices,
    avatars,
    registerRoutes: (api: FastifyInstance) => registerVoiceRoutes(api, voices, avatars),
  };
}
export type VoicesModule = ReturnType<typeof createVoicesModule>;
