import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ArrowLeft,
  CameraOff,
  Circle,
  MessagesSquare,
  Play,
  RotateCcw,
  Square,
} from 'lucide-react';
import { MOCK_RUN_MESSAGES as R, type Avatar, type MockInterview } from '@parley/contracts';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  Badge,
  Button,
  buttonClasses,
  Card,
  CardContent,
  ConfirmDialog,
  LoadError,
  PageHeader,
  ProgressBar,
  Skeleton,
} from '../../ui';
import { AvatarStage, useAvatars } from '../avatars';
import { useMockInterview } from './api';
import { clock, progressLabel } from './run-state';
import { RunOutcome } from './RunOutcome';
import { useInterviewRun } from './use-interview-run';

/** The interviewer: the organisation's default avatar when it interviews, else any ready one. */
function pickInterviewer(avatars: readonly Avatar[]): Avatar | null {
  const ready = avatars.filter((a) => a.status === 'ready');
  return (
    ready.find((a) => a.isDefault && a.avatarRole === 'interviewer') ??
    ready.find((a) => a.avatarRole === 'interviewer') ??
    ready[0] ??
    null
  );
}

/** /mock-interviews/:id/run: the interview itself. */
export default function MockInterviewRunPage() {
  const { id } = useParams();
  const interview = useMockInterview(id);
  const avatars = useAvatars();
  useDocumentTitle('Mock interview');
  const back = (
    <Link to="/mock-interviews" className={buttonClasses('ghost')}>
      <ArrowLeft className="size-4" aria-hidden /> Mock interviews
    </Link>
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={
          interview.data
            ? `${interview.data.jobRole} at ${interview.data.companyName}`
            : 'Mock interview'
        }
        description={interview.data ? `${interview.data.level} · mock interview` : undefined}
        actions={back}
      />
      {interview.isPending || avatars.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading">
          <Skeleton className="aspect-square" />
          <Skeleton className="aspect-video" />
        </div>
      ) : interview.isError ? (
        <LoadError
          icon={MessagesSquare}
          what="This mock interview"
          onRetry={() => void interview.refetch()}
        />
      ) : (
        <Runner interview={interview.data} avatar={pickInterviewer(avatars.data ?? [])} />
      )}
    </div>
  );
}

function Runner({ interview, avatar }: { interview: MockInterview; avatar: Avatar | null }) {
  const { settings, questions } = interview;
  const run = useInterviewRun(interview, avatar);
  const { state, dispatch, running, problem, preview, doneButton, playing } = run;
  const [confirmEnd, setConfirmEnd] = useState(false);
  const { phase, question, endedEarly } = state;
  const countdown = phase === 'thinking' || phase === 'answering';
  const total = phase === 'thinking' ? settings.thinkSeconds : settings.answerSeconds;

  if (phase === 'done' && state.meetingId) {
    return (
      <RunOutcome
        interviewId={interview.id}
        meetingId={state.meetingId}
        endedEarly={endedEarly}
        handedIn={run.handedIn}
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="mx-auto grid w-full max-w-4xl gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          {avatar ? (
            <AvatarStage avatar={avatar} playing={playing} className="w-full" />
          ) : (
            <div className="flex aspect-square items-center justify-center rounded-lg bg-surface-2 p-6 text-center text-sm text-muted">
              No interviewer avatar is set up; the questions are shown as text.
            </div>
          )}
        </div>
        <div className="relative overflow-hidden rounded-lg bg-surface-2">
          <video
            ref={preview}
            muted
            playsInline
            autoPlay
            aria-label="Your camera"
            className="aspect-video w-full -scale-x-100 object-cover md:aspect-square"
          />
          {phase === 'answering' && (
            <span className="absolute top-3 left-3 flex items-center gap-1.5 rounded-full bg-surface/90 px-2.5 py-1 text-xs font-medium text-danger">
              <Circle className="size-3 fill-current" aria-hidden /> Recording your answer
            </span>
          )}
          {!running && phase !== 'failed' && (
            <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-muted">
              {problem ? null : 'Your camera shows here once you start.'}
            </div>
          )}
        </div>
      </div>

      {problem && (
        <div role="alert" className="flex items-start gap-3 rounded-lg border border-danger/40 p-4">
          <CameraOff className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
          <p className="text-sm text-fg">
            {problem === 'refused'
              ? R.cameraRefused
              : 'No camera or microphone could be opened. Check that one is connected and not in use by another app, then try again.'}
          </p>
        </div>
      )}

      <Card>
        <CardContent className="flex flex-col gap-4 p-5">
          {phase === 'intro' ? (
            <>
              <p className="text-sm text-muted">
                {questions.length} questions · {settings.thinkSeconds}s to think ·{' '}
                {clock(settings.answerSeconds)} to answer each ·{' '}
                {settings.retakes === 1 ? '1 retake' : `${settings.retakes} retakes`} per question.
                Short or vague answers get a follow-up. Your camera and microphone are recorded and
                analysed afterwards.
              </p>
              <div>
                <Button onClick={run.begin} loading={run.starting}>
                  <Play aria-hidden /> {problem ? 'Try again' : 'Start interview'}
                </Button>
              </div>
            </>
          ) : phase === 'failed' ? (
            <div role="alert" className="flex flex-col items-start gap-3">
              <p className="text-sm text-danger">{state.error}</p>
              {run.handInAgain && (
                <Button onClick={run.handInAgain}>Try handing it in again</Button>
              )}
            </div>
          ) : phase === 'finishing' ? (
            <p className="text-sm text-muted" role="status">
              Uploading the last of your recording…
            </p>
          ) : (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Badge tone="accent">{progressLabel(state)}</Badge>
                {countdown && (
                  <span className="text-sm text-muted tabular-nums">
                    {phase === 'thinking' ? 'Think' : 'Answer'} · {clock(state.secondsLeft)}
                  </span>
                )}
              </div>
              <p className="text-lg font-medium text-fg" aria-live="polite">
                {question?.text}
              </p>
              {countdown && (
                <ProgressBar
                  value={(state.secondsLeft / Math.max(1, total)) * 100}
                  label={phase === 'thinking' ? 'Think time left' : 'Answer time left'}
                  tone={phase === 'answering' ? 'danger' : 'accent'}
                />
              )}
              <div className="flex flex-wrap gap-2">
                {phase === 'asking' && (
                  <p className="text-sm text-muted">Listen to the question…</p>
                )}
                {phase === 'thinking' && (
                  <Button onClick={() => dispatch({ type: 'startAnswer' })}>
                    <Play aria-hidden /> Start answering
                  </Button>
                )}
                {phase === 'answering' && (
                  <>
                    <Button ref={doneButton} onClick={() => dispatch({ type: 'doneAnswering' })}>
                      <Square aria-hidden /> Done answering
                    </Button>
                    {state.retakesLeft > 0 && (
                      <Button variant="secondary" onClick={() => dispatch({ type: 'retake' })}>
                        <RotateCcw aria-hidden /> Retake ({state.retakesLeft} left)
                      </Button>
                    )}
                  </>
                )}
                {phase === 'submitting' && (
                  <p className="text-sm text-muted" role="status">
                    Listening back to your answer…
                  </p>
                )}
                <Button variant="ghost" className="ml-auto" onClick={() => setConfirmEnd(true)}>
                  End early
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title="End the interview now?"
        description="What you have recorded so far is analysed; the remaining questions are skipped."
        confirmLabel="End interview"
        onConfirm={() => {
          setConfirmEnd(false);
          run.endEarly();
        }}
      />
    </div>
  );
}
