import {
  SCORECARD_MESSAGES as S,
  type Candidate,
  type Job,
  type JobCompetency,
  type MeetingInsights,
  type Recommendation,
  type SaveScorecardBody,
  type Scorecard,
  type ScorecardView,
} from '@parley/contracts';
import { isAiError } from '@parley/ai';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import type { StoredRating } from '../../platform/db/schema.js';
import type { Caller } from '../../platform/http/caller.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { MeetingRow, MeetingsService } from '../meetings/index.js';
import type { TranscriptData } from '../transcripts/index.js';
import { compareCandidates, parseMeetingIds } from './compare.js';
import { draftLocally } from './draft-local.js';
import { draftWithModel } from './draft-remote.js';
import { categoriesOf, draftMaterial } from './material.js';
import type { AuthoredRow, ScorecardRow, ScorecardsRepo } from './repo.js';

/** What the scorecards need to know of an interview meeting (the interviews service's answer). */
export interface InterviewFacts {
  job: Pick<Job, 'id' | 'title' | 'competencies'> | null;
  candidate: Pick<Candidate, 'name'> | null;
  round: number;
}

export interface ScorecardsDeps {
  repo: ScorecardsRepo;
  meetings: Pick<MeetingsService, 'visible'>;
  interviews: {
    interviewOf(organizationId: string, meetingId: string): Promise<InterviewFacts | null>;
  };
  /** The meeting's Zai insights (overall and category scores), as the caller sees them. */
  insightsOf: (caller: Caller, meetingId: string) => Promise<MeetingInsights>;
  transcriptOf: (meetingId: string) => Promise<TranscriptData | null>;
  ai: AiProviderResolver;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** A failed draft as the API says it: the provider's own message (fit to show), else ours. */
function draftFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isAiError(err)) return new AppError(502, err.message || S.draftFailed);
  return new AppError(500, S.draftFailed);
}

