import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
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
import { failureMessage } from '../../lib/api';
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
import { AvatarStage, createSpeaker, speakAs, useAvatars } from '../avatars';
import { mockRun, useMockInterview } from './api';
import { createAnswerStreamer } from './answer-streamer';
import { openCamera, recordAnswer, startRecording, type MediaProblem } from './interview-media';
import { clock, initialRun, progressLabel, runReducer } from './run-state';
import { RunOutcome } from './RunOutcome';

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
  const [state, dispatch] = useReducer(
    runReducer,
    initialRun({
      total: questions.length,
      thinkSeconds: settings.thinkSeconds,
      answerSeconds: settings.answerSeconds,
      retakes: settings.retakes,
    }),
  );
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [starting, setStarting] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [finishTry, setFinishTry] = useState(0);
  const [handedIn, setHandedIn] = useState<{ queued: boolean; message: string } | null>(null);
  const speaker = useMemo(() => createSpeaker(), []);
  const stream = useRef<MediaStream | null>(null);
  const recording = useRef<ReturnType<typeof startRecording> | null>(null);
  const answer = useRef<ReturnType<typeof recordAnswer> | null>(null);
  // Where in the recording the answer being given began (its feedback plays from there).
  const answerStart = useRef<number | undefined>(undefined);
  const preview = useRef<HTMLVideoElement | null>(null);
  const doneButton = useRef<HTMLButtonElement | null>(null);
  const { phase, question, take, endedEarly } = state;
  const running = phase !== 'intro' && phase !== 'done' && phase !== 'failed';

  const release = useCallback(() => {
    answer.current?.cancel();
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);
  useEffect(
    () => () => {
      speaker.dispose();
      void recording.current?.stop();
      release();
    },
    [speaker, release],
  );

  // Leaving mid-interview loses only the last slice, but the seeker should know they are leaving.
  useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  async function begin() {
    setStarting(true);
    setProblem(null);
    const media = await openCamera();
    if (typeof media === 'string') {
      setProblem(media);
      setStarting(false);
      return;
    }
    stream.current = media;
    if (preview.current) preview.current.srcObject = media;
    try {
      const run = await mockRun.start(interview.id);
      recording.current = startRecording(media, run.nextChunk, (i, slice) =>
        mockRun.slice(interview.id, i, slice),
      );
      const first = questions.findIndex((_, i) => !run.answered.includes(i));
      const index = first < 0 ? 0 : first;
      dispatch({ type: 'start', index, first: questions[index]?.text ?? '' });
    } catch (err) {
      release();
      dispatch({ type: 'failed', message: failureMessage(err, 'The interview could not start') });
    } finally {
      setStarting(false);
    }
  }

  // The avatar asks; the countdown starts when it has finished (or at once without a voice).
  useEffect(() => {
    if (phase !== 'asking' || !question) return;
    let live = true;
    const spoken = () => live && dispatch({ type: 'spoken' });
    if (!avatar) {
      spoken();
      return;
    }
    speaker.enqueue(speakAs(avatar.id, question.text)).then(spoken, spoken);
    return () => {
      live = false;
    };
  }, [phase, question, avatar, speaker]);

  useEffect(() => {
    if (phase !== 'thinking' && phase !== 'answering') return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => clearInterval(timer);
  }, [phase]);

  // Each take of an answer has its own audio for the transcript.
  useEffect(() => {
    if (phase !== 'answering' || !stream.current) return;
    answer.current?.cancel();
    const asked = question;
    answer.current = recordAnswer(
      stream.current,
      asked
        ? createAnswerStreamer((index, slice) =>
            mockRun.answerSlice(interview.id, asked.index, asked.followUp, index, slice),
          )
        : undefined,
    );
    answerStart.current = recording.current?.elapsedMs();
    doneButton.current?.focus();
  }, [phase, take, question, interview.id]);

  useEffect(() => {
    if (phase !== 'submitting' || !question) return;
    let live = true;
    const take = answer.current;
    answer.current = null;
    void (async () => {
      const audio = take ? await take.stop() : new Blob();
      try {
        const moment = { startMs: answerStart.current, endMs: recording.current?.elapsedMs() };
        const result = await mockRun.answer(
          interview.id,
          question.index,
          question.followUp,
          audio,
          moment,
        );
        if (live) dispatch({ type: 'answered', next: result.next });
      } catch {
        // Without a transcript there is no follow-up; the interview goes on.
        const nextIndex = question.index + 1;
        const next = questions[nextIndex];
        if (live)
          dispatch({
            type: 'answered',
            next: next
              ? { kind: 'question', index: nextIndex, text: next.text }
              : { kind: 'done', index: questions.length, text: '' },
          });
      }
    })();
    return () => {
      live = false;
    };
  }, [phase, question, interview.id, questions]);

  useEffect(() => {
    if (phase !== 'finishing') return;
    let live = true;
    speaker.stop();
    void (async () => {
      try {
        await recording.current?.stop();
        await recording.current?.uploader.drain();
        const done = await mockRun.finish(interview.id, endedEarly);
        release();
        if (!live) return;
        setHandedIn({ queued: done.queued, message: done.message });
        dispatch({ type: 'finished', meetingId: done.meetingId });
      } catch (err) {
        if (live)
          dispatch({
            type: 'failed',
            message: failureMessage(err, 'The recording could not be handed in'),
          });
      }
    })();
    return () => {
      live = false;
    };
  }, [phase, finishTry, endedEarly, interview.id, speaker, release]);

  const playing = useCallback(() => speaker.current(), [speaker]);
  const countdown = phase === 'thinking' || phase === 'answering';
  const total = phase === 'thinking' ? settings.thinkSeconds : settings.answerSeconds;

  if (phase === 'done' && state.meetingId) {
    return (
      <RunOutcome
        interviewId={interview.id}
        meetingId={state.meetingId}
        endedEarly={endedEarly}
        handedIn={handedIn}
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
                <Button onClick={() => void begin()} loading={starting}>
                  <Play aria-hidden /> {problem ? 'Try again' : 'Start interview'}
                </Button>
              </div>
            </>
          ) : phase === 'failed' ? (
            <div role="alert" className="flex flex-col items-start gap-3">
              <p className="text-sm text-danger">{state.error}</p>
              {recording.current && (
                <Button
                  onClick={() => {
                    dispatch({ type: 'endEarly' });
                    setFinishTry((n) => n + 1);
                  }}
                >
                  Try handing it in again
                </Button>
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
          dispatch({ type: 'endEarly' });
        }}
      />
    </div>
  );
}
