import {
  OVERALL_CATEGORIES,
  RECOMMENDATION_LABELS,
  REPORT_MESSAGES as M,
  isFeatureAvailable,
  reportFileName,
  type CandidateReportPreview,
  type FeatureHolder,
  type FeatureName,
  type MeetingStage,
  type ScoreResult,
} from '@parley/contracts';
import { AppError, badRequest } from '../../platform/errors.js';
import { writtenDay, writtenDayTime } from '../../platform/dates.js';
import type { Caller } from '../../platform/http/caller.js';
import type { Mailer } from '../../platform/mail.js';
import type { MeetingRow } from '../meetings/index.js';
import type { MeetingFacts } from './pdf/reports.js';
import type { ConversationData, VideoData } from './pdf/sections.js';
import type { ReportScorecard, ReportSources } from './sources.js';

/**
 * PDFKit and its fonts load with the first report, not with every server start: each API test
 * file builds the app, and the import alone costs about half a second.
 */
const renderers = () => import('./pdf/reports.js');

export interface ReportsDeps {
  sources: ReportSources;
  mailer: Mailer;
  /** Where anyone may ask for their data to be deleted besides the organisation (SUPPORT_EMAIL). */
  supportEmail: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

export interface ReportFile {
  fileName: string;
  pdf: Buffer;
}

const STAGES: Record<MeetingStage, string> = {
  basic_meeting: 'Interview / basic meeting',
  prospecting_stage: 'Sales: prospecting',
  qualification_stage: 'Sales: qualification',
  discovery_stage: 'Sales: discovery',
  solution_presentation_stage: 'Sales: solution presentation',
  negotiation_close_stage: 'Sales: negotiation and close',
};

/** A source that answers 404 before its step has run gives null; other failures stay failures. */
async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 404) return null;
    throw e;
  }
}

/**
 * The meeting reports (issue 13 item 5): everything is read through the owning modules with
 * the caller's visibility, then drawn into a PDF. Numbers come only from stored analysis; a
 * section without data says so.
 */
