import {
  COACHING_MESSAGES as C,
  MEETING_STAGES,
  type MeetingStage,
  type StageProgress,
  type VideoProgress,
} from '@parley/contracts';
import { notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { ProgressRepo, ProgressRow } from './progress-repo.js';
import { seenBy, type CoachingRepo, type ContentRow } from './repo.js';

export interface ProgressDeps {
  repo: CoachingRepo;
  progress: ProgressRepo;
  now: () => Date;
}

const shareOf = (row: Pick<ProgressRow, 'furthestSec' | 'totalSec'>) =>
  row.totalSec > 0 ? Math.min(1, row.furthestSec / row.totalSec) : 0;
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function toVideoProgress(row: ProgressRow, attempts: number): VideoProgress {
  return {
    meetingId: row.meetingId,
    stage: row.stage,
    watchedDuration: row.positionSec,
    furthestDuration: row.furthestSec,
    totalDuration: row.totalSec,
    watchedShare: round(shareOf(row), 3),
    quizScore: row.quizScore,
    attempts,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A stage's summary over the videos a learner can watch: unstarted videos count as nothing
 * watched, so a share is of the whole stage, not of what was opened.
 */
function summarise(
  stage: MeetingStage,
  videos: ContentRow[],
  rows: Map<string, ProgressRow>,
  attempts: Map<string, number>,
): StageProgress {
  const ofStage = videos.filter((v) => v.stage === stage && v.meetingId);
  const started = ofStage.map((v) => rows.get(v.meetingId ?? '')).filter((r) => r !== undefined);
  const scores = started.map((r) => r.quizScore).filter((s): s is number => s !== null);
  const share = ofStage.length
    ? started.reduce((sum, r) => sum + shareOf(r), 0) / ofStage.length
    : 0;
  return {
    stage,
    videos: ofStage.length,
    videosStarted: started.length,
    watchedShare: round(share, 3),
    quizScore: scores.length ? round(scores.reduce((a, b) => a + b, 0) / scores.length, 1) : null,
    attempts: ofStage.reduce((n, v) => n + (attempts.get(v.meetingId ?? '') ?? 0), 0),
  };
}

/**
 * Watching progress (spec 1 §7 coaching/progress): where each learner stopped, how far they
 * got, their quiz scores; per stage for them, and per person for the team view.
 */
export function createProgressService(deps: ProgressDeps) {
  const { repo, progress, now } = deps;

  async function watchable(caller: Caller, meetingId: string): Promise<ContentRow> {
    const content = await repo.byMeeting(meetingId, seenBy(caller.organizationId));
    if (!content || content.type !== 'video') throw notFound(C.videoNotFound);
    return content;
  }

  /** The server's score of the learner's latest submitted attempt at the video's quiz. */
  async function serverScore(userId: string, meetingId: string): Promise<number | null> {
    const quiz = await repo.quizOf(meetingId);
    const attempt = quiz ? await progress.latestCompleted(userId, quiz.id) : null;
    return attempt?.score ?? null;
  }

  async function attemptsOf(userIds: string[]) {
    const byUser = new Map<string, Map<string, number>>();
    for (const a of await progress.attemptCounts(userIds)) {
      const m = byUser.get(a.userId) ?? new Map<string, number>();
      m.set(a.meetingId, a.attempts);
      byUser.set(a.userId, m);
    }
    return byUser;
  }

  return {
    async save(
      caller: Caller,
      body: {
        meetingId: string;
        watchedDuration: number;
        totalDuration: number;
        quizScore?: number | undefined;
      },
    ): Promise<VideoProgress> {
      const content = await watchable(caller, body.meetingId);
      const row = await progress.saveProgress({
        userId: caller.userId,
        meetingId: content.meetingId ?? body.meetingId,
        organizationId: caller.organizationId,
        // The video's own stage, whatever the player sent.
        stage: content.stage,
        positionSec: body.watchedDuration,
        totalSec: body.totalDuration,
        ...(body.quizScore === undefined
          ? {}
          : { quizScore: await serverScore(caller.userId, body.meetingId) }),
        now: now(),
      });
      const attempts = (await attemptsOf([caller.userId])).get(caller.userId);
      return toVideoProgress(row, attempts?.get(row.meetingId) ?? 0);
    },

    async updateScore(
      caller: Caller,
      body: { meetingId: string; attemptId?: string | undefined },
    ): Promise<VideoProgress> {
      const content = await watchable(caller, body.meetingId);
      const quiz = await repo.quizOf(body.meetingId);
      const attempt = body.attemptId
        ? await progress.ownAttempt(caller.userId, body.attemptId)
        : quiz
          ? await progress.latestCompleted(caller.userId, quiz.id)
          : null;
      if (!quiz || !attempt || attempt.quizId !== quiz.id || attempt.score === null) {
        throw notFound(C.attemptNotFound);
      }
      const existing = await progress.progressOf(caller.userId, body.meetingId);
      const row =
        (existing &&
          (await progress.recordScore(caller.userId, body.meetingId, attempt.score, now()))) ??
        (await progress.saveProgress({
          userId: caller.userId,
          meetingId: body.meetingId,
          organizationId: caller.organizationId,
          stage: content.stage,
          positionSec: 0,
          totalSec: 0,
          quizScore: attempt.score,
          now: now(),
        }));
      const attempts = (await attemptsOf([caller.userId])).get(caller.userId);
      return toVideoProgress(row, attempts?.get(body.meetingId) ?? 0);
    },

    async mine(caller: Caller, stage: MeetingStage | undefined) {
      const videos = await repo.videosSeenBy(caller.organizationId);
      const rows = (await progress.progressOfUsers([caller.userId])).filter(
        (r) => !stage || r.stage === stage,
      );
      const attempts = (await attemptsOf([caller.userId])).get(caller.userId) ?? new Map();
      const byMeeting = new Map(rows.map((r) => [r.meetingId, r]));
      const stages = stage ? [stage] : [...MEETING_STAGES];
      return {
        stages: stages.map((s) => summarise(s, videos, byMeeting, attempts)),
        videos: rows.map((r) => toVideoProgress(r, attempts.get(r.meetingId) ?? 0)),
      };
    },

    async team(caller: Caller, search: string | undefined, stage: MeetingStage | undefined) {
      const people = await progress.learners(caller, search);
      const ids = people.map((p) => p.id);
      const videos = await repo.videosSeenBy(caller.organizationId);
      const rows = await progress.progressOfUsers(ids);
      const attempts = await attemptsOf(ids);
      const stages = stage ? [stage] : [...MEETING_STAGES];
      return {
        data: people.map((p) => {
          const own = new Map(rows.filter((r) => r.userId === p.id).map((r) => [r.meetingId, r]));
          return {
            userId: p.id,
            name: `${p.firstName} ${p.lastName}`.trim() || p.email,
            email: p.email,
            role: p.role,
            started: own.size > 0,
            stages: stages.map((s) => summarise(s, videos, own, attempts.get(p.id) ?? new Map())),
          };
        }),
      };
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
