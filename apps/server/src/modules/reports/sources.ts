import type {
  BiometricResult,
  Diarization,
  EmotionsResponse,
  FeatureHolder,
  InterviewStatus,
  LipSyncResponse,
  MeetingInsights,
  Participant,
  PhysiologicalResponse,
  ProctoringResponse,
  RouteResponse,
  Scorecard,
  analysisRoutes,
} from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import type { MeetingRow } from '../meetings/index.js';

/**
 * What the reports read, each through the module that owns it (and its tenancy: every
 * caller-taking source answers 404 for a meeting the caller may not see). Declared here as
 * plain functions so the reports depend on answers, not on other modules' internals.
 */

export type Sentiment = RouteResponse<typeof analysisRoutes.sentiment>;
export type SpeakingRate = RouteResponse<typeof analysisRoutes.speakingRate>;
export type Conversation = RouteResponse<typeof analysisRoutes.conversation>;

/** One interviewer's (or Zai's draft) scorecard of the interview, as the report shows it. */
export interface ReportScorecard {
  /** The interviewer's name; null for Zai's draft. */
  author: string | null;
  submittedAt: Date | null;
  recommendation: string | null;
  summary: string;
  ratings: { competency: string; rating: number | null; discussed: boolean; notes: string }[];
}

/** The hiring side of an interview meeting (the interviews module's interviewOf). */
export interface ReportInterview {
  candidate: { name: string; email: string } | null;
  job: { title: string; role: string } | null;
  round: number;
  lastRound: boolean;
  status: InterviewStatus;
}

export interface TranscriptSource {
  /** Each throws 404 when the meeting has no transcript yet (the report says so). */
  diarization(caller: Caller, meetingId: string): Promise<Diarization>;
  sentiment(caller: Caller, meetingId: string): Promise<Sentiment>;
  speakingRate(caller: Caller, meetingId: string): Promise<SpeakingRate>;
  conversation(caller: Caller, meetingId: string): Promise<Conversation>;
}

export interface VideoSignalsSource {
  physiological(caller: Caller, meetingId: string): Promise<PhysiologicalResponse>;
  emotions(caller: Caller, meetingId: string): Promise<EmotionsResponse>;
  proctoring(caller: Caller, meetingId: string): Promise<ProctoringResponse>;
  lipsync(caller: Caller, meetingId: string): Promise<LipSyncResponse>;
}

export interface ReportSources {
  /** The meeting if the caller may see it, else 404 (the meetings service's visibility). */
  meeting(caller: Caller, meetingId: string): Promise<MeetingRow>;
  insights(caller: Caller, meetingId: string): Promise<MeetingInsights>;
  transcripts: TranscriptSource;
  videoSignals: VideoSignalsSource;
  /** The biometric verification results of the meeting. */
  biometrics(caller: Caller, meetingId: string): Promise<BiometricResult[]>;
  /** The participants invited to the meeting (registration state, registration time). */
  participants(meeting: Pick<MeetingRow, 'id' | 'organizationId'>): Promise<Participant[]>;
  /** The organisation's participant record of an e-mail address (registration, consent). */
  participant(organizationId: string, email: string): Promise<Participant | null>;
  /**
   * The interview's scorecards as stored: Zai's draft and the submitted ones (the scorecards
   * module). Reading never drafts, so a download never calls a model.
   */
  scorecards(
    organizationId: string,
    meetingId: string,
  ): Promise<{ draft: Scorecard | null; submitted: Scorecard[] }>;
  /** The interview's job, candidate and round (the interviews module); null for a meeting that is not one. */
  interview(organizationId: string, meetingId: string): Promise<ReportInterview | null>;
  /** The organisation's features, for the video sections each plan covers. */
  featureHolder(caller: Caller): Promise<FeatureHolder>;
  organisationName(organizationId: string): Promise<string>;
  /** Name and e-mail of a user (the sender of a candidate report, the meeting's owner). */
  person(userId: string): Promise<{ name: string; email: string } | null>;
}
