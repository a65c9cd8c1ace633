import type { MockNext } from '@parley/contracts';

/**
 * The mock interview as it runs (issue 19 item 5): the avatar asks, the seeker thinks, then
 * answers against the clock; the server says what comes next (a follow-up on a short or vague
 * answer, the next question, or the end). Pure, so every turn of it is tested.
 */
export type RunPhase =
  'intro' | 'asking' | 'thinking' | 'answering' | 'submitting' | 'finishing' | 'done' | 'failed';

export interface RunQuestion {
  /** The interview's question this belongs to (a follow-up keeps its question's). */
  index: number;
  text: string;
  followUp: boolean;
}

export interface RunSettings {
  total: number;
  thinkSeconds: number;
  answerSeconds: number;
  /** Retakes per question. */
  retakes: number;
}

export interface RunState {
  phase: RunPhase;
  settings: RunSettings;
  question: RunQuestion | null;
  /** Seconds left on the running countdown (think or answer). */
  secondsLeft: number;
  retakesLeft: number;
  /** Bumped on each retake, so the page restarts the answer's recording. */
  take: number;
  endedEarly: boolean;
  meetingId: string | null;
  error: string | null;
}

export type RunAction =
  | { type: 'start'; index: number; first: string }
  | { type: 'spoken' }
  | { type: 'tick' }
  | { type: 'startAnswer' }
  | { type: 'doneAnswering' }
  | { type: 'retake' }
  | { type: 'answered'; next: MockNext }
  | { type: 'endEarly' }
  | { type: 'finished'; meetingId: string }
  | { type: 'failed'; message: string };

export function initialRun(settings: RunSettings): RunState {
  return {
    phase: 'intro',
    settings,
    question: null,
    secondsLeft: 0,
    retakesLeft: settings.retakes,
    take: 0,
    endedEarly: false,
    meetingId: null,
    error: null,
  };
}

const answering = (s: RunState): RunState => ({
  ...s,
  phase: 'answering',
  secondsLeft: s.settings.answerSeconds,
});

const thinking = (s: RunState): RunState =>
  s.settings.thinkSeconds > 0
    ? { ...s, phase: 'thinking', secondsLeft: s.settings.thinkSeconds }
    : answering(s);

export function runReducer(s: RunState, a: RunAction): RunState {
  switch (a.type) {
    case 'start':
      if (s.phase !== 'intro') return s;
      return {
        ...s,
        phase: 'asking',
        question: { index: a.index, text: a.first, followUp: false },
      };
    case 'spoken':
      return s.phase === 'asking' ? thinking(s) : s;
    case 'startAnswer':
      return s.phase === 'thinking' ? answering(s) : s;
    case 'tick':
      if (s.phase !== 'thinking' && s.phase !== 'answering') return s;
      if (s.secondsLeft > 1) return { ...s, secondsLeft: s.secondsLeft - 1 };
      // Time is up: thinking turns into answering, answering hands the answer in.
      return s.phase === 'thinking' ? answering(s) : { ...s, phase: 'submitting', secondsLeft: 0 };
    case 'doneAnswering':
      return s.phase === 'answering' ? { ...s, phase: 'submitting', secondsLeft: 0 } : s;
    case 'retake':
      if (s.phase !== 'answering' || s.retakesLeft <= 0) return s;
      return { ...answering(s), retakesLeft: s.retakesLeft - 1, take: s.take + 1 };
    case 'answered': {
      if (s.phase !== 'submitting') return s;
      if (a.next.kind === 'done') return { ...s, phase: 'finishing', question: null };
      const followUp = a.next.kind === 'follow-up';
      return {
        ...s,
        phase: 'asking',
        question: { index: a.next.index, text: a.next.text, followUp },
        // A new question comes with its own retakes; a follow-up shares its question's.
        retakesLeft: followUp ? s.retakesLeft : s.settings.retakes,
      };
    }
    case 'endEarly':
      if (s.phase === 'intro' || s.phase === 'finishing' || s.phase === 'done') return s;
      return { ...s, phase: 'finishing', endedEarly: true };
    case 'finished':
      return { ...s, phase: 'done', meetingId: a.meetingId, error: null };
    case 'failed':
      return { ...s, phase: 'failed', error: a.message };
  }
}

/** "Question 2 of 5", and "follow-up" for a question's follow-up. */
export function progressLabel(s: RunState): string {
  if (!s.question) return '';
  const base = `Question ${s.question.index + 1} of ${s.settings.total}`;
  return s.question.followUp ? `${base} · follow-up` : base;
}

/** 125 → "2:05". */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return `${m}:${String(seconds % 60).padStart(2, '0')}`;
}
