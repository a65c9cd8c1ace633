import { useCallback, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, FileQuestion, MessageSquareText, Sparkles } from 'lucide-react';
import { MOCK_RUN_MESSAGES as R, type MockFeedback } from '@parley/contracts';
import { useAuth } from '../../../lib/auth-store';
import { isApiError } from '../../../lib/api';
import {
  buttonClasses,
  Card,
  CardContent,
  EmptyState,
  LoadError,
  OfflinePlayer,
  PageHeader,
  PageSpinner,
  ProgressBar,
  Section,
  type OfflinePlayerHandle,
} from '../../../ui';
import { useAnalysisStatus, useHasZai } from '../../analysis';
import { CandidateAnalysis, useMeetingInsights } from '../../insights';
import { useMeeting } from '../../meetings';
import { useMockInterview } from '../api';
import { AnswerFeedbackCard } from './AnswerFeedbackCard';
import { useMockFeedback } from './api';
import { GoalResults } from './GoalResults';
import { GoalsEditor } from './GoalsEditor';

/** The recording with each answer marked on the seek bar, and the analysis beside it. */
function Recording({
  meetingId,
  feedback,
}: {
  meetingId: string;
  feedback: NonNullable<MockFeedback['feedback']>;
}) {
  const meeting = useMeeting(meetingId);
  const hasZai = useHasZai();
  const insights = useMeetingInsights(meeting.data, hasZai);
  const position = useAuth().user?.position;
  const player = useRef<OfflinePlayerHandle>(null);
  const play = useCallback((t: number) => {
    player.current?.seek(t);
    player.current?.play();
  }, []);
  const moments = useMemo(
    () =>
      feedback.answers.flatMap((a) =>
        a.moment ? [{ ...a.moment, label: `Question ${a.question + 1}` }] : [],
      ),
    [feedback.answers],
  );
  const weakest = feedback.betterAnswer;
  return (
    <>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(300px,2fr)]">
        <OfflinePlayer
          ref={player}
          src={meeting.data?.storageLink ?? null}
          poster={meeting.data?.imageLink}
          highlights={moments}
          label="Your interview recording"
        />
        <Card>
          <CardContent className="p-2">
            <CandidateAnalysis
              insights={insights.data}
              loading={meeting.isPending || insights.isLoading}
              position={position}
              names={{}}
              onSeek={play}
            />
          </CardContent>
        </Card>
      </div>
      <Section title="Your answers">
        <div className="flex flex-col gap-3">
          {feedback.answers.length === 0 ? (
            <p className="text-sm text-muted">No answers were recorded in this interview.</p>
          ) : (
            feedback.answers.map((a) => (
              <AnswerFeedbackCard key={a.question} answer={a} onPlay={play} />
            ))
          )}
        </div>
      </Section>
      {weakest ? (
        <Section title="A better answer">
          <Card data-testid="better-answer">
            <CardContent className="flex flex-col gap-2 p-4">
              <p className="flex items-center gap-1.5 text-xs text-muted">
                <Sparkles className="size-3.5" aria-hidden />
                For your weakest answer, question {weakest.question + 1}: {weakest.questionText}
              </p>
              <p className="text-sm whitespace-pre-line text-fg">{weakest.text}</p>
              <p className="text-xs text-muted">
                {feedback.by === 'built-in'
                  ? 'Written by Parley’s built-in rules: the shape of a stronger answer, built on what you said.'
                  : `Written by ${feedback.by}. Check it says only what is true for you.`}
              </p>
            </CardContent>
          </Card>
        </Section>
      ) : null}
      <Section title="Practice goals">
        <GoalResults goals={feedback.goals} />
      </Section>
    </>
  );
}

/** Analysis still running (or stopped, or never started): where it stands. */
function Waiting({ data }: { data: MockFeedback }) {
  const meeting = useMeeting(data.meetingId ?? '');
  const status = useAnalysisStatus(meeting.data);
  const failed = data.analysisStatus === 'failed';
  const progress = status.data?.progress;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-6" role="status" aria-live="polite">
        <h2 className="text-lg font-semibold text-fg">
          {failed
            ? 'The analysis stopped'
            : data.analysisStatus === 'uploaded'
              ? R.notQueued
              : 'Analysis in progress'}
        </h2>
        <p className="text-sm text-muted">
          {failed || data.analysisStatus === 'uploaded'
            ? (data.statusReason ?? 'Open the meeting to see why.')
            : 'Your feedback appears here as soon as the recording has been analysed.'}
        </p>
        {!failed && data.analysisStatus !== 'uploaded' ? (
          <ProgressBar
            value={typeof progress === 'number' ? progress : undefined}
            label="Analysis progress"
          />
        ) : null}
        {typeof progress === 'number' && !failed ? (
          <p className="text-xs text-muted tabular-nums">{Math.round(progress)}% done</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Feedback on one mock interview (issue 19 item 6): /mock-interviews/:id/feedback. */
export default function MockInterviewFeedbackPage() {
  const { id = '' } = useParams();
  const feedback = useMockFeedback(id);
  const interview = useMockInterview(id);
  const back = (
    <Link to="/mock-interviews" className={buttonClasses('secondary')}>
      <ArrowLeft className="size-4" aria-hidden /> Mock interviews
    </Link>
  );
  if (feedback.isPending) return <PageSpinner />;
  if (feedback.isError) {
    return isApiError(feedback.error, 404) || isApiError(feedback.error, 400) ? (
      <EmptyState
        icon={FileQuestion}
        title="Mock interview not found"
        description="It may have been deleted, or it belongs to someone else."
        action={back}
      />
    ) : (
      <LoadError
        icon={MessageSquareText}
        what="The feedback"
        onRetry={() => void feedback.refetch()}
      />
    );
  }
  const data = feedback.data;
  const title = interview.data
    ? `Feedback: ${interview.data.jobRole} at ${interview.data.companyName}`
    : 'Feedback';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="What went well, what to practise next, and how you did on your goals."
        actions={back}
      />
      {data.feedback && data.meetingId ? (
        <Recording meetingId={data.meetingId} feedback={data.feedback} />
      ) : data.meetingId ? (
        <Waiting data={data} />
      ) : (
        <EmptyState
          icon={MessageSquareText}
          title="No recording yet"
          description="Take the interview first; its feedback appears here once it is analysed."
          action={
            <Link to={`/mock-interviews/${id}/run`} className={buttonClasses('primary')}>
              Take the interview
            </Link>
          }
        />
      )}
      <Section
        title="Your practice goals"
        description="Every interview analysed after you set a goal is scored against it."
      >
        <GoalsEditor />
      </Section>
    </div>
  );
}
