import {
  COMPARE_MAX,
  COMPARE_MIN,
  CONCERN_MAX,
  SCORECARD_MESSAGES as S,
  STRENGTH_MIN,
  overallScoreOf,
  type CompareCandidate,
  type ComparePoint,
  type CompareResponse,
  type Job,
  type MeetingInsights,
} from '@parley/contracts';
import { badRequest } from '../../platform/errors.js';
import type { MeetingRow } from '../meetings/index.js';
import type { ScorecardRow } from './repo.js';
import { categoriesOf } from './material.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "a,b,c" as two to four distinct meeting ids; 400 with the rule otherwise. */
export function parseMeetingIds(param: string): string[] {
  const ids = [
    ...new Set(
      param
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length < COMPARE_MIN || ids.length > COMPARE_MAX || !ids.every((id) => UUID.test(id))) {
    throw badRequest(S.compareCount);
  }
  return ids;
}

export interface CompareInput {
  meeting: MeetingRow;
  candidateName: string | null;
  round: number | null;
  insights: MeetingInsights;
  cards: ScorecardRow[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * One candidate's column: per competency the mean of the submitted interviewers' ratings, else
 * Zai's draft rating (marked which); strengths are ratings of 4–5 and concerns 1–2, each with
 * the moments behind it (the interviewers' evidence, else the draft's for that competency).
 */
function candidateOf(job: Pick<Job, 'competencies'>, c: CompareInput): CompareCandidate {
  const submitted = c.cards.filter((r) => r.authorId !== null && r.submittedAt);
  const draft = c.cards.find((r) => r.authorId === null) ?? null;
  const strengths: ComparePoint[] = [];
  const concerns: ComparePoint[] = [];
  const competencies = job.competencies.map((k) => {
    const given = submitted.flatMap((s) =>
      s.ratings.filter((r) => r.competency === k.name && r.rating !== null),
    );
    const drafted = draft?.ratings.find((r) => r.competency === k.name && r.rating !== null);
    const source = given.length > 0 ? 'interviewers' : drafted ? 'draft' : 'none';
    const score =
      given.length > 0
        ? round1(given.reduce((a, r) => a + (r.rating ?? 0), 0) / given.length)
        : (drafted?.rating ?? null);
    if (score !== null) {
      const basis = given.length > 0 ? given : drafted ? [drafted] : [];
      const evidence = basis.flatMap((r) => r.evidence);
      const moments = evidence.length > 0 ? evidence : (drafted?.evidence ?? []);
      const note = basis
        .map((r) => r.notes)
        .filter(Boolean)
        .join(' ');
      const point = { competency: k.name, rating: score, note, evidence: moments.slice(0, 3) };
      if (score >= STRENGTH_MIN) strengths.push(point);
      if (score <= CONCERN_MAX) concerns.push(point);
    }
    return { competency: k.name, score, source, raters: given.length } as const;
  });
  return {
    meetingId: c.meeting.id,
    meetingName: c.meeting.meetingName,
    candidateName: c.candidateName ?? c.meeting.meetingName,
    round: c.round,
    overallScore: overallScoreOf(c.insights.data),
    categories: categoriesOf(c.insights),
    competencies,
    strengths: strengths.sort((a, b) => b.rating - a.rating),
    concerns: concerns.sort((a, b) => a.rating - b.rating),
  };
}

export function compareCandidates(
  job: Pick<Job, 'id' | 'title' | 'competencies'>,
  inputs: CompareInput[],
): CompareResponse {
  return {
    job: { id: job.id, title: job.title },
    competencies: job.competencies.map((c) => c.name),
    candidates: inputs.map((c) => candidateOf(job, c)),
  };
}
