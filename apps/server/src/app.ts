import Fastify, { type FastifyInstance } from 'fastify';
import { createProvider } from '@parley/ai';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, CRM_FEATURE, QUEUES, isFeatureAvailable } from '@parley/contracts';
import type { AppConfig } from './config.js';
import type { Database } from './platform/db/client.js';
import { frameworkErrorReply, registerErrorHandler } from './platform/errors.js';
import type { Mailer } from './platform/mail.js';
import { registerActivityLog } from './platform/audit.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { registerWebApp, webIndexHtml } from './platform/http/web.js';
import { registerRateLimit } from './platform/http/rate-limit.js';
import { registerSecurity } from './platform/http/security.js';
import { createPlatform } from './platform/compose.js';
import { createLocalStore } from './platform/storage/local.js';
import type { StoreResolver } from './platform/storage/resolver.js';
import { startQueue } from './platform/queue/index.js';
import { createRealtime } from './platform/realtime/index.js';
import { createNotifyBroadcaster, listenForEvents } from './platform/realtime/bridge.js';
import { createAiProvidersModule, type AiProviderResolver } from './modules/ai-providers/index.js';
import { analysisStepJobs, createAnalysisModule } from './modules/analysis/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { createBillingModule } from './modules/billing/index.js';
import { createCatalogueModule } from './modules/catalogue/index.js';
import { createBiometricsModule, verificationJob } from './modules/biometrics/index.js';
import { createDevModule } from './modules/dev/index.js';
import { createHighlightsModule } from './modules/highlights/index.js';
import { createInsightsModule } from './modules/insights/index.js';
import { createInterviewsModule } from './modules/interviews/index.js';
import { createCoachingModule } from './modules/coaching/index.js';
import { createSamplesModule } from './modules/samples/index.js';
import { createSalesModule, dealWarningsDailyJob, dealWarningsJob } from './modules/sales/index.js';
import { createScorecardsModule } from './modules/scorecards/index.js';
import { createIntegrationsModule } from './modules/integrations/index.js';
import { createMeetingsModule } from './modules/meetings/index.js';
import { createLocationsModule } from './modules/locations/index.js';
import {
  createOrganizationsModule,
  organizationDeletionJob,
} from './modules/organizations/index.js';
import { createPromptsModule } from './modules/prompts/index.js';
import { createSearchModule } from './modules/search/index.js';
import { createSharingModule } from './modules/sharing/index.js';
import { createTranscriptsModule } from './modules/transcripts/index.js';
import { createTrackersModule, trackerRecountJob } from './modules/trackers/index.js';
import { createPrivacyModule } from './modules/privacy/index.js';
import { createUploadsModule } from './modules/uploads/index.js';
import { createUsersModule } from './modules/users/index.js';
import { createVideoSignalsModule, physiologyJob } from './modules/video-signals/index.js';
import { createZaiModule } from './modules/zai/index.js';
import { createParametersModule } from './modules/parameters/index.js';
import { createEndpointsModule } from './modules/endpoints/index.js';
import { createUserLogsModule } from './modules/user-logs/index.js';
import { createProfilesModule } from './modules/profiles/index.js';
import { createImageLinks } from './platform/media/image-links.js';
import { createReportsModule } from './modules/reports/index.js';
import { createHomeModule } from './modules/home/index.js';
import { createCrmModule, crmImportJob, crmNoteJob } from './modules/crm/index.js';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  /** Defaults to SMTP when SMTP_URL is set, otherwise the development outbox. */
  mailer?: Mailer;
  now?: () => Date;
  /** More routes inside /api/v1, registered after the built-in modules (embedders, tests). */
  routes?: (api: FastifyInstance) => void | Promise<void>;
  /** Built web app to serve; null serves the API only. */
  webDist?: string | null;
  logger?: boolean;
  /** The language models of Zai; defaults to each organisation's connected providers. */
  ai?: AiProviderResolver;
}

/**
 * The app: platform pieces, then every module in dependency order, each created once from
 * what it declares it needs (its index.ts). ROLE decides the parts: 'api' queues jobs but
 * runs none, 'worker' runs them without sockets, 'all' does both.
 */
