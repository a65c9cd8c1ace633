import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Avatar, MockInterview } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { createSpeaker, speakAs } from '../avatars';
import { mockRun } from './api';
import { createAnswerStreamer } from './answer-streamer';
import { openCamera, recordAnswer, startRecording, type MediaProblem } from './interview-media';
import { initialRun, runReducer } from './run-state';

/**
 * The mock interview's side effects around the pure run-state reducer (issue 19 item 5): the
 * camera and the whole recording, the avatar asking, the countdown, each answer's own audio
 * (streamed while spoken) and its submission, and handing the recording in at the end. The page
 * only renders what this returns.
 */
export function useInterviewRun(interview: MockInterview, avatar: Avatar | null) {
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
  // Whether the whole recording began: only then is there something to hand in again.
  const [recordingStarted, setRecordingStarted] = useState(false);
  const [finishTry, setFinishTry] = useState(0);
  const [handedIn, setHandedIn] = useState<{ queued: boolean; message: string } | null>(null);
  const speaker = useMemo(() => createSpeaker(), []);
  const stream = useRef<MediaStream | null>(null);
  const recording = useRef<ReturnType<typeof startRecording> | null>(null);
  const answer = useRef<ReturnType<typeof recordAnswer> | null>(null);
  // Where in the recording the answer being given began (its feedback plays from there).
  const answerStart = useRef<number | undefined>(undefined);
  // The next planned question's speech, asked for while the answer is being transcribed.
  const nextSpeech = useRef<{ text: string; clip: ReturnType<typeof speakAs> } | null>(null);
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
      setRecordingStarted(true);
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
    const ready = nextSpeech.current;
    nextSpeech.current = null;
    const clip = ready?.text === question.text ? ready.clip : speakAs(avatar.id, question.text);
    speaker.enqueue(clip).then(spoken, spoken);
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
    // The turn's wait (issue 19: under 1.5 s) is the transcript, then the next question's
    // speech: the planned next question is synthesised meanwhile, used unless a follow-up comes.
    const planned = questions[question.index + 1];
    if (avatar && planned) {
      const clip = speakAs(avatar.id, planned.text);
      clip.catch(() => undefined); // Asked again when it is needed.
      nextSpeech.current = { text: planned.text, clip };
    } else nextSpeech.current = null;
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
  }, [phase, question, interview.id, questions, avatar]);

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

  return {
    state,
    dispatch,
    running,
    problem,
    starting,
    handedIn,
    /** The seeker's camera preview and the button focused when an answer starts. */
    preview,
    doneButton,
    /** What the avatar is saying now, for its mouth. */
    playing,
    begin: () => void begin(),
    /** After a failed hand-in, when there is a recording to hand in. */
    handInAgain: recordingStarted
      ? () => {
          dispatch({ type: 'endEarly' });
          setFinishTry((n) => n + 1);
        }
      : null,
    endEarly: () => dispatch({ type: 'endEarly' }),
  };
}