export function toScorecard(row: ScorecardRow, authorName: string | null = null): Scorecard {
  return {
    id: row.id,
    meetingId: row.meetingId,
    author: row.authorId ? { id: row.authorId, name: authorName ?? 'Former user' } : null,
    ratings: row.ratings,
    recommendation: (row.recommendation as Recommendation | null) ?? null,
    summary: row.summary,
    provider: row.provider,
    model: row.model,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const authored = (r: AuthoredRow) => toScorecard(r, r.authorName);

/** The caller's ratings held to the kit: known competencies, no rating on one not discussed. */
function checkedRatings(kit: readonly JobCompetency[], ratings: SaveScorecardBody['ratings']) {
  const names = new Map(kit.map((c) => [c.name.trim().toLowerCase(), c.name]));
  const byName = new Map<string, StoredRating>();
  for (const r of ratings) {
    const name = names.get(r.competency.trim().toLowerCase());
    if (!name) throw badRequest(S.unknownCompetency(r.competency));
    if (!r.discussed && r.rating !== null) throw badRequest(S.ratingWithoutDiscussion(name));
    byName.set(name, {
      competency: name,
      rating: r.discussed ? r.rating : null,
      discussed: r.discussed,
      notes: r.notes ?? '',
      evidence: r.evidence ?? [],
    });
  }
  // Kit order, so every view lists competencies the same way.
  return kit.flatMap((c) => byName.get(c.name) ?? []);
}

/**
 * Structured scorecards (issue 13 item 3). Zai drafts one per interview whose job has a kit:
 * lazily, the first time the scorecard is asked for once the transcript exists (and again on
 * request); each interviewer saves and submits their own. Meetings are reached through the
 * meetings service, so one the caller may not see answers 404.
 */
export function createScorecardsService(deps: ScorecardsDeps) {
  const { repo, meetings, now } = deps;

  /** The meeting, its interview and its kit; 400 when it is not an interview with a kit. */
  async function interview(caller: Caller, meetingId: string) {
    const meeting = await meetings.visible(caller, meetingId);
    const facts = await deps.interviews.interviewOf(meeting.organizationId, meeting.id);
    return { meeting, facts, kit: facts?.job?.competencies ?? [] };
  }

  function kitOrRefuse(facts: InterviewFacts | null): JobCompetency[] {
    if (!facts?.job) throw badRequest(S.notInterview);
    if (facts.job.competencies.length === 0) throw badRequest(S.noKit);
    return facts.job.competencies;
  }

  /** Drafts and stores Zai's scorecard; null when there is no transcript to draft from. */
  async function draft(caller: Caller, meeting: MeetingRow, kit: readonly JobCompetency[]) {
    const transcript = await deps.transcriptOf(meeting.id);
    if (!transcript || transcript.words.length === 0) return null;
    const insights = await deps.insightsOf(caller, meeting.id);
    const material = draftMaterial(transcript, meeting.additionalDetails, categoriesOf(insights));
    const resolved = await deps.ai.providerFor(meeting.organizationId);
    const drafted =
      resolved.provider.kind === 'local'
        ? { ...draftLocally(kit, material), provider: 'local', model: resolved.model }
        : await draftWithModel(resolved, kit, material);
    return repo.saveDraft(
      { organizationId: meeting.organizationId, meetingId: meeting.id },
      {
        ratings: drafted.ratings,
        summary: drafted.summary,
        recommendation: null,
        provider: drafted.provider,
        model: drafted.model,
      },
      now(),
    );
  }

  return {
    async view(caller: Caller, meetingId: string): Promise<ScorecardView> {
      const { meeting, facts, kit } = await interview(caller, meetingId);
      const rows = await repo.forMeetings(meeting.organizationId, [meeting.id]);
      let draftRow: ScorecardRow | null = rows.find((r) => r.authorId === null) ?? null;
      let draftMissing: string | null = null;
      if (!facts?.job) draftMissing = S.notInterview;
      else if (kit.length === 0) draftMissing = S.noKit;
      else if (!draftRow) {
        // Drafted the first time it is asked for; a failed draft leaves the tab usable.
        try {
          draftRow = await draft(caller, meeting, kit);
          if (!draftRow) draftMissing = S.noTranscript;
        } catch (err) {
          deps.log.warn({ err, meetingId: meeting.id }, 'scorecard draft failed');
          draftMissing = draftFailure(err).message;
        }
      }
      const mine = rows.find((r) => r.authorId === caller.userId) ?? null;
      return {
        meetingId: meeting.id,
        job: facts?.job ? { id: facts.job.id, title: facts.job.title } : null,
        candidateName: facts?.candidate?.name ?? null,
        competencies: kit,
        draft: draftRow ? toScorecard(draftRow) : null,
        draftMissing,
        mine: mine ? authored(mine) : null,
        submitted: rows.filter((r) => r.authorId !== null && r.submittedAt).map(authored),
      };
    },

    async redraft(caller: Caller, meetingId: string): Promise<Scorecard> {
      const { meeting, facts } = await interview(caller, meetingId);
      const kit = kitOrRefuse(facts);
      const row = await draft(caller, meeting, kit).catch((err: unknown) => {
        throw draftFailure(err);
      });
      if (!row) throw badRequest(S.noTranscript);
      return toScorecard(row);
    },

    async save(caller: Caller, meetingId: string, body: SaveScorecardBody): Promise<Scorecard> {
      const { meeting, facts } = await interview(caller, meetingId);
      const kit = kitOrRefuse(facts);
      const key = {
        organizationId: meeting.organizationId,
        meetingId: meeting.id,
        authorId: caller.userId,
      };
      const existing = await repo.mineOf(key.organizationId, key.meetingId, key.authorId);
      if (existing?.submittedAt) throw conflict(S.alreadySubmitted);
      const row = await repo.saveMine(
        key,
        {
          ratings: checkedRatings(kit, body.ratings),
          recommendation: body.recommendation ?? existing?.recommendation ?? null,
          summary: body.summary ?? existing?.summary ?? '',
        },
        now(),
      );
      if (!row) throw conflict(S.alreadySubmitted);
      const [mine] = (await repo.forMeetings(key.organizationId, [key.meetingId])).filter(
        (r) => r.id === row.id,
      );
      return mine ? authored(mine) : toScorecard(row);
    },

    /** Submits the caller's saved scorecard: every competency answered and a recommendation. */
    async submit(caller: Caller, meetingId: string): Promise<Scorecard> {
      const { meeting, facts } = await interview(caller, meetingId);
      const kit = kitOrRefuse(facts);
      const mine = await repo.mineOf(meeting.organizationId, meeting.id, caller.userId);
      if (!mine) throw badRequest(S.notSubmittable);
      if (mine.submittedAt) throw conflict(S.alreadySubmitted);
      const answered = new Set(
        mine.ratings.filter((r) => r.rating !== null || !r.discussed).map((r) => r.competency),
      );
      if (!mine.recommendation || kit.some((c) => !answered.has(c.name))) {
        throw badRequest(S.notSubmittable);
      }
      const row = await repo.submit(mine.id, now());
      if (!row) throw conflict(S.alreadySubmitted);
      const [withName] = (await repo.forMeetings(meeting.organizationId, [meeting.id])).filter(
        (r) => r.id === row.id,
      );
      return withName ? authored(withName) : toScorecard(row);
    },

    /** Two to four candidates of one job side by side (issue 13 item 2). */
    async compare(caller: Caller, meetingIdsParam: string) {
      const ids = parseMeetingIds(meetingIdsParam);
      const found = await Promise.all(ids.map((id) => interview(caller, id)));
      const jobIds = new Set(found.map((f) => f.facts?.job?.id ?? null));
      const job = found[0]?.facts?.job;
      if (!job || jobIds.size !== 1) throw badRequest(S.compareOneJob);
      const organizationId = caller.organizationId;
      const rows = await repo.forMeetings(organizationId, ids);
      const insights = await Promise.all(ids.map((id) => deps.insightsOf(caller, id)));
      return compareCandidates(
        job,
        found.map((f, i) => ({
          meeting: f.meeting,
          candidateName: f.facts?.candidate?.name ?? null,
          round: f.facts?.round ?? null,
          insights: insights[i]!,
          cards: rows.filter((r) => r.meetingId === f.meeting.id),
        })),
      );
    },

    /** Every scorecard of a meeting, Zai's draft first, with author names (for reports). */
    async ofMeeting(
      organizationId: string,
      meetingId: string,
    ): Promise<{ draft: Scorecard | null; submitted: Scorecard[] }> {
      const rows = await repo.forMeetings(organizationId, [meetingId]);
      const draftRow = rows.find((r) => r.authorId === null);
      return {
        draft: draftRow ? toScorecard(draftRow) : null,
        submitted: rows.filter((r) => r.authorId !== null && r.submittedAt).map(authored),
      };
    },
  };
}
export type ScorecardsService = ReturnType<typeof createScorecardsService>;
