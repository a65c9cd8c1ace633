import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, Columns3, Users } from 'lucide-react';
import { SCORECARD_MESSAGES as S } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { Button, EmptyState, PageHeader, Skeleton } from '../../ui';
import { canCompare, compareIdsOf, useCompare } from './api';
import { CandidateColumn } from './CandidateColumn';
import { CANDIDATE_COLOURS, CompareChart } from './CompareChart';

const back = (
  <Button asChild variant="secondary">
    <Link to="/interviews">
      <ArrowLeft aria-hidden />
      Interviews
    </Link>
  </Button>
);

/** /interviews/compare?ids=a,b,c: two to four candidates of one job side by side (issue 13 item 2). */
export default function ComparePage() {
  const [params] = useSearchParams();
  const ids = compareIdsOf(params.get('ids'));
  const q = useCompare(ids);
  const title = q.data ? `Compare candidates · ${q.data.job.title}` : 'Compare candidates';

  let body;
  if (!canCompare(ids.length)) {
    body = (
      <EmptyState
        icon={Users}
        title="Choose interviews to compare"
        description={`${S.compareCount} Select them in the interviews list.`}
        action={back}
      />
    );
  } else if (q.isLoading) {
    body = (
      <div
        className="flex flex-col gap-4"
        role="status"
        aria-busy="true"
        aria-label="Loading the comparison"
      >
        <Skeleton className="h-64" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
        </div>
      </div>
    );
  } else if (q.isError || !q.data) {
    body = (
      <EmptyState
        icon={Columns3}
        title="The comparison could not be loaded"
        description={failureMessage(q.error, 'Check your connection and try again.')}
        action={
          <div className="flex gap-2">
            {back}
            <Button onClick={() => void q.refetch()}>Try again</Button>
          </div>
        }
      />
    );
  } else {
    const data = q.data;
    body = (
      <div className="flex flex-col gap-4">
        <CompareChart data={data} />
        <div
          className={
            data.candidates.length > 2
              ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4'
              : 'grid gap-4 sm:grid-cols-2'
          }
        >
          {data.candidates.map((c, i) => (
            <CandidateColumn
              key={c.meetingId}
              candidate={c}
              colour={CANDIDATE_COLOURS[i % CANDIDATE_COLOURS.length] ?? 'var(--accent)'}
            />
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col p-4 sm:p-6" data-testid="compare-page">
      <PageHeader
        title={title}
        description="Scores per competency, strengths and concerns, each with the moment it rests on."
        actions={back}
      />
      {body}
    </div>
  );
}