/**
 * The app: the platform pieces, then every module in dependency order, each made by its
 * index.ts from the needs it declares. ROLE decides the parts: 'api' queues jobs but runs
 * none, 'worker' runs them without sockets, 'all' does both.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const { env } = config;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: env.LOG_LEVEL },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const platform = createPlatform(app, opts);
  const { db, log, mailer, endpoints } = platform;

  await app.register(cookie);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    webIndex: webIndexHtml(opts.webDist ?? null),
  });
  await registerRateLimit(app, config.env.REDIS_URL);
  await registerOpenApi(app);
  registerActivityLog(app, db);

  const role = env.ROLE;
  const serves = role !== 'worker';
  const images = createImageLinks(config.appSecret, platform.now);
  const parameters = createParametersModule({
    db,
    defaults: {
      FREE_MEETING_CREDITS: env.FREE_MEETING_CREDITS,
      THRESHOLD_HR_SCORE: env.THRESHOLD_HR_SCORE,
    },
  });
  await parameters.seed();
  const endpointCatalogue = createEndpointsModule({ db });
  await endpointCatalogue.sync();
  const userLogs = createUserLogsModule({ db, now: platform.now });
  const catalogue = createCatalogueModule({ db, currency: config.currency });
  const billing = createBillingModule({
    db,
    catalogue: catalogue.service,
    freeMeetingCredits: () => parameters.service.valueOf('FREE_MEETING_CREDITS'),
  });
  const plans = billing.service;
  const locations = createLocationsModule();
  const organizations = createOrganizationsModule({
    ...platform,
    plans,
    locations: locations.service,
    images,
    publicUrl: config.publicUrl,
  });
  const users = createUsersModule({
    db,
    organizations: organizations.service,
    plans,
    images,
    mailer,
    publicUrl: config.publicUrl,
  });
  const auth = createAuthModule({
    ...platform,
    config,
    users: users.service,
    organizations: organizations.service,
  });
  const integrations = createIntegrationsModule({
    ...platform,
    localStore: () => createLocalStore(config.mediaDir),
  });
  app.addHook('onClose', async () => integrations.service.close());
  // The one way a module reaches an organisation's media store.
  const resolveStore: StoreResolver = (organizationId, provider) =>
    integrations.service.storeFor(organizationId, provider);

  // AI providers per organisation; `ai` is how any module reaches a model.
  const aiProviders = createAiProvidersModule({
    ...platform,
    configs: integrations.configs,
    createProvider: (c) =>
      createProvider(c.kind === 'local' ? c : { ...c, fetch: endpoints.fetch }),
  });
  await aiProviders.seed();
  const ai = opts.ai ?? aiProviders.resolver;

  // Serving processes have sockets; a worker's events go through the database to them.
  const realtime = serves
    ? await createRealtime(app.server, {
        verify: (token) => auth.service.authenticate(token),
        redisUrl: env.REDIS_URL,
        log,
      })
    : null;
  const broadcaster = realtime ?? createNotifyBroadcaster(database, log);
  const queue = await startQueue(
    database,
    {
      pollSeconds: env.QUEUE_POLL_SECONDS,
      maintenanceSeconds: env.QUEUE_MAINTENANCE_SECONDS,
      retry: {
        limit: env.ANALYSIS_RETRY_LIMIT,
        delaySeconds: env.ANALYSIS_RETRY_DELAY_SECONDS,
        expireMinSeconds: env.ANALYSIS_EXPIRE_MIN_SECONDS,
        expirePerMediaSecond: env.ANALYSIS_EXPIRE_PER_MEDIA_SECOND,
      },
    },
    // Every job the app runs; the queue list (each queue and its dead letter) comes from these.
    [
      ...Object.values(analysisStepJobs),
      verificationJob,
      physiologyJob,
      organizationDeletionJob,
      trackerRecountJob,
      crmImportJob,
      crmNoteJob,
      dealWarningsJob,
      dealWarningsDailyJob,
    ],
    log,
  );
  // What the meeting modules share besides each other's services.
  const shared = { ...platform, resolveStore, broadcaster, queue };

  const meetings = createMeetingsModule({ ...shared, plans, users: users.service });
  realtime?.setJoinPolicy((caller, meetingId) => meetings.service.canView(caller, meetingId));
  // Every transcript write (speech step, correction) masks PII as the organisation asks.
  const privacy = createPrivacyModule(platform);
  const analysis = createAnalysisModule({
    ...shared,
    meetings: meetings.service,
    redact: privacy.service.redact,
    plans,
  });
  meetings.service.onCreated((row) => analysis.service.autoStart(row));
  const insights = createInsightsModule({
    ...shared,
    meetings: meetings.service,
    ai,
    featureHolder: (userId) => users.service.featureHolder(userId),
    transcriptOf: analysis.transcriptOf,
    thresholdFor: (organizationId) =>
      parameters.service.valueOf('THRESHOLD_HR_SCORE', organizationId),
  });
  const biometrics = createBiometricsModule({
    ...shared,
    meetings: meetings.service,
    turnsOf: async (meetingId) => (await analysis.transcriptOf(meetingId))?.turns ?? [],
  });
  const videoSignals = createVideoSignalsModule({
    ...shared,
    meetings: meetings.service,
    featureHolder: (meeting) => users.service.featureHolder(meeting.ownerId),
    fps: env.VIDEO_FPS,
    physiologyFps: env.PHYSIOLOGY_FPS,
    candidateFace: (meeting) => biometrics.service.candidateFaceTemplate(meeting),
    emotionInference: async (organizationId) =>
      (await organizations.service.byId(organizationId))?.emotionInference ?? true,
  });
  const transcripts = createTranscriptsModule({
    ...shared,
    meetings: meetings.service,
    redact: privacy.service.redact,
  });
  const highlights = createHighlightsModule({ ...shared, meetings: meetings.service });
  const interviews = createInterviewsModule({
    ...shared,
    meetings: meetings.service,
    registrationLink: (caller, candidate) => biometrics.service.hrInvitationLink(caller, candidate),
  });
  const coaching = createCoachingModule({
    ...platform,
    meetings: meetings.service,
    googleOrigins: {
      'docs.google.com': env.GOOGLE_DOCS_ORIGIN,
      'drive.google.com': env.GOOGLE_DRIVE_ORIGIN,
    },
    organizationExists: async (id) => Boolean(await organizations.service.byId(id)),
    transcriptOf: analysis.transcriptOf,
    ai,
  });
  meetings.allowWatching((viewer, meetingId) => coaching.service.canWatch(viewer, meetingId));
  const sales = createSalesModule({
    ...platform,
    queue,
    meetings: meetings.service,
    warningsCheckSeconds: env.DEAL_WARNINGS_CHECK_SECONDS,
  });
  // A deal's warnings follow its calls: computed again once one of them is analysed. The
  // rep's signals of a call (the performance view's) are read again then, and when what
  // they come from changes: the transcript, or which speaker is the rep.
  analysis.onAnalysed((meetingId) => sales.service.meetingAnalysed(meetingId));
  transcripts.service.onCorrected((meetingId) => sales.service.callChanged(meetingId));
  meetings.service.onSpeakersNamed((meetingId) => sales.service.callChanged(meetingId));
  transcripts.service.allowLearners((caller, meetingId) =>
    coaching.service.canWatch(caller, meetingId),
  );
  const samples = createSamplesModule({
    ...shared,
    demoOwnerEmail: config.seedEmails.poc,
    demoRepEmail: config.seedEmails.rep,
    meetings: meetings.service,
    coaching: coaching.service,
    quizzes: coaching.quizzes,
    sales: sales.service,
  });
  app.decorate('samples', samples.service);
  const scorecards = createScorecardsModule({
    ...shared,
    meetings: meetings.service,
    interviews: interviews.service,
    insightsOf: (caller, meetingId) => insights.service.forMeeting(caller, meetingId),
    transcriptOf: analysis.transcriptOf,
    ai,
  });
  // Search keeps its segments in step with every transcript write and correction.
  const search = createSearchModule({ db, log });
  const reindex = async (meetingId: string) => void (await search.service.reindex(meetingId));
  analysis.onTranscriptWritten(reindex);
  transcripts.service.onCorrected(reindex);
  // Trackers are counted in every transcript written or corrected, and again when its
  // speakers are named (whose side each is on); a failed count does not fail those.
  const trackers = createTrackersModule({ ...shared, meetings: meetings.service });
  const countTrackers = (meetingId: string) => trackers.service.countMeetingQuietly(meetingId);
  analysis.onTranscriptWritten(countTrackers);
  transcripts.service.onCorrected(countTrackers);
  meetings.service.onSpeakersNamed(countTrackers);
  const zai = createZaiModule({
    lists: meetings.lists,
    transcripts: transcripts.service,
    search: search.service,
    ai,
    settings: { contextTokens: env.ZAI_CONTEXT_TOKENS, maxOutputTokens: env.ZAI_MAX_OUTPUT_TOKENS },
  });
  const sharing = createSharingModule({
    ...shared,
    meetings: meetings.service,
    transcripts: transcripts.service,
    users: users.service,
  });
  const uploads = createUploadsModule({ ...shared, meetings: meetings.service });
  const profiles = createProfilesModule({
    ...platform,
    users: users.service,
    organizations: organizations.service,
    images,
    resolveStore,
  });
  const prompts = createPromptsModule({
    db,
    ai,
    meetings: meetings.service,
    lists: meetings.lists,
    transcripts: transcripts.service,
    countUse: (model) => aiProviders.models.countUse(model),
    contextTokensOf: (model) => aiProviders.models.contextTokens(model),
  });
  const reports = createReportsModule({
    ...platform,
    supportEmail: env.SUPPORT_EMAIL,
    sources: {
      meeting: (caller, id) => meetings.service.visible(caller, id),
      insights: (caller, id) => insights.service.forMeeting(caller, id),
      transcripts: transcripts.service,
      videoSignals: videoSignals.service,
      biometrics: (caller, id) => biometrics.service.data(caller, id),
      participants: (meeting) => biometrics.service.participantsOf(meeting),
      participant: (orgId, email) => biometrics.service.participantByEmail(orgId, email),
      scorecards: (orgId, id) => scorecards.service.ofMeeting(orgId, id),
      interview: (orgId, id) => interviews.service.interviewOf(orgId, id),
      featureHolder: (caller) => users.service.featureHolder(caller.userId),
      organisationName: async (orgId) => (await organizations.service.byId(orgId))?.name ?? '',
      person: async (userId) => {
        const u = await users.service.byId(userId);
        return u
          ? { name: `${u.firstName} ${u.lastName}`.trim() || u.email, email: u.email }
          : null;
      },
    },
  });
  const home = createHomeModule({
    lists: meetings.lists,
    team: async (caller) => [
      caller.userId,
      ...(await users.service.reportsOf(caller.organizationId, caller.userId)),
    ],
    featureHolder: (caller) => users.service.featureHolder(caller.userId),
    activePlan: (organizationId) => plans.activePlan(organizationId),
    overallScores: (orgId, ids) => insights.service.overallScores(orgId, ids),
    talkRatios: (orgId, ids) => transcripts.service.talkRatios(orgId, ids),
    actionItems: (orgId, ids) => insights.service.actionItems(orgId, ids),
    coachingProgress: (caller) => coaching.progress.mine(caller, undefined),
    participants: (caller) => biometrics.service.list(caller),
    organisationCount: async () => (await organizations.service.list({ page: 0, size: 1 })).count,
    dealsAtRisk: (caller) => sales.service.dealsAtRisk(caller),
    now: platform.now,
  });
  // HubSpot and Salesforce: imports into the sales tables, a note on the deal per analysed call.
  const crm = createCrmModule({
    ...shared,
    config,
    configs: integrations.configs,
    matchDeal: (organizationId, emails) => sales.service.matchDeal(organizationId, emails),
    membersByEmail: (organizationId, emails) =>
      users.service.membersByEmail(organizationId, emails),
    salesFeature: async (organizationId) => {
      const org = await organizations.service.byId(organizationId);
      if (!org) return false;
      const holder = { organization: org, plan: await plans.activePlan(org.id) };
      return isFeatureAvailable(holder, CRM_FEATURE);
    },
    callNote: (organizationId, meetingId) => insights.service.callNote(organizationId, meetingId),
  });
  analysis.onAnalysed((meetingId) => crm.service.analysed(meetingId));
  const dev = createDevModule({ mailer });
  await organizations.startJobs(
    queue,
    {
      resolveStore,
      connectedClouds: (organizationId) => integrations.service.connectedClouds(organizationId),
    },
    role !== 'api',
  );

  // Events workers elsewhere send through the database reach this process's sockets.
  const unlisten = realtime
    ? await listenForEvents(
        database,
        (e) => realtime.toLocalMeeting(e.meetingId, e.event, e.payload),
        log,
      )
    : null;
  let stopTimers = () => {};
  if (role !== 'api') {
    if (database.kind === 'pglite') {
      // One process holds a PGlite data directory, so a job still 'active' belongs to a
      // process that died (killed, power cut): it fails as an attempt now, retried while
      // attempts remain. PostgreSQL leaves that to expiry, since another worker may really be
      // running it.
      const requeued = await queue.requeueOrphans(Object.values(QUEUES));
      if (requeued > 0) log.warn({ requeued }, 'analysis jobs of a stopped process requeued');
    }
    await analysis.registerWorkers({ insights: insights.service, video: videoSignals.step });
    await videoSignals.registerWorker();
    await biometrics.registerWorker();
    await trackers.registerWorker();
    const stopCrmImports = await crm.registerWorker();
    const stopDealWarnings = await sales.registerWorker();
    stopTimers = () => {
      stopCrmImports();
      stopDealWarnings();
    };
    // Transcripts stored before search existed get their segments, in the background.
    search.service.backfill().catch((err: unknown) => log.warn({ err }, 'search backfill failed'));
  } else if (database.kind === 'pglite') {
    log.warn({}, 'ROLE=api on PGlite: no other process can run the analysis jobs');
  }

  const stopCleanup = serves ? uploads.scheduleCleanup() : async () => {};
  // Sockets first: the HTTP server's close waits for every open connection.
  app.addHook('preClose', async () => realtime?.disconnectAll());
  app.addHook('onClose', async () => {
    stopTimers();
    // Stop fetching; a job in flight gets the grace period, then goes back to the queue.
    await queue.stop(env.SHUTDOWN_GRACE_SECONDS);
    await stopCleanup();
    await unlisten?.();
    await realtime?.close();
  });

  await app.register(
    async (api) => {
      endpointCatalogue.registerRoutes(api);
      await auth.registerRoutes(api);
      users.registerRoutes(api);
      organizations.registerRoutes(api);
      locations.registerRoutes(api);
      privacy.registerRoutes(api);
      integrations.registerRoutes(api);
      aiProviders.registerRoutes(api);
      prompts.registerRoutes(api);
      parameters.registerRoutes(api);
      userLogs.registerRoutes(api);
      meetings.registerRoutes(api, (meetingId, link) =>
        sharing.service.publicLinkStillValid(meetingId, link),
      );
      catalogue.registerRoutes(api);
      billing.registerRoutes(api, meetings.lists);
      sharing.registerRoutes(api);
      transcripts.registerRoutes(api);
      highlights.registerRoutes(api);
      trackers.registerRoutes(api);
      interviews.registerRoutes(api);
      coaching.registerRoutes(api);
      sales.registerRoutes(api);
      crm.registerRoutes(api);
      scorecards.registerRoutes(api);
      search.registerRoutes(api);
      zai.registerRoutes(api);
      await uploads.registerRoutes(api);
      analysis.registerRoutes(api);
      await biometrics.registerRoutes(api);
      insights.registerRoutes(api);
      videoSignals.registerRoutes(api);
      await profiles.registerRoutes(api);
      reports.registerRoutes(api);
      home.registerRoutes(api);
      if (config.devOutbox) dev.registerRoutes(api);
      await opts.routes?.(api);
    },
    { prefix: API_PREFIX },
  );
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true, db: database.kind }));

  await registerWebApp(app, opts.webDist ?? null);
  // Last, so the analysis jobs stopped by earlier hooks can finish their calls first.
  app.addHook('onClose', async () => endpoints.close());
  return app;
}
