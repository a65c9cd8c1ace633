import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  blockFeatures,
  compareFaces,
  configuredSpeakerEmbedder,
  detectFacesInImage,
  detectSpeech,
  MediaError,
  SAME_PERSON_THRESHOLD,
  SAMPLE_RATE,
  type FaceTemplate,
} from '@parley/analysis';
import {
  LIVE_INFERENCE_EVENTS as E,
  LIVE_INFERENCE_MESSAGES as M,
  type LiveBiometricResult,
  type liveVerifyBody,
} from '@parley/contracts';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import { compareAnyVoice, type Verdict } from './engine.js';
import type { ParticipantsRepo } from './repo.js';
import { openTemplates } from './templates.js';
import { messageOf } from './view.js';

/** What the live call gives verification: only its audio reaches the server. */
export interface LiveAudioSource {
  isLive(meetingId: string): boolean;
  recentAudio(meetingId: string, name: string): { pcm: Float32Array; startSec: number } | null;
}

export interface LiveVerifyDeps {
  repo: ParticipantsRepo;
  secrets: SecretBox;
  broadcaster: MeetingBroadcaster;
  visible: (caller: Caller, meetingId: string) => Promise<unknown>;
  live: LiveAudioSource;
  now: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The voice is taken from this much before voiceTimeStamp to this much after it. */
const VOICE_BEFORE_SEC = 10;
const VOICE_AFTER_SEC = 2;
const round2 = (v: number) => Math.round(v * 100) / 100;

type Body = z.infer<typeof liveVerifyBody>;

/** The largest face of a still the requester's browser took of the subject's video tile. */
async function faceOfStill(base64: string): Promise<number[] | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'parley-live-face-'));
  try {
    const file = path.join(dir, 'still.jpg');
    await writeFile(file, Buffer.from(base64, 'base64'));
    const { faces } = await detectFacesInImage(file);
    return faces.find((f) => f.embedding.length > 0)?.embedding ?? null;
  } catch (err) {
    // A still that is not an image counts as no face, not as a failure of the server.
    if (err instanceof MediaError) return null;
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Live biometric verification (spec 2 §5, §7, §8): a registered participant against the call
 * as it is now. The face decides, from a still of the subject's tile (the server has no video
 * of a live call); the voice, from the subject's own live audio around voiceTimeStamp, is
 * reported beside it as a weak signal, as offline.
 */
export function createLiveVerification(deps: LiveVerifyDeps) {
  const { repo, now } = deps;

  async function judge(
    body: Required<Omit<Body, 'faceImage'>> & { faceImage?: string },
    template: { face: FaceTemplate | null; voice: Parameters<typeof compareAnyVoice>[0] | null },
  ): Promise<LiveBiometricResult> {
    let face: Verdict['face'] = null;
    if (template.face && body.faceImage) {
      const embedding = await faceOfStill(body.faceImage);
      if (embedding) {
        const { similarity } = await compareFaces(template.face, embedding);
        face = {
          similarity: round2(similarity),
          threshold: SAME_PERSON_THRESHOLD,
          samePerson: similarity >= SAME_PERSON_THRESHOLD,
        };
      }
    }
    let voice: Verdict['voice'] = null;
    let voiceSeconds = 0;
    const audio = template.voice ? deps.live.recentAudio(body.meetingId, body.subjectName) : null;
    if (template.voice && audio) {
      const from = Math.max(0, body.voiceTimeStamp - VOICE_BEFORE_SEC - audio.startSec);
      const to = body.voiceTimeStamp + VOICE_AFTER_SEC - audio.startSec;
      const pcm = audio.pcm.subarray(
        Math.round(from * SAMPLE_RATE),
        Math.max(0, Math.round(to * SAMPLE_RATE)),
      );
      if (pcm.length > 0) {
        const speech = await detectSpeech(pcm);
        voiceSeconds = round2(speech.reduce((s, r) => s + r.end - r.start, 0));
        if (speech.length > 0)
          voice = compareAnyVoice(
            template.voice,
            { pcm, blocks: blockFeatures(pcm) },
            speech,
            await configuredSpeakerEmbedder(),
          );
      }
    }
    const status = face === null ? 'no_face' : face.samePerson ? 'verified' : 'mismatch';
    const verdict = { status, face, voice } as Verdict;
    const message =
      status === 'no_face'
        ? body.faceImage
          ? 'No face was seen in the picture of the participant, so they could not be verified.'
          : 'No picture of the participant was sent, so their face could not be verified.'
        : messageOf(body.subjectName, verdict).replace(/in the video/g, 'in the call');
    return {
      meetingId: body.meetingId,
      inferenceId: body.inferenceId,
      subjectId: body.subjectId,
      subjectName: body.subjectName,
      status,
      verificationMessage: message,
      face,
      voice,
      voiceTimeStamp: body.voiceTimeStamp,
      voiceSeconds,
      verifiedAt: now().toISOString(),
    };
  }

  return {
    async verify(caller: Caller, body: Body): Promise<LiveBiometricResult> {
      const { subjectId, meetingId, subjectName, inferenceId, voiceTimeStamp } = body;
      if (!subjectId || !meetingId || !subjectName || !inferenceId || voiceTimeStamp === undefined)
        throw badRequest(M.missingFields);
      if (!UUID.test(meetingId)) throw notFound();
      await deps.visible(caller, meetingId);
      if (!deps.live.isLive(meetingId)) throw conflict(M.notLive);
      const participant = UUID.test(subjectId)
        ? await repo.byId(caller.organizationId, subjectId)
        : null;
      if (!participant) throw notFound(M.notRegistered);
      const full = { ...body, subjectId, meetingId, subjectName, inferenceId, voiceTimeStamp };
      let result: LiveBiometricResult;
      try {
        const template =
          participant.status === 'processed'
            ? await openTemplates(repo, deps.secrets, participant)
            : { face: null, voice: null };
        result =
          !template.face && !template.voice
            ? {
                meetingId,
                inferenceId,
                subjectId,
                subjectName,
                status: 'not_registered',
                verificationMessage: M.notRegistered,
                face: null,
                voice: null,
                voiceTimeStamp,
                voiceSeconds: 0,
                verifiedAt: now().toISOString(),
              }
            : await judge(full, template);
      } catch (err) {
        if (err instanceof AppError) throw err;
        const reason = err instanceof Error ? err.message : String(err);
        throw new AppError(500, `${M.verifyErrorPrefix}${reason}`);
      }
      deps.broadcaster.toMeeting(meetingId, E.biometrics, result);
      return result;
    },
  };
}
export type LiveVerification = ReturnType<typeof createLiveVerification>;
