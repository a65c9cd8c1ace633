import { ClipboardList } from 'lucide-react';
import { EmptyState, LoadError, Skeleton } from '../../ui';
import { useScorecard } from './api';
import { DraftPanel } from './DraftPanel';
import { ScorecardFormPanel } from './ScorecardFormPanel';
import { SubmittedList } from './SubmittedList';

/**
 * The interview page's Scorecard tab (issue 13 item 3): Zai's draft with its cited moments, the
 * interviewer's own form until they submit it, and every submitted scorecard together.
 */
export function ScorecardTab({
  meetingId,
  onSeek,
}: {
  meetingId: string;
  onSeek(seconds: number): void;
}) {
  const q = useScorecard(meetingId);
  if (q.isLoading) {
    return (
      <div
        className="flex flex-col gap-3 p-3"
        role="status"
        aria-busy="true"
        aria-label="Loading the scorecard"
      >
        <Skeleton className="h-24" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (q.isError || !q.data) {
    return (
      <LoadError
        icon={ClipboardList}
        what="The scorecard"
        onRetry={() => void q.refetch()}
        className="m-3"
      />
    );
  }
  const view = q.data;
  if (!view.job || view.competencies.length === 0) {
    return (
      <EmptyState
        icon={ClipboardList}
        title={view.job ? 'No interview kit yet' : 'Not an interview of a job'}
        description={view.draftMissing ?? 'Set the job of this interview to use scorecards.'}
        className="m-3 py-10"
      />
    );
  }
  const submitted = view.mine?.submittedAt != null;
  return (
    <div className="flex flex-col gap-3 p-3" data-testid="scorecard-tab">
      <DraftPanel view={view} onSeek={onSeek} />
      {submitted ? (
        <p className="text-sm text-muted">You submitted your scorecard; it is shown below.</p>
      ) : (
        // Keyed by the saved version, so a save elsewhere (another tab) refills the form.
        <ScorecardFormPanel key={view.mine?.updatedAt ?? 'new'} view={view} />
      )}
      <SubmittedList cards={view.submitted} onSeek={onSeek} />
    </div>
  );
}
