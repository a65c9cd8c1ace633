import {
  PARTICIPANT_MESSAGES as P,
  type BiometricResult,
  type BiometricRun,
  type Participant,
} from '@parley/contracts';
import type { Verdict } from './engine.js';
import type { ParticipantRow } from './repo.js';
import type { RunRow } from './run-repo.js';

export function toParticipant(row: ParticipantRow): Participant {
  return {
    participantId: row.id,
    email: row.email,
    name: row.name,
    meetingId: row.meetingId,
    isHr: row.isHr,
    applicantId: row.applicantId,
    participantRegistrationStatus: row.status === 'processed' ? 'processed' : 'in_progress',
    faceRegistered: row.status === 'processed',
    voiceRegistered: false,
    invitedAt: row.createdAt.toISOString(),
    registeredAt: row.registeredAt?.toISOString() ?? null,
  };
}

/** "Verified: …" and friends; the voice is always named as the weak signal it is. */
export function messageOf(name: string, v: Verdict): string {
  const who = name || 'the participant';
  const face =
    v.status === 'verified'
      ? `Verified: the face in the video matches ${who}'s registration (similarity ${v.face!.similarity.toFixed(2)}).`
      : v.status === 'mismatch'
        ? `Mismatch: the face in the video does not match ${who}'s registration (best similarity ${v.face!.similarity.toFixed(2)}).`
        : 'No face was seen in the video, so the participant could not be verified.';
  const voice = v.voice
    ? ` Voice (weak signal, not used to verify): ${v.voice.likelySame ? 'similar' : 'not similar'} to the registration.`
    : '';
  return face + voice;
}

/** The result of a participant who has no templates: spec 2 §8 'Not registered', check -1. */
export function notRegistered(
  row: ParticipantRow,
  meetingId: string,
  inferenceId: string | null,
  at: Date,
): BiometricResult {
  return {
    meetingId,
    inferenceId,
    subjectId: row.id,
    subjectName: row.name || row.email,
    speaker: null,
    status: 'not_registered',
    registrationCheck: -1,
    verificationMessage: P.notRegistered,
    videoTimeStamp: null,
    face: null,
    voice: null,
    image: null,
    audio: null,
    mismatchedEvents: [],
    verifiedAt: at.toISOString(),
  };
}

/** The status document of a meeting's verification run; 'idle' before its first. */
export function runStatusOf(meetingId: string, run: RunRow | null): BiometricRun {
  return {
    meetingId,
    runId: run?.runId ?? null,
    status: run?.state ?? 'idle',
    stage: run?.stage ?? null,
    progress: run?.progress ?? 0,
    attempts: run?.attempts ?? 0,
    error: run?.error ?? null,
    subjectId: run?.participantId ?? null,
    startedAt: run?.startedAt?.toISOString() ?? null,
    finishedAt: run?.finishedAt?.toISOString() ?? null,
  };
}
