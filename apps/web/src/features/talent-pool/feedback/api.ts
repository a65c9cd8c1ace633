import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FEEDBACK_MESSAGES as F,
  mockFeedbackRoutes as routes,
  type MockFeedback,
  type PracticeGoalBody,
} from '@parley/contracts';
import { api, withFailureToast } from '../../../lib/api';

export const feedbackKeys = {
  feedback: (id: string) => ['talent-pool', 'feedback', id] as const,
  goals: ['talent-pool', 'practice-goals'] as const,
};

/** How often the page asks again while the analysis runs (the meeting's own status is live). */
export const FEEDBACK_POLL_MS = 5000;

/** Still waiting for feedback that will come: submitted, and the analysis has not failed. */
export const awaitingFeedback = (f: MockFeedback | undefined) =>
  Boolean(f && !f.feedback && f.meetingId && f.analysisStatus !== 'failed' && f.state !== 'ready');

export const useMockFeedback = (id: string) =>
  useQuery({
    queryKey: feedbackKeys.feedback(id),
    enabled: id.length > 0,
    queryFn: ({ signal }) => api(routes.feedback, { params: { id }, signal, toast: false }),
    refetchInterval: (q) => (awaitingFeedback(q.state.data) ? FEEDBACK_POLL_MS : false),
  });

export const usePracticeGoals = () =>
  useQuery({
    queryKey: feedbackKeys.goals,
    queryFn: ({ signal }) =>
      withFailureToast(api(routes.goals, { signal, toast: false }), F.goalsFailed),
  });

/** Add (no id), change (an id) or delete a goal; the list is read again after each. */
export function useGoalActions() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: feedbackKeys.goals });
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PracticeGoalBody }) =>
      id
        ? api(routes.updateGoal, { params: { id }, body, toast: false })
        : api(routes.createGoal, { body, toast: false }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(routes.deleteGoal, { params: { id }, toast: false }),
    onSuccess,
  });
  return { save, remove };
}
