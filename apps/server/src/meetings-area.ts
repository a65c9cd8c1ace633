import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './platform/db/client.js';
import { createMediaTools } from './platform/media/ffmpeg.js';
import { createMediaLinks, type MediaGrant } from './platform/media/links.js';
import { QUEUES } from '@parley/contracts';
import { startQueue } from './platform/queue/index.js';
import { createNotifyBroadcaster, listenForEvents } from './platform/realtime/bridge.js';
import {
  createRealtime,
  type MeetingBroadcaster,
  type Realtime,
} from './platform/realtime/index.js';
import type { Mailer } from './platform/mail.js';
import type { SecretBox } from './platform/secrets.js';
import type { StoreResolver } from './platform/storage/resolver.js';
import type { AuthService } from './modules/auth/service.js';
import type { BillingService } from './modules/billing/service.js';
import type { UsersService } from './modules/users/service.js';
import { registerBillingRoutes } from './modules/billing/routes.js';
import { createMeetingListRepo } from './modules/meetings/list-repo.js';
import { createMeetingListsService } from './modules/meetings/lists.js';
import { registerMediaRoute } from './modules/meetings/media-route.js';
import { processMeetingMedia } from './modules/meetings/media-step.js';
import { createAnalysisRepo } from './modules/analysis/repo.js';
import { registerAnalysisRoutes } from './modules/analysis/routes.js';
import { createAnalysisService, type AnalysisService } from './modules/analysis/service.js';
import { registerAnalysisWorkers } from './modules/analysis/worker.js';
import { analysisStepJobs } from './modules/analysis/jobs.js';
import { verificationJob } from './modules/biometrics/jobs.js';
import { physiologyJob } from './modules/video-signals/jobs.js';
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
import { createBiometricsModule } from './modules/biometrics/module.js';
import { createZaiModule } from './modules/zai/module.js';
import type { AiProviderResolver } from './modules/ai-providers/resolver.js';
import { createInsightsRepo } from './modules/insights/repo.js';
import { registerInsightRoutes } from './modules/insights/routes.js';
import { createInsightsService } from './modules/insights/service.js';
import { createVideoSignalsModule } from './modules/video-signals/module.js';

