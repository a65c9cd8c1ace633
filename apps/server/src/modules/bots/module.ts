import type { FastifyInstance } from 'fastify';
import { API_PREFIX, BOT_MESSAGES, BOT_WEBHOOK_PATHS } from '@parley/contracts';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { MediaTools } from '../../platform/media/ffmpeg.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MeetingsService } from '../meetings/index.js';
import { createAttendeeBot } from './attendee.js';
import { createRecallBot } from './recall.js';
import type { LiveAudioSink } from '../live/index.js';
import { EspeakSynthesizer } from '../../platform/speech/synthesizer.js';
import { createSpokenAnnouncement } from './announcement.js';
import { createBotLiveAudio } from './live-audio.js';
import { createBotsRepo } from './repo.js';
import { registerBotRoutes } from './routes.js';
import { createBotsService, type BotsDeps } from './service.js';
import type { BotServiceAdapter } from './service-adapter.js';

export interface BotsNeeds {
  db: Db;
  config: Pick<AppConfig, 'botService' | 'botName' | 'publicUrl' | 'appSecret' | 'env'>;
  /** Where the outside services' live audio goes (the live transcriber). */
  liveAudio: LiveAudioSink;
  /** Serving processes only: the live audio's websocket needs the HTTP server. */
  serves: boolean;
  meetings: MeetingsService;
  broadcaster: MeetingBroadcaster;
  queue: JobQueue;
  secrets: SecretBox;
  resolveStore: StoreResolver;
  mediaTools: MediaTools;
  now: () => Date;
  log: BotsDeps['log'];
}

/** The outside service BOT_PROVIDER names, with its webhooks pointed at this server. */
function outsideService(needs: BotsNeeds): BotServiceAdapter | null {
  const service = needs.config.botService;
  if (!service) return null;
  const { provider, url, key, webhookSecret } = service;
  if (provider === 'attendee') {
    const webhookUrl = `${needs.config.publicUrl}${API_PREFIX}${BOT_WEBHOOK_PATHS.attendee}`;
    return createAttendeeBot({ url, key, webhookSecret, webhookUrl });
  }
  return createRecallBot({ url, key, webhookSecret, now: needs.now });
}

/**
 * Meeting bots (issue 18 items 2 and 6). Created after the meetings module; the rooms module
 * registers Parley's own bot with `service.registerBot`, and the calendar's auto-join calls
 * `service.startBot`.
 */
export function createBotsModule(needs: BotsNeeds) {
  const repo = createBotsRepo(needs.db);
  const liveAudio = needs.serves
    ? createBotLiveAudio({
        repo,
        sink: needs.liveAudio,
        appSecret: needs.config.appSecret,
        publicUrl: needs.config.publicUrl,
        log: needs.log,
      })
    : null;
  const service = createBotsService({
    repo,
    meetings: needs.meetings,
    broadcaster: needs.broadcaster,
    queue: needs.queue,
    secrets: needs.secrets,
    outside: outsideService(needs),
    outsideUrl: needs.config.botService?.url ?? null,
    botName: needs.config.botName,
    liveAudio,
    announcement: createSpokenAnnouncement({
      speech: new EspeakSynthesizer(),
      ffmpegPath: needs.config.env.FFMPEG_PATH,
      text: BOT_MESSAGES.spokenAnnouncement,
      log: needs.log,
    }),
    recording: {
      meetings: needs.meetings,
      resolveStore: needs.resolveStore,
      mediaTools: needs.mediaTools,
    },
    now: needs.now,
    log: needs.log,
  });
  return {
    service,
    registerWorker: () => service.registerWorker(),
    registerRoutes: (api: FastifyInstance) => registerBotRoutes(api, service),
    /** Serves the services' live audio websockets on the API's HTTP server. */
    attachLiveAudio: (server: import('node:http').Server) => liveAudio?.attach(server),
    closeLiveAudio: () => liveAudio?.close(),
  };
}
export type BotsModule = ReturnType<typeof createBotsModule>;
