import type { AppArea } from './app-area.js';
import type { composeLive } from './app-live.js';
import type { composePractice } from './app-practice.js';
import { createAnalysisModule } from './modules/analysis/index.js';
import { createBiometricsModule } from './modules/biometrics/index.js';
import { createHighlightsModule } from './modules/highlights/index.js';
import { createHomeModule } from './modules/home/index.js';
import { createInsightsModule } from './modules/insights/index.js';
import type { createMeetingsModule } from './modules/meetings/index.js';
import { createPrivacyModule } from './modules/privacy/index.js';
import { createPromptsModule } from './modules/prompts/index.js';
import { createReportsModule } from './modules/reports/index.js';
import { createSearchModule } from './modules/search/index.js';
import { createSharingModule } from './modules/sharing/index.js';
import { createTrackersModule } from './modules/trackers/index.js';
import { createTranscriptsModule } from './modules/transcripts/index.js';
import { createUploadsModule } from './modules/uploads/index.js';
import { createVideoSignalsModule } from './modules/video-signals/index.js';
import { createZaiModule } from './modules/zai/index.js';

type MeetingsModule = ReturnType<typeof createMeetingsModule>;

/**
 * A meeting's analysis and what it yields: the pipeline, insights, biometrics, video signals,
 * the transcript and its corrections, highlights. Made on the meetings module and the live
 * calls (whose participants name a recording's speakers).
 */
export function composeMeetings(
  area: AppArea,
  meetings: MeetingsModule,
  live: ReturnType<typeof composeLive>,
) {
  const { config, platform, accounts, shared } = area;
  const { env } = config;
  const { users, plans, parameters, organizations } = accounts;
  const log = platform.log;
  // Every transcript write (speech step, correction) masks PII as the organisation asks.
  const privacy = createPrivacyModule(platform);
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
    ai: area.ai,
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
  return {
    meetings,
    privacy,
    analysis,
    insights,
    biometrics,
    videoSignals,
    transcripts,
    highlights,
  };
}

/**
 * What is done with analysed meetings: search, trackers, Zai, sharing, uploads, the prompt
 * workbench, the PDF reports and the home page. Made after the practice area, whose sales
 * module follows transcript corrections and named speakers before search and trackers do.
 */
export function composeMeetingTools(
  area: AppArea,
  core: ReturnType<typeof composeMeetings>,
  practice: ReturnType<typeof composePractice>,
) {
  const { config, platform, accounts, shared, ai } = area;
  const { env } = config;
  const { db, log } = platform;
  const { users, plans, organizations, aiProviders } = accounts;
  const { meetings, analysis, insights, biometrics, videoSignals, transcripts } = core;
  const { interviews, coaching, sales, scorecards } = practice;
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
    activePlan: (organizationId, userId) => plans.activePlan(organizationId, userId),
    overallScores: (orgId, ids) => insights.service.overallScores(orgId, ids),
    talkRatios: (orgId, ids) => transcripts.service.talkRatios(orgId, ids),
    actionItems: (orgId, ids) => insights.service.actionItems(orgId, ids),
    coachingProgress: (caller) => coaching.progress.mine(caller, undefined),
    participants: (caller) => biometrics.service.list(caller),
    organisationCount: async () => (await organizations.service.list({ page: 0, size: 1 })).count,
    dealsAtRisk: (caller) => sales.service.dealsAtRisk(caller),
    now: platform.now,
  });
  return { search, trackers, zai, sharing, uploads, prompts, reports, home };
}
