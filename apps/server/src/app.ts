import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  createMetrics,
  createTracing,
  queueDepthOf,
  registerProbes,
} from './platform/observability/index.js';
import {
  registerRequestContext,
  requestIdMixin,
  requestIdOf,
} from './platform/observability/request-context.js';
import type { AvatarTimeouts } from '@parley/contracts';
import type { AppConfig } from './config.js';
import type { Database } from './platform/db/client.js';
import { frameworkErrorReply, registerErrorHandler } from './platform/errors.js';
import type { Mailer } from './platform/mail.js';
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
import type { AppArea } from './app-area.js';
import { composeMeetings, composeMeetingTools } from './app-meetings.js';
import { composeCalls, composeLive } from './app-live.js';
import { composePractice } from './app-practice.js';
import type { AiProviderResolver } from './modules/ai-providers/index.js';
import type { AutoJoiner } from './modules/calendars/index.js';
import { createDevModule } from './modules/dev/index.js';
import { createRetentionModule } from './modules/retention/index.js';
import { createMeetingsModule } from './modules/meetings/index.js';
import type { MeetingBot } from './modules/bots/index.js';
import type { LiveAudioSink } from './modules/live/index.js';

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
 * index.ts from the needs it declares and wired with its area (app-accounts.ts, app-live.ts,
 * app-meetings.ts, app-practice.ts). ROLE decides the parts: 'api' queues jobs but runs
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
    // Draining on SIGTERM (rolling restarts): a request arriving on a kept-alive connection
    // while the server closes is still served (the database closes only after the server),
    // not refused with Fastify's default 503; the onSend hook below closes its connection.
    return503OnClosing: false,
  });
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // The proxy sends the next request to another process instead of this closing one.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) void reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestContext(app);
  const metrics = createMetrics({ role: env.ROLE, queueDepth: queueDepthOf(database) });
  metrics.instrument(app);
  const tracing = createTracing({
    endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: env.OTEL_SERVICE_NAME,
    role: env.ROLE,
  });
  if (tracing) {
    tracing.instrument(app);
    app.addHook('onClose', () => tracing.shutdown());
  }
  app.decorate('metrics', metrics.registry);
  const platform = createPlatform(app, opts);
  const { log, mailer, endpoints } = platform;

  await app.register(cookie);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    webIndex: webIndexHtml(opts.webDist ?? null),
  });
  await registerRateLimit(app, config.env.REDIS_URL);
  await registerOpenApi(app);

  const role = env.ROLE;
  const serves = role !== 'worker';
  const accounts = await composeAccounts(app, platform, config);
  const {
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
    profiles,
  } = accounts;
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
  const queue = await startAppQueue(database, env, log, {
    onJobDone: metrics.jobDone,
    ...(tracing ? { traceJob: tracing.traceJob } : {}),
  });
  // What the meeting modules share besides each other's services.
  const shared = { ...platform, resolveStore, broadcaster, queue };
  const area: AppArea = { app, opts, config, platform, accounts, shared, realtime, ai, serves };
  // Each organisation's retention: recordings and transcripts deleted after its days (issue 20).
  const retention = createRetentionModule(shared);

  // The areas, each wired in its own file. The order is the order their listeners run in:
  // a transcript correction reaches sales, then search, then trackers.
  const meetings = createMeetingsModule({ ...shared, plans, users: users.service });
  realtime?.setJoinPolicy((caller, meetingId) => meetings.service.canView(caller, meetingId));
  // Live calls (app-live.ts), then the analysis and its results (app-meetings.ts).
  const live = composeLive(area, meetings.service);
  const core = composeMeetings(area, meetings, live);
  const { privacy, analysis, insights, biometrics, videoSignals, transcripts, highlights } = core;
  // Hiring, coaching, sales and the CRM, the talent pool, voices and avatars (app-practice.ts).
  const practice = composePractice(area, core);
  const { interviews, coaching, sales, scorecards, crm, voices, talentPool, personalData } =
    practice;
  // Search, trackers, Zai, sharing, uploads, prompts, reports, home (app-meetings.ts).
  const tools = composeMeetingTools(area, core, practice);
  const { search, trackers, zai, sharing, uploads, prompts, reports, home } = tools;
  // The pipeline charged the meeting in its own transaction, committed now: auto-pay looks.
  analysis.onAnalysed(async (meetingId) => {
    const meeting = await meetings.service.rowById(meetingId);
    if (meeting) await plans.creditsCutBy(meeting.organizationId);
  });
  // Calendars, Zoom, the meeting bots and Parley's rooms (app-live.ts).
  const { calendars, zoom, bots, rooms } = composeCalls(area, meetings.service, live);
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
    accessChanges: platform.accessSync?.handler(platform.access) ?? null,
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
