import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createMetrics, queueDepthOf, registerProbes } from './platform/observability/index.js';
import {
  registerRequestContext,
  requestIdMixin,
  requestIdOf,
} from './platform/observability/request-context.js';
import { CRM_FEATURE, isFeatureAvailable, type AvatarTimeouts } from '@parley/contracts';
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
import { startAppQueue } from './app-queue.js';
import { createRealtime } from './platform/realtime/index.js';
import { createNotifyBroadcaster } from './platform/realtime/bridge.js';
import { startBackgroundWork } from './app-lifecycle.js';
import { registerApi } from './app-routes.js';
import { composeAccounts } from './app-accounts.js';
import type { AiProviderResolver } from './modules/ai-providers/index.js';
import { createAnalysisModule } from './modules/analysis/index.js';
import { createBiometricsModule } from './modules/biometrics/index.js';
import { createDevModule } from './modules/dev/index.js';
import { createHighlightsModule } from './modules/highlights/index.js';
import { createInsightsModule } from './modules/insights/index.js';
import { createInterviewsModule } from './modules/interviews/index.js';
import { createCoachingModule } from './modules/coaching/index.js';
import { createSamplesModule } from './modules/samples/index.js';
import { createSalesModule } from './modules/sales/index.js';
import { createScorecardsModule } from './modules/scorecards/index.js';
import { createMeetingsModule } from './modules/meetings/index.js';
import { createPromptsModule } from './modules/prompts/index.js';
import { createSearchModule } from './modules/search/index.js';
import { createSharingModule } from './modules/sharing/index.js';
import { createTranscriptsModule } from './modules/transcripts/index.js';
import { createTrackersModule } from './modules/trackers/index.js';
import { createPersonalDataModule } from './modules/personal-data/index.js';
import { createPrivacyModule } from './modules/privacy/index.js';
import { createRetentionModule } from './modules/retention/index.js';
import { createUploadsModule } from './modules/uploads/index.js';
import { createVideoSignalsModule } from './modules/video-signals/index.js';
import { createZaiModule } from './modules/zai/index.js';
import { createProfilesModule } from './modules/profiles/index.js';
import { createTalentPoolModule } from './modules/talent-pool/index.js';
import { createReportsModule } from './modules/reports/index.js';
import { createHomeModule } from './modules/home/index.js';
import { createCrmModule } from './modules/crm/index.js';
import { createCalendarsModule, type AutoJoiner } from './modules/calendars/index.js';
import { createZoomModule } from './modules/zoom/index.js';
import type { MeetingBot } from './modules/bots/index.js';
import { createRoomsModule, parseIceServers } from './modules/rooms/index.js';
import { createBotsModule } from './modules/bots/index.js';
import { createLiveModule, type LiveAudioSink } from './modules/live/index.js';
import { createVoicesModule } from './modules/voices/index.js';

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
  /** What sends the bot to a calendar event at its start; by default the bots module. */
  autoJoiner?: AutoJoiner;
  /** Where live calls' audio goes; by default the live transcriber (modules/live). */
  liveAudio?: LiveAudioSink;
  /** The bot that records Parley rooms; defaults to the headless Chromium (tests: another). */
  roomBot?: MeetingBot | null;
  /** The avatar steps' time-outs; spec 3 §9's by default. */
  avatarTimeouts?: Partial<AvatarTimeouts>;
}

