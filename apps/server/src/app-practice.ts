import { CRM_FEATURE, isFeatureAvailable } from '@parley/contracts';
import type { AppArea } from './app-area.js';
import type { composeMeetings } from './app-meetings.js';
import { createCoachingModule } from './modules/coaching/index.js';
import { createCrmModule } from './modules/crm/index.js';
import { createInterviewsModule } from './modules/interviews/index.js';
import { createPersonalDataModule } from './modules/personal-data/index.js';
import { createSalesModule } from './modules/sales/index.js';
import { createSamplesModule } from './modules/samples/index.js';
import { createScorecardsModule } from './modules/scorecards/index.js';
import { createTalentPoolModule } from './modules/talent-pool/index.js';
import { createVoicesModule } from './modules/voices/index.js';

/**
 * The practices the product serves on top of analysed meetings: hiring (interviews and
 * scorecards), coaching, sales with its CRM, the demo samples, and the talent pool's practice
 * interviews with their voices and avatars.
 */
export function composePractice(area: AppArea, core: ReturnType<typeof composeMeetings>) {
  const { app, opts, config, platform, accounts, shared, ai } = area;
  const { env } = config;
  const { db } = platform;
  const { users, plans, organizations, integrations, aiProviders, resolveStore } = accounts;
  const { meetings, analysis, insights, biometrics, transcripts } = core;
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
    queue: shared.queue,
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
  // Voices and avatars speak with espeak-ng, or the organisation's OpenAI-compatible endpoint.
  const voices = createVoicesModule({
    ...platform,
    resolveStore,
    speechConnection: (organizationId) =>
      aiProviders.configs.credentialsFor(organizationId, 'chatgpt'),
    ...(opts.avatarTimeouts ? { timeouts: opts.avatarTimeouts } : {}),
  });
  // The talent pool (issue 19): seekers' profiles and mock interviews, and their own data.
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
    ensurePlan: (organizationId, userId) => plans.ensureSeekerPlan(organizationId, userId),
    onAnalysed: (listener) => analysis.onAnalysed(listener),
  });
  const personalData = createPersonalDataModule({
    db,
    access: platform.access,
    resolveStore,
    now: platform.now,
    log: platform.log,
  });
  return {
    interviews,
    coaching,
    sales,
    samples,
    scorecards,
    crm,
    voices,
    talentPool,
    personalData,
  };
}
