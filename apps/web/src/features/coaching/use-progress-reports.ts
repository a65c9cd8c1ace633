import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MeetingStage } from '@parley/contracts';
import { coachingKeys, saveProgress } from './api';
import { createProgressReporter, type ProgressReporter } from './progress-reporter';

/**
 * Reports how far the user watched a training video: at most every 10 s while it plays, and
 * once more when they leave (the player closes, the tab is hidden or the page unloads).
 * A failed report is not retried: the next one carries the newer position anyway.
 */
export function useProgressReports(
  video: { meetingId: string; stage: MeetingStage } | null,
): ProgressReporter | null {
  const client = useQueryClient();
  const meetingId = video?.meetingId;
  const stage = video?.stage;
  const reporter = useMemo(() => {
    if (!meetingId || !stage) return null;
    return createProgressReporter((s, leaving) => {
      void saveProgress(
        { stage, meetingId, watchedDuration: s.position, totalDuration: s.total },
        leaving,
      )
        .then(() => client.invalidateQueries({ queryKey: coachingKeys.progress }))
        .catch(() => {});
    });
  }, [meetingId, stage, client]);

  useEffect(() => {
    if (!reporter) return;
    const leave = () => reporter.flush();
    const hidden = () => document.visibilityState === 'hidden' && reporter.flush();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      reporter.flush();
    };
  }, [reporter]);

  return reporter;
}
