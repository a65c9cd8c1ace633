import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './platform/db/client.js';
import { createMediaTools } from './platform/media/ffmpeg.js';
import { createMediaLinks } from './platform/media/links.js';
import { createRealtime } from './platform/realtime/index.js';
import type { SecretBox } from './platform/secrets.js';
import type { StoreResolver } from './platform/storage/resolver.js';
import type { AuthService } from './modules/auth/service.js';
import type { PlansService } from './modules/plans/service.js';
import type { UsersService } from './modules/users/service.js';
import { registerCreditRoutes } from './modules/meetings/credits-routes.js';
import { createMeetingListRepo } from './modules/meetings/list-repo.js';
import { createMeetingListsService } from './modules/meetings/lists.js';
import { registerMediaRoute } from './modules/meetings/media-route.js';
import { createMediaProcessor } from './modules/meetings/media-step.js';
import { createMeetingsRepo } from './modules/meetings/repo.js';
import { registerMeetingRoutes } from './modules/meetings/routes.js';
import { createMeetingsService } from './modules/meetings/service.js';
import { scheduleUploadCleanup } from './modules/uploads/cleanup.js';
import { createUploadsRepo } from './modules/uploads/repo.js';
import { registerUploadRoutes } from './modules/uploads/routes.js';
import { createUploadsService } from './modules/uploads/service.js';
import { createSharingRepo } from './modules/sharing/repo.js';
import { registerSharingRoutes } from './modules/sharing/routes.js';
import { createSharingService } from './modules/sharing/service.js';
import { createTranscriptsModule } from './modules/transcripts/module.js';

export interface MeetingsAreaDeps {
  config: AppConfig;
  database: Database;
  auth: AuthService;
  users: UsersService;
  plans: PlansService;
  secrets: SecretBox;
  resolveStore: StoreResolver;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Meetings, uploads, sharing, credits and the realtime channel (spec 2), composed once per
 * app. Returns the function that registers their routes inside /api/v1. Shutdown waits for
 * media work in flight and the upload cleanup before the database closes.
 */
export async function createMeetingsArea(app: FastifyInstance, deps: MeetingsAreaDeps) {
  const { config, database, resolveStore, now, log } = deps;
  const links = createMediaLinks(config.appSecret, now);
  const repo = createMeetingsRepo(database.db);

  // The realtime channel asks the meetings service who may join; the service announces
  // status changes to it. Joins only happen once the app serves, after both exist.
  const realtime = await createRealtime(app.server, {
    verify: (token) => deps.auth.authenticate(token),
    canJoin: (viewer, meetingId) => meetings.canView(viewer, meetingId),
    redisUrl: config.env.REDIS_URL,
    log,
  });
  const media = createMediaProcessor({
    repo,
    resolveStore,
    tools: createMediaTools({
      ffmpegPath: config.env.FFMPEG_PATH,
      ffprobePath: config.env.FFPROBE_PATH,
    }),
    now,
    onChange: (row) => meetings.announce(row),
    log,
  });
  const meetings = createMeetingsService({
    repo,
    resolveStore,
    links,
    media,
    broadcaster: realtime,
    now,
    log,
  });
  const lists = createMeetingListsService({
    listRepo: createMeetingListRepo(database.db),
    links,
    now,
    remainingCredits: (organizationId) => deps.plans.remainingCredits(organizationId),
  });
  const uploadsRepo = createUploadsRepo(database.db);
  const uploads = createUploadsService({ repo: uploadsRepo, meetings, resolveStore, now });
  const transcripts = createTranscriptsModule({ db: database.db, meetings, now });
  const sharing = createSharingService({
    repo: createSharingRepo(database.db),
    meetings,
    transcripts: transcripts.service,
    users: deps.users,
    secrets: deps.secrets,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    now,
  });

  const stopCleanup = scheduleUploadCleanup({ repo: uploadsRepo, resolveStore, now, log });
  // Sockets first: the HTTP server's close waits for every open connection.
  app.addHook('preClose', async () => realtime.disconnectAll());
  app.addHook('onClose', async () => {
    await stopCleanup();
    await media.idle();
    await realtime.close();
  });

  return {
    meetings,
    media,
    realtime,
    async registerRoutes(api: FastifyInstance): Promise<void> {
      registerMeetingRoutes(api, meetings, lists);
      registerMediaRoute(api, meetings, links);
      registerCreditRoutes(api, deps.plans, lists);
      registerSharingRoutes(api, sharing);
      transcripts.registerRoutes(api);
      await registerUploadRoutes(api, uploads);
    },
  };
}