/**
 * The app: the platform pieces, then every module in dependency order, each made by its
 * index.ts from the needs it declares. ROLE decides the parts: 'api' queues jobs but runs
 * none, 'worker' runs them without sockets, 'all' does both.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const { env } = config;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: env.LOG_LEVEL, mixin: requestIdMixin },
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestContext(app);
  const metrics = createMetrics({ role: env.ROLE, queueDepth: queueDepthOf(database) });
  metrics.instrument(app);
  app.decorate('metrics', metrics.registry);
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
  const {
    images,
    parameters,
    endpointCatalogue,
    userLogs,
    catalogue,
    billing,
    plans,
    payments,
    invoices,
    locations,
    organizations,
    users,
    auth,
    integrations,
    resolveStore,
    aiProviders,
  } = await composeAccounts(app, platform, config);
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
  const queue = await startAppQueue(database, env, log, metrics.jobDone);
  // What the meeting modules share besides each other's services.
  const shared = { ...platform, resolveStore, broadcaster, queue };

  const meetings = createMeetingsModule({ ...shared, plans, users: users.service });
  realtime?.setJoinPolicy((caller, meetingId) => meetings.service.canView(caller, meetingId));
  // Live calls: Parley's room and the bot services push each participant's audio into
  // app.liveAudio; the transcript and cards go to the meeting's realtime room.
  const live = createLiveModule({ ...platform, broadcaster, ai, meetings: meetings.service });
  app.decorate('liveAudio', live.sessions);
  app.addHook('preClose', () => live.sessions.closeAll());
  // Every transcript write (speech step, correction) masks PII as the organisation asks.
  const privacy = createPrivacyModule(platform);
  const retention = createRetentionModule({ ...platform, resolveStore, queue });
  const analysis = createAnalysisModule({
    ...shared,
    meetings: meetings.service,
    redact: privacy.service.redact,
    plans,
  });
  meetings.service.onCreated((row) => analysis.service.autoStart(row));
  // A call's recorded voices take the names of the participants the live transcript heard;
  // without names the analysis still stands, so a failure here is only logged.
  analysis.onTranscriptWritten(async (meetingId) => {
    try {
      const turns = (await analysis.transcriptOf(meetingId))?.turns ?? [];
      const names = await live.speakerNamesFor(meetingId, turns);
      await meetings.service.nameUnnamedSpeakers(meetingId, names);
    } catch (err) {
      log.warn({ err, meetingId }, 'naming the speakers from the live transcript failed');
    }
  });
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
    live: live.sessions,
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
  // Voices and avatars speak with espeak-ng, or the organisation's OpenAI-compatible endpoint.
  const voices = createVoicesModule({
    ...platform,
    resolveStore,
    speechConnection: (organizationId) =>
      aiProviders.configs.credentialsFor(organizationId, 'chatgpt'),
    ...(opts.avatarTimeouts ? { timeouts: opts.avatarTimeouts } : {}),
  });
  const talentPool = createTalentPoolModule({
    db,
    users: users.service,
    resolveStore,
    ai,
    log: platform.log,
    lists: meetings.lists,
    categoryScores: (orgId, ids) => insights.service.categoryScores(orgId, ids),
    meetings: meetings.service,
    ffmpegPath: env.FFMPEG_PATH,
    dataDir: config.dataDir,
    now: platform.now,
  });
  const personalData = createPersonalDataModule({
    db,
    resolveStore,
    now: platform.now,
    log: platform.log,
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
  // Each user's Google and Microsoft 365 calendars: scheduled meetings and auto-join.
  const calendars = createCalendarsModule({
    ...shared,
    config,
    meetings: meetings.service,
    joiner: opts.autoJoiner ?? { startBot: (input) => bots.service.startBot(input) },
  });
  // The pipeline charged the meeting in its own transaction, committed now: auto-pay looks.
  // Zoom cloud recordings: each recording.completed webhook becomes a meeting for the analysis.
  const zoom = createZoomModule({
    ...shared,
    config,
    configs: integrations.configs,
    meetings: meetings.service,
    membersByEmail: (organizationId, emails) =>
      users.service.membersByEmail(organizationId, emails),
    callerOf: async (userId) => {
      const access = await users.service.access(userId);
      return access
        ? {
            userId,
            organizationId: access.organizationId,
            role: access.role,
            permissions: access.permissions,
          }
        : null;
    },
  });
  analysis.onAnalysed(async (meetingId) => {
    const meeting = await meetings.service.rowById(meetingId);
    if (meeting) await plans.creditsCutBy(meeting.organizationId);
  });
  // Meeting bots: Parley rooms' own bot registers here; the calendar's auto-join calls startBot.
  const bots = createBotsModule({
    ...shared,
    config,
    meetings: meetings.service,
    liveAudio: opts.liveAudio ?? live.sessions,
    serves,
  });
  if (serves) bots.attachLiveAudio(app.server);
  app.addHook('preClose', () => bots.closeLiveAudio());
  const rooms = createRoomsModule({
    realtime,
    reports: bots.service.reports,
    startBot: (input) => bots.service.startBot(input),
    authenticate: (token) => auth.service.authenticate(token),
    meetings: meetings.service,
    displayName: async (userId) => {
      const u = await users.service.byId(userId);
      return u ? `${u.firstName} ${u.lastName}`.trim() || u.email : 'Participant';
    },
    resolveStore,
    liveAudio: opts.liveAudio ?? live.sessions,
    iceServers: parseIceServers(env.ICE_SERVERS),
    chromiumPath: env.CHROMIUM_PATH,
    ffmpegPath: env.FFMPEG_PATH,
    dataDir: config.dataDir,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    ...(opts.roomBot !== undefined ? { bot: opts.roomBot } : {}),
    now: platform.now,
    log,
  });
  // Room links sent to POST extension join the room's notetaker (provider 'parley').
  bots.service.registerBot(rooms.bot);
  // Before the sockets close: a call in progress keeps what the bot recorded.
  app.addHook('preClose', async () => rooms.close());
  const dev = createDevModule({ mailer });
  await organizations.startJobs(
    queue,
    {
      resolveStore,
      connectedClouds: (organizationId) => integrations.service.connectedClouds(organizationId),
    },
    role !== 'api',
  );

  await startBackgroundWork(app, {
    role,
    database,
    queue,
    realtime,
    log,
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    workers: [
      () => analysis.registerWorkers({ insights: insights.service, video: videoSignals.step }),
      () => videoSignals.registerWorker(),
      () => biometrics.registerWorker(),
      () => trackers.registerWorker(),
      () => crm.registerWorker(),
      () => calendars.registerWorker(),
      () => zoom.registerWorker(),
      () => bots.registerWorker(),
      () => sales.registerWorker(),
      () => retention.registerWorker(),
    ],
    // Transcripts stored before search existed get their segments.
    backfills: [{ name: 'search backfill', run: () => search.service.backfill() }],
    cleanup: serves ? () => uploads.scheduleCleanup() : null,
  });

  await registerApi(
    app,
    [
      endpointCatalogue,
      auth,
      users,
      organizations,
      locations,
      privacy,
      retention,
      integrations,
      aiProviders,
      prompts,
      parameters,
      userLogs,
      {
        registerRoutes: (api) =>
          meetings.registerRoutes(api, (meetingId, link) =>
            sharing.service.publicLinkStillValid(meetingId, link),
          ),
      },
      catalogue,
      { registerRoutes: (api) => billing.registerRoutes(api, meetings.lists) },
      payments,
      invoices,
      sharing,
      transcripts,
      highlights,
      trackers,
      interviews,
      coaching,
      sales,
      crm,
      calendars,
      zoom,
      bots,
      scorecards,
      search,
      zai,
      uploads,
      analysis,
      biometrics,
      insights,
      videoSignals,
      profiles,
      voices,
      talentPool,
      personalData,
      reports,
      home,
      rooms,
      live,
      ...(config.devOutbox ? [dev] : []),
    ],
    opts.routes,
  );
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true, db: database.kind }));
  registerProbes(app, { database, mediaDir: config.mediaDir, realtime });

  await registerWebApp(app, opts.webDist ?? null);
  // Last, so the analysis jobs stopped by earlier hooks can finish their calls first.
  app.addHook('onClose', async () => endpoints.close());
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's Prometheus metrics; main.ts serves them on METRICS_PORT. */
    metrics: import('prom-client').Registry;
    /** Where live calls' audio goes (issue 18): one session per meeting, see modules/live. */
    liveAudio: import('./modules/live/index.js').LiveSessions;
  }
}
