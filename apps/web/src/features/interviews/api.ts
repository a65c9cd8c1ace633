import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  interviewRoutes as r,
  isFeatureAvailable,
  type HrListQuery,
  type InterviewStatus,
  type JobFields,
  type SetInterviewBody,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { useChange } from '../../lib/use-change';
import { usePageQuery } from '../../lib/use-page-query';

export const HR_FEATURE = 'HR Workflow' as const;

export const interviewKeys = {
  all: ['interviews'] as const,
  hr: (query: HrListQuery) => ['interviews', 'hr', query] as const,
  jobs: () => ['interviews', 'jobs'] as const,
  meeting: (meetingId: string) => ['interviews', 'meeting', meetingId] as const,
};

/** Whether the signed-in user runs hiring: the permission and the plan's HR Workflow. */
export function useHiring(): { allowed: boolean; hasFeature: boolean } {
  const { user } = useAuth();
  const allowed = user?.permissions.includes('interviews.manage') ?? false;
  return { allowed, hasFeature: Boolean(user && isFeatureAvailable(user, HR_FEATURE)) };
}

export const useHrList = (query: HrListQuery, enabled = true) =>
  usePageQuery(interviewKeys.hr(query), (signal) =>
    enabled
      ? api(r.hrList, { query, signal })
      : Promise.resolve({ data: [], count: 0, rounds: [] }),
  );

/** Every job of the organisation (the pickers; an organisation hires for a few hundred at most). */
export function useJobs(enabled = true) {
  return useQuery({
    queryKey: interviewKeys.jobs(),
    queryFn: ({ signal }) => api(r.listJobs, { query: { size: 100 }, signal }),
    enabled,
  });
}

export function useMeetingInterview(meetingId: string, enabled = true) {
  return useQuery({
    queryKey: interviewKeys.meeting(meetingId),
    queryFn: ({ signal }) => api(r.getInterview, { params: { meetingId }, signal, toast: false }),
    enabled: enabled && Boolean(meetingId),
  });
}

export const useSaveJob = () =>
  useChange(
    ({ id, fields }: { id?: string; fields: JobFields }) =>
      id
        ? api(r.updateJob, { params: { id }, body: fields, toast: false })
        : api(r.createJob, { body: fields, toast: false }),
    { refresh: interviewKeys.all },
  );

export const useDeleteJob = () =>
  useChange((id: string) => api(r.removeJob, { params: { id } }), {
    refresh: interviewKeys.jobs(),
    announce: true,
  });

/** Sets a meeting's job, candidate and round (after an upload or on the interview page). */
export function setInterview(meetingId: string, body: SetInterviewBody, toast = true) {
  return api(r.setInterview, { params: { meetingId }, body, toast });
}

export const useSetInterview = () =>
  useChange(
    ({ meetingId, body }: { meetingId: string; body: SetInterviewBody }) =>
      setInterview(meetingId, body, false),
    { refresh: interviewKeys.all },
  );

export const useSetLastRound = () =>
  useChange(
    (body: { meetingId: string; lastRound: boolean }) =>
      api(r.setLastRound, { body, toast: false }),
    { refresh: interviewKeys.all, refreshOnFailure: true },
  );

export const useUpdateStatus = () =>
  useChange(
    (body: { meetingIds: string[]; interviewStatus: InterviewStatus }) =>
      api(r.updateStatus, { body, toast: false }),
    { refresh: interviewKeys.all, refreshOnFailure: true },
  );

export const useSendInvitation = () =>
  useChange((body: { meetingIds: string[] }) => api(r.sendInvitation, { body, toast: false }), {
    refresh: interviewKeys.all,
    refreshOnFailure: true,
  });

export function useInvalidateInterviews() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: interviewKeys.all });
}
