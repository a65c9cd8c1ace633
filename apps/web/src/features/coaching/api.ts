import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MEETING_STAGES,
  assessmentRoutes,
  coachingRoutes,
  progressRoutes,
  quizRoutes,
  type CoachingItem,
  type LinkContentType,
  type MeetingStage,
  type QuizQuestionInput,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useAuth, useCan } from '../../lib/auth-store';
import { useChange } from '../../lib/use-change';

const ANALYSING_POLL_MS = 15_000;

export const coachingKeys = {
  all: ['coaching'] as const,
  content: (platform: boolean) => ['coaching', 'content', platform] as const,
  authorQuiz: (meetingId: string) => ['coaching', 'quiz', 'author', meetingId] as const,
  quiz: (meetingId: string) => ['coaching', 'quiz', 'learner', meetingId] as const,
  attempt: (quizId: string) => ['coaching', 'attempt', quizId] as const,
  progress: ['coaching', 'progress'] as const,
  team: (search: string) => ['coaching', 'team', search] as const,
};

/**
 * Who the caller is on this page: the super admin makes the default content (platform calls,
 * outside any plan); the organisation's authors (coaching.manage) its own; learners watch and
 * take assessments; coaching.team follows the team.
 */
export function useCoachingRole() {
  const superAdmin = useAuth().user?.role === 'superadmin';
  const manage = useCan('coaching.manage');
  const learn = useCan('coaching.learn');
  const team = useCan('coaching.team');
  return {
    superAdmin,
    author: superAdmin || manage,
    learner: !superAdmin && learn,
    team: !superAdmin && team,
  };
}

/** Everything the caller sees, every stage (the tabs filter by type): one call per stage. */
export function useCoachingContent() {
  const { superAdmin } = useCoachingRole();
  return useQuery({
    queryKey: coachingKeys.content(superAdmin),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        MEETING_STAGES.map((stage) =>
          superAdmin
            ? api(coachingRoutes.superAdminFetch, { body: { stage }, signal, toast: false })
            : api(coachingRoutes.fetch, { body: { stage }, signal, toast: false }),
        ),
      );
      return lists.flat();
    },
    // While a video is being analysed its status (and transcript) are on their way.
    refetchInterval: (query) =>
      query.state.data?.some(
        (i) => i.video && /^(uploaded|queued|analysing)$/.test(i.video.inferenceStatus),
      )
        ? ANALYSING_POLL_MS
        : false,
  });
}

export interface LinkFields {
  title: string;
  type: LinkContentType;
  presentationUrl: string;
}

/** Link and video content: create, make a video of an upload, delete. Failures are the caller's. */
export function useContentChanges() {
  const { superAdmin } = useCoachingRole();
  const refresh = coachingKeys.all;
  const createLink = useChange(
    (body: LinkFields) =>
      superAdmin
        ? api(coachingRoutes.superAdminCreate, { body, toast: false })
        : api(coachingRoutes.create, { body, toast: false }),
    { refresh },
  );
  const makeVideo = useChange(
    (body: { fileName: string; title: string; stage: MeetingStage }) =>
      superAdmin
        ? api(coachingRoutes.superAdminVideo, { body, toast: false })
        : api(coachingRoutes.adminVideo, { body, toast: false }),
    { refresh },
  );
  const remove = useChange(
    (item: CoachingItem) =>
      superAdmin
        ? api(coachingRoutes.superAdminRemove, { body: { id: item.id } })
        : api(coachingRoutes.remove, { body: { id: item.id } }),
    { refresh, announce: true, refreshOnFailure: true },
  );
  return { createLink, makeVideo, remove };
}

/** A video's quiz with its answer key, for its author (404 while it has none). */
export function useAuthorQuiz(meetingId: string | null) {
  const { superAdmin } = useCoachingRole();
  return useQuery({
    queryKey: coachingKeys.authorQuiz(meetingId ?? ''),
    queryFn: ({ signal }) => {
      const body = { meetingId: meetingId ?? '' };
      return superAdmin
        ? api(quizRoutes.superAdminFetch, { body, signal, toast: false })
        : api(quizRoutes.adminFetch, { body, signal, toast: false });
    },
    enabled: Boolean(meetingId),
    retry: false,
  });
}

export function useQuizChanges() {
  const { superAdmin } = useCoachingRole();
  const refresh = coachingKeys.all;
  const create = useChange(
    (body: { meetingId: string; title?: string; questions: QuizQuestionInput[] }) =>
      superAdmin
        ? api(quizRoutes.superAdminCreate, { body, toast: false })
        : api(quizRoutes.adminCreate, { body, toast: false }),
    { refresh },
  );
  const remove = useChange((meetingId: string) => api(quizRoutes.remove, { body: { meetingId } }), {
    refresh,
    announce: true,
    refreshOnFailure: true,
  });
  return { create, remove };
}

/**
 * Questions drafted from a video's transcript for the editor (nothing is saved): one route for
 * the super admin and the organisation's authors. Failures are the dialog's to show.
 */
export function useQuizGeneration() {
  return useMutation({
    mutationFn: (meetingId: string) =>
      api(quizRoutes.generate, { body: { meetingId }, toast: false }),
  });
}

/** The quiz as a learner gets it ({id, questions}, no answers). */
export function useLearnerQuiz(meetingId: string | null) {
  return useQuery({
    queryKey: coachingKeys.quiz(meetingId ?? ''),
    queryFn: ({ signal }) =>
      api(quizRoutes.fetch, { body: { meetingId: meetingId ?? '' }, signal, toast: false }),
    enabled: Boolean(meetingId),
    retry: false,
  });
}

/** The caller's open attempt at a quiz, started when there is none (spec 1 §7). */
export function useAttempt(quizId: string | undefined) {
  return useQuery({
    queryKey: coachingKeys.attempt(quizId ?? ''),
    queryFn: ({ signal }) =>
      api(assessmentRoutes.attempt, { params: { quizId: quizId ?? '' }, signal, toast: false }),
    enabled: Boolean(quizId),
    retry: false,
    gcTime: 0,
  });
}

export const saveAnswer = (attemptId: string, questionId: string, answers: string[]) =>
  api(assessmentRoutes.answer, {
    params: { attemptId },
    body: { questionId, answers },
    toast: false,
  });

export const submitAttempt = (attemptId: string) =>
  api(assessmentRoutes.submit, { params: { attemptId }, toast: false });

export const recordScore = (meetingId: string, attemptId: string) =>
  api(assessmentRoutes.updateScore, { body: { meetingId, attemptId }, toast: false });

export function useMyProgress(enabled = true) {
  return useQuery({
    queryKey: coachingKeys.progress,
    queryFn: ({ signal }) => api(progressRoutes.mine, { signal, toast: false }),
    enabled,
  });
}

export function useTeamProgress(search: string, enabled: boolean) {
  return useQuery({
    queryKey: coachingKeys.team(search),
    queryFn: ({ signal }) =>
      api(progressRoutes.team, {
        query: search ? { search } : {},
        body: {},
        signal,
        toast: false,
      }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** One progress report; `leaving` keeps it alive past the page's unload. */
export const saveProgress = (
  body: { stage: MeetingStage; meetingId: string; watchedDuration: number; totalDuration: number },
  leaving: boolean,
) => api(progressRoutes.save, { body, toast: false, keepalive: leaving });
