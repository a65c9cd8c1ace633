import { MessageSquareText, MessagesSquare, Play, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { MockInterview } from '@parley/contracts';
import {
  Badge,
  buttonClasses,
  DataTable,
  EmptyState,
  LoadError,
  PageHeader,
  type DataColumn,
} from '../../ui';
import { useMockInterviews } from './api';

const STATE_LABEL: Record<MockInterview['state'], string> = {
  ready: 'Ready',
  in_progress: 'In progress',
  submitted: 'Submitted',
  analysed: 'Feedback ready',
};

/**
 * Ready or interrupted interviews can be taken (again, from the first unanswered question);
 * finished ones lead to their feedback (or to its progress while the analysis runs).
 */
function TakeLink({ interview }: { interview: MockInterview }) {
  if (interview.state === 'submitted' || interview.state === 'analysed') {
    return (
      <Link
        to={`/mock-interviews/${interview.id}/feedback`}
        className={buttonClasses(interview.state === 'analysed' ? 'primary' : 'secondary', 'sm')}
        aria-label={`Feedback on the ${interview.jobRole} interview at ${interview.companyName}`}
      >
        <MessageSquareText className="size-4" aria-hidden /> Feedback
      </Link>
    );
  }
  if (interview.state !== 'ready' && interview.state !== 'in_progress') return null;
  return (
    <Link
      to={`/mock-interviews/${interview.id}/run`}
      className={buttonClasses('secondary', 'sm')}
      aria-label={`${interview.state === 'ready' ? 'Start' : 'Resume'} the ${interview.jobRole} interview at ${interview.companyName}`}
    >
      <Play className="size-4" aria-hidden /> {interview.state === 'ready' ? 'Start' : 'Resume'}
    </Link>
  );
}

const columns: DataColumn<MockInterview>[] = [
  {
    id: 'job',
    header: 'Job',
    cell: (m) => (
      <div className="min-w-0">
        <p className="truncate font-medium text-fg">{m.jobRole}</p>
        <p className="truncate text-xs text-muted">{m.companyName}</p>
      </div>
    ),
  },
  { id: 'level', header: 'Level', cell: (m) => m.level },
  {
    id: 'questions',
    header: 'Questions',
    cell: (m) => <span className="tabular-nums">{m.questions.length}</span>,
  },
  {
    id: 'timing',
    header: 'Think / answer',
    cell: (m) => (
      <span className="tabular-nums">
        {m.settings.thinkSeconds}s / {m.settings.answerSeconds}s
      </span>
    ),
  },
  {
    id: 'state',
    header: 'Status',
    cell: (m) => (
      <Badge tone={m.state === 'ready' ? 'accent' : 'neutral'}>{STATE_LABEL[m.state]}</Badge>
    ),
  },
  {
    id: 'created',
    header: 'Set up',
    cell: (m) => <span className="tabular-nums">{new Date(m.createdAt).toLocaleDateString()}</span>,
  },
  { id: 'take', header: 'Interview', cell: (m) => <TakeLink interview={m} /> },
];

const newButton = (
  <Link to="/mock-interviews/new" className={buttonClasses('primary')}>
    <Plus className="size-4" aria-hidden /> New mock interview
  </Link>
);

/** The seeker's mock interviews (b2c/user/get/mock-interviews), newest first. */
export default function MockInterviewsPage() {
  const list = useMockInterviews();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Mock Interviews"
        description="Practice interviews and review how they went."
        actions={newButton}
      />
      {list.isError ? (
        <LoadError
          icon={MessagesSquare}
          what="Your mock interviews"
          onRetry={() => void list.refetch()}
        />
      ) : !list.isPending && list.data.count === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title="No mock interviews yet"
          description="Set one up for the job you are preparing for."
          action={newButton}
        />
      ) : (
        <DataTable
          label="Your mock interviews"
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(m) => m.id}
          rowLabel={(m) => `${m.jobRole} at ${m.companyName}`}
          loading={list.isPending}
          renderCard={(m) => (
            <div className="flex flex-col gap-1">
              <div className="flex items-center justify-between gap-2">
                <p className="truncate font-medium text-fg">
                  {m.jobRole} · {m.companyName}
                </p>
                <Badge tone={m.state === 'ready' ? 'accent' : 'neutral'}>
                  {STATE_LABEL[m.state]}
                </Badge>
              </div>
              <p className="text-xs text-muted tabular-nums">
                {m.level} · {m.questions.length} questions · {m.settings.thinkSeconds}s /{' '}
                {m.settings.answerSeconds}s · {new Date(m.createdAt).toLocaleDateString()}
              </p>
              <div>
                <TakeLink interview={m} />
              </div>
            </div>
          )}
        />
      )}
    </div>
  );
}