export function createReportsService(deps: ReportsDeps) {
  const { sources: s, now } = deps;

  async function facts(meeting: MeetingRow, conversation: ConversationData | null) {
    const [organisation, owner, participants] = await Promise.all([
      s.organisationName(meeting.organizationId),
      s.person(meeting.ownerId),
      s.participants(meeting),
    ]);
    const names = new Set<string>();
    for (const sp of conversation?.diarization.speaker_time_analysis ?? []) names.add(sp.name);
    for (const p of participants) names.add(p.name || p.email);
    const result: MeetingFacts = {
      name: meeting.meetingName,
      organisation,
      date: meeting.startTime,
      durationSec: meeting.durationSec ?? conversation?.diarization.audio_length ?? null,
      stage: STAGES[meeting.stage],
      participants: [...names],
      owner: owner ? owner.name : null,
    };
    return { facts: result, participants };
  }

  async function conversationOf(
    caller: Caller,
    meetingId: string,
  ): Promise<ConversationData | null> {
    const t = s.transcripts;
    const [diarization, sentiment, conversation, rate] = await Promise.all([
      orNull(t.diarization(caller, meetingId)),
      orNull(t.sentiment(caller, meetingId)),
      orNull(t.conversation(caller, meetingId)),
      orNull(t.speakingRate(caller, meetingId)),
    ]);
    if (!diarization || !sentiment || !conversation) return null;
    return {
      diarization,
      sentiment,
      conversation,
      wordsPerMinute: (rate?.average ?? []).map((a) => ({ name: a.name, wpm: a.wpm })),
    };
  }

  /**
   * Zai's draft and the submitted scorecards, in the report's words; null when the meeting is
   * no interview of a job with a kit (nothing to score against).
   */
  async function interviewScorecards(
    caller: Caller,
    meeting: Pick<MeetingRow, 'id' | 'organizationId'>,
  ): Promise<ReportScorecard[] | 'private' | null> {
    // The HR report is for whoever reads the meeting (meetings.read), but scorecards are the
    // hiring team's (interviews.manage on their own routes): others get the section without them.
    if (!caller.permissions.includes('interviews.manage')) return 'private';
    const [interview, stored] = await Promise.all([
      s.interview(meeting.organizationId, meeting.id),
      s.scorecards(meeting.organizationId, meeting.id),
    ]);
    if (!interview?.job) return null;
    const cards = [...(stored.draft ? [stored.draft] : []), ...stored.submitted];
    return cards.map((c) => ({
      author: c.author?.name ?? null,
      submittedAt: c.submittedAt ? new Date(c.submittedAt) : null,
      recommendation: c.recommendation ? RECOMMENDATION_LABELS[c.recommendation] : null,
      summary: c.summary,
      ratings: c.ratings.map((x) => ({
        competency: x.competency,
        rating: x.rating,
        discussed: x.discussed,
        notes: x.notes,
      })),
    }));
  }

  /** Each video part when the plan has its feature, else null (the section says so). */
  async function videoOf(
    caller: Caller,
    meetingId: string,
    holder: FeatureHolder,
  ): Promise<VideoData> {
    const v = s.videoSignals;
    const when = <T>(feature: FeatureName, read: () => Promise<T>) =>
      isFeatureAvailable(holder, feature) ? orNull(read()) : Promise.resolve(null);
    const [physiological, emotions, proctoring, lipsync] = await Promise.all([
      when('Physiology Analytics', () => v.physiological(caller, meetingId)),
      when('Facial Emotions', () => v.emotions(caller, meetingId)),
      when('Proctoring', () => v.proctoring(caller, meetingId)),
      when('Lip Sync', () => v.lipsync(caller, meetingId)),
    ]);
    return { physiological, emotions, proctoring, lipsync };
  }

  /** What the candidate's report holds; 400 when the interview has no candidate to send it to. */
  async function candidatePreview(caller: Caller, meetingId: string) {
    const meeting = await s.meeting(caller, meetingId);
    const interview = await s.interview(meeting.organizationId, meeting.id);
    const candidate = interview?.candidate;
    if (!candidate?.email) throw badRequest(M.noCandidate);
    const [insights, conversation, participant, organisation, sender] = await Promise.all([
      s.insights(caller, meeting.id),
      conversationOf(caller, meeting.id),
      s.participant(meeting.organizationId, candidate.email),
      s.organisationName(meeting.organizationId),
      s.person(caller.userId),
    ]);

    // Strengths are the notes of the categories at or above the organisation's threshold,
    // areas to improve those below it: the scores and the threshold themselves stay private,
    // and so do the Alerts, which are the organisation's notes to itself.
    const strengths: string[] = [];
    const improvements: string[] = [];
    for (const name of OVERALL_CATEGORIES) {
      const item = insights.data.find((i) => i.promptName === name);
      if (!item || Array.isArray(item.result)) continue;
      const r = item.result as ScoreResult;
      const target = r.score >= insights.threshold ? strengths : improvements;
      for (const line of r.insights) target.push(`${name}: ${line}`);
    }

    const recorded: string[] = [];
    const mime = meeting.mimeType ?? '';
    if (mime.startsWith('audio/')) recorded.push('Audio');
    else recorded.push('Video', 'Audio');
    if (conversation) recorded.push('Transcript of what was said');
    if (participant?.faceRegistered)
      recorded.push('Face biometrics (a face template for verification)');
    if (participant?.voiceRegistered)
      recorded.push('Voice biometrics (a voice template for verification)');

    const agreed = participant?.registeredAt
      ? `You agreed to the recording and to biometric verification when you registered through ${organisation}'s invitation on ${writtenDayTime(new Date(participant.registeredAt))}.`
      : `Parley holds no consent given by you directly: you did not register through an invitation. The interview took place on ${writtenDayTime(meeting.startTime)} and its recording was added to Parley on ${writtenDayTime(meeting.createdAt)}; ${organisation} is responsible for the consent it asked of you at the interview.`;
    const contact = sender ? `${sender.name} <${sender.email}> at ${organisation}` : organisation;
    const deletion = `To have your recording, transcript and analysis deleted, or to ask what is kept about you, write to ${contact}, or to ${deps.supportEmail}.`;

    const preview: CandidateReportPreview = {
      meetingId: meeting.id,
      candidate: { name: candidate.name || candidate.email, email: candidate.email },
      jobTitle: interview?.job?.title ?? null,
      strengths,
      improvements,
      consent: { recorded, agreed, deletion },
    };
    return { meeting, preview, conversation };
  }

  async function candidateFile(caller: Caller, meetingId: string): Promise<ReportFile> {
    const { meeting, preview, conversation } = await candidatePreview(caller, meetingId);
    const { facts: f } = await facts(meeting, conversation);
    const pdf = await (
      await renderers()
    ).renderCandidateReport({ meeting: f, generatedAt: now(), preview });
    return { fileName: reportFileName(meeting.meetingName, 'candidate'), pdf };
  }

  return {
    async hr(caller: Caller, meetingId: string): Promise<ReportFile> {
      const meeting = await s.meeting(caller, meetingId);
      const holder = await s.featureHolder(caller);
      const [insights, conversation, interview, scorecards, video, biometrics] = await Promise.all([
        s.insights(caller, meeting.id),
        conversationOf(caller, meeting.id),
        s.interview(meeting.organizationId, meeting.id),
        interviewScorecards(caller, meeting),
        videoOf(caller, meeting.id, holder),
        isFeatureAvailable(holder, 'Biometrics')
          ? s.biometrics(caller, meeting.id)
          : Promise.resolve(null),
      ]);
      const { facts: f } = await facts(meeting, conversation);
      const pdf = await (
        await renderers()
      ).renderHrReport({
        meeting: f,
        generatedAt: now(),
        insights,
        interview,
        scorecards,
        conversation,
        video,
        biometrics,
      });
      return { fileName: reportFileName(meeting.meetingName, 'hr'), pdf };
    },

    async sales(caller: Caller, meetingId: string): Promise<ReportFile> {
      const meeting = await s.meeting(caller, meetingId);
      const [insights, conversation] = await Promise.all([
        s.insights(caller, meeting.id),
        conversationOf(caller, meeting.id),
      ]);
      const { facts: f } = await facts(meeting, conversation);
      const pdf = await (
        await renderers()
      ).renderSalesReport({
        meeting: f,
        generatedAt: now(),
        insights,
        conversation,
      });
      return { fileName: reportFileName(meeting.meetingName, 'sales'), pdf };
    },

    candidate: candidateFile,

    async candidatePreview(caller: Caller, meetingId: string): Promise<CandidateReportPreview> {
      return (await candidatePreview(caller, meetingId)).preview;
    },

    /** E-mails the candidate their report; nothing is sent unless the whole message is. */
    async sendCandidate(caller: Caller, meetingId: string) {
      const { meeting, preview } = await candidatePreview(caller, meetingId);
      const file = await candidateFile(caller, meeting.id);
      const organisation = await s.organisationName(meeting.organizationId);
      const to = preview.candidate.email;
      try {
        await deps.mailer.send({
          to,
          subject: `Your interview report from ${organisation}`,
          text: [
            `Dear ${preview.candidate.name},`,
            '',
            `Thank you for your interview${preview.jobTitle ? ` for ${preview.jobTitle}` : ''} with ${organisation} on ${writtenDay(meeting.startTime)}. Your report is attached: what went well, what you could work on, and what was recorded of the interview with how to have it deleted.`,
            '',
            preview.consent.deletion,
          ].join('\n'),
          attachments: [
            { filename: file.fileName, contentType: 'application/pdf', content: file.pdf },
          ],
        });
      } catch (err) {
        deps.log.warn({ err, meetingId: meeting.id }, 'candidate report could not be mailed');
        throw new AppError(502, M.sendFailed);
      }
      return { message: M.sent(to), to };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