export interface MeetingsAreaDeps {
  config: AppConfig;
  database: Database;
  auth: AuthService;
  users: UsersService;
  plans: BillingService;
  secrets: SecretBox;
  mailer: Mailer;
  resolveStore: StoreResolver;
  /** How the insights step, the AI kit and the assistant reach a language model. */
  ai: AiProviderResolver;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Meetings, uploads, sharing, credits, the analysis pipeline and the realtime channel
 * (spec 2), composed once per app. ROLE decides the parts: 'api' queues jobs but runs none,
 * 'worker' runs them without sockets, 'all' does both. Returns the function that registers
 * the routes inside /api/v1. Shutdown stops the queue (jobs in flight get a grace period)
 * and the upload cleanup before the database closes.
 */
export async function createMeetingsArea(app: FastifyInstance, deps: MeetingsAreaDeps) {
  const { config, database, resolveStore, now, log } = deps;
  const links = createMediaLinks(config.appSecret, now);
  const repo = createMeetingsRepo(database.db);

  const role = config.env.ROLE;
  const serves = role !== 'worker';

  // The realtime channel asks the meetings service who may join; the service announces
  // status changes to it. Joins only happen once the app serves, after both exist. A worker
  // has no sockets: its events go through the database to the processes that have them.
  const realtime: Realtime | null = serves
    ? await createRealtime(app.server, {
        verify: (token) => deps.auth.authenticate(token),
        canJoin: (caller, meetingId) => meetings.canView(caller, meetingId),
        redisUrl: config.env.REDIS_URL,
        log,
      })
    : null;
  const broadcaster: MeetingBroadcaster = realtime ?? createNotifyBroadcaster(database, log);
  const mediaTools = createMediaTools({
    ffmpegPath: config.env.FFMPEG_PATH,
    ffprobePath: config.env.FFPROBE_PATH,
  });
  const meetings = createMeetingsService({
    repo,
    resolveStore,
    links,
    processMedia: (meetingId) =>
      processMeetingMedia(
        {
          repo,
          resolveStore,
          tools: mediaTools,
          now,
          onChange: (row) => meetings.announce(row),
          log,
        },
        meetingId,
      ),
    afterCreate: (row) => analysis.autoStart(row),
    broadcaster,
    now,
    log,
  });

  const queue = await startQueue(
    database,
    {
      pollSeconds: config.env.QUEUE_POLL_SECONDS,
      maintenanceSeconds: config.env.QUEUE_MAINTENANCE_SECONDS,
      retry: {
        limit: config.env.ANALYSIS_RETRY_LIMIT,
        delaySeconds: config.env.ANALYSIS_RETRY_DELAY_SECONDS,
        expireMinSeconds: config.env.ANALYSIS_EXPIRE_MIN_SECONDS,
        expirePerMediaSecond: config.env.ANALYSIS_EXPIRE_PER_MEDIA_SECOND,
      },
    },
    [...Object.values(analysisStepJobs), verificationJob, physiologyJob],
    log,
  );
  const analysisRepo = createAnalysisRepo(database.db);
  const analysis: AnalysisService = createAnalysisService({
    repo: analysisRepo,
    meetings,
    plans: deps.plans,
    queue,
    broadcaster,
    now,
    log,
  });

  const insights = createInsightsService({
    repo: createInsightsRepo(database.db),
    meetings,
    ai: deps.ai,
    featureHolder: (userId) => deps.users.featureHolder(userId),
    transcriptOf: (meetingId) => analysisRepo.transcript(meetingId),
    broadcaster,
    threshold: config.env.THRESHOLD_HR_SCORE,
    now,
    log,
  });

  const inference = createVideoSignalsModule({
    db: database.db,
    meetings,
    queue,
    resolveStore,
    broadcaster,
    featureHolder: (meeting) => deps.users.featureHolder(meeting.ownerId),
    fps: config.env.VIDEO_FPS,
    physiologyFps: config.env.PHYSIOLOGY_FPS,
    // Participants is composed below; the step asks only when it runs, long after start.
    candidateFace: (meeting) => participants.service.candidateFaceTemplate(meeting),
    now,
    log,
  });

  const participants = createBiometricsModule({
    db: database.db,
    meetings,
    resolveStore,
    secrets: deps.secrets,
    mailer: deps.mailer,
    queue,
    broadcaster,
    turnsOf: async (meetingId) => (await analysisRepo.transcript(meetingId))?.turns ?? [],
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    now,
    log,
  });

  // Events workers elsewhere send through the database reach this process's sockets.
  const unlisten = realtime
    ? await listenForEvents(
        database,
        (e) => realtime.toLocalMeeting(e.meetingId, e.event, e.payload),
        log,
      )
    : null;

  if (role !== 'api') {
    if (database.kind === 'pglite') {
      // One process holds a PGlite data directory, so a job still 'active' belongs to a
      // process that died (killed, power cut): it fails as an attempt now, retried while
      // attempts remain. PostgreSQL leaves that to expiry, since another worker may really be
      // running it.
      const requeued = await queue.requeueOrphans(Object.values(QUEUES));
      if (requeued > 0) log.warn({ requeued }, 'analysis jobs of a stopped process requeued');
    }
    await registerAnalysisWorkers(queue, {
      repo: analysisRepo,
      analysis,
      meetings,
      plans: deps.plans,
      resolveStore,
      insights,
      now,
      log,
      video: inference.step,
    });
    await inference.registerWorker();
    await participants.registerWorker();
  } else if (database.kind === 'pglite') {
    log.warn({}, 'ROLE=api on PGlite: no other process can run the analysis jobs');
  }

  const lists = createMeetingListsService({
    listRepo: createMeetingListRepo(database.db),
    links,
    now,
    remainingCredits: (organizationId) => deps.plans.remainingCredits(organizationId),
  });
  const uploadsRepo = createUploadsRepo(database.db);
  const uploads = createUploadsService({ repo: uploadsRepo, meetings, resolveStore, now });
  const transcripts = createTranscriptsModule({ db: database.db, meetings, now });
  const assistant = createZaiModule({
    lists,
    transcripts: transcripts.service,
    ai: deps.ai,
    settings: {
      contextTokens: config.env.ZAI_CONTEXT_TOKENS,
      maxOutputTokens: config.env.ZAI_MAX_OUTPUT_TOKENS,
    },
  });
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

  const stopCleanup = serves
    ? scheduleUploadCleanup({ repo: uploadsRepo, resolveStore, now, log })
    : async () => {};
  // Sockets first: the HTTP server's close waits for every open connection.
  app.addHook('preClose', async () => realtime?.disconnectAll());
  app.addHook('onClose', async () => {
    // Stop fetching; a job in flight gets the grace period, then goes back to the queue.
    await queue.stop(config.env.SHUTDOWN_GRACE_SECONDS);
    await stopCleanup();
    await unlisten?.();
    await realtime?.close();
  });

  /** Whether a signed media link's permission still holds: revoking a share or link ends it. */
  async function mediaGrantHolds(grant: MediaGrant, meetingId: string): Promise<boolean> {
    if ('publicLink' in grant) return sharing.publicLinkStillValid(meetingId, grant.publicLink);
    const user = await deps.users.byId(grant.userId);
    if (!user) return false;
    const caller = { userId: user.id, organizationId: user.organizationId, role: user.role };
    return meetings.canView(caller, meetingId);
  }

  return {
    meetings,
    analysis,
    queue,
    realtime,
    /** Read by the prompt workbench (transcripts of a meeting, processed meetings). */
    transcripts: transcripts.service,
    lists,
    async registerRoutes(api: FastifyInstance): Promise<void> {
      registerMeetingRoutes(api, meetings, lists);
      registerMediaRoute(api, meetings, links, mediaGrantHolds);
      registerBillingRoutes(api, deps.plans, lists);
      registerSharingRoutes(api, sharing);
      transcripts.registerRoutes(api);
      assistant.registerRoutes(api);
      await registerUploadRoutes(api, uploads);
      registerAnalysisRoutes(api, analysis);
      await participants.registerRoutes(api);
      registerInsightRoutes(api, insights);
      inference.registerRoutes(api);
    },
  };
}
