import {
  PARTICIPANT_MESSAGES as P,
  type BiometricResult,
  type BiometricRun,
  type Participant,
  type RegistrationResult,
} from '@parley/contracts';
import type { FaceTemplate } from '@parley/analysis';
import { deriveKey, hmacHex, randomToken } from '../../platform/crypto.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { MeetingsService } from '../meetings/index.js';
import type { BiometricEngine } from './engine.js';
import type { ParticipantRow, ParticipantsRepo } from './repo.js';
import { openTemplates, sealContext } from './templates.js';
import type { Verification } from './verification.js';
import { toParticipant } from './view.js';
import type { Caller } from '../../platform/http/caller.js';

export interface BiometricsDeps {
  repo: ParticipantsRepo;
  meetings: MeetingsService;
  secrets: SecretBox;
  mailer: Mailer;
  engine: Pick<BiometricEngine, 'templatesFromClip'>;
  /** Offline verification runs (background jobs). */
  verification: Verification;
  appSecret: string;
  publicUrl: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Participant invitations, registration of face and voice templates (sealed at rest under the
 * organisation and participant) and offline verification of a meeting against them. Staff
 * work inside their own organisation; the two routes without sign-in find the invitation by
 * the organisation in the path and the HMAC of the link's random token.
 */
export function createBiometricsService(deps: BiometricsDeps) {
  const { repo, secrets, now } = deps;
  const tokenKey = deriveKey(deps.appSecret, 'participant-invite');
  const hashOf = (token: string) => hmacHex(tokenKey, token);

  async function own(auth: Caller, email: string): Promise<ParticipantRow> {
    const row = await repo.byEmail(auth.organizationId, email.trim().toLowerCase());
    if (!row) throw notFound(P.notRegistered);
    return row;
  }

  async function managedMeeting(auth: Caller, meetingId: string) {
    const meeting = await deps.meetings.visible(auth, meetingId);
    if (!deps.meetings.canManage(auth, meeting)) throw forbidden(P.forbidden);
    return meeting;
  }

  async function sendInvitation(row: ParticipantRow, token: string): Promise<void> {
    const link = `${deps.publicUrl}/participants/invite-form/${row.organizationId}/${token}`;
    try {
      await deps.mailer.send({
        to: row.email,
        subject: 'Register your face and voice for your Parley meeting',
        text: `Hello${row.name ? ` ${row.name}` : ''},\n\nYou have been invited to register your face and voice for a meeting. Open this link, allow the camera and microphone, and record a short clip (about 5 seconds):\n\n${link}\n\nThe link is personal; do not share it.`,
      });
    } catch (err) {
      deps.log.warn({ err, participantId: row.id }, 'invitation e-mail failed');
      throw new AppError(502, P.sendFailed);
    }
  }

  async function view(row: ParticipantRow): Promise<Participant> {
    const kinds = new Set((await repo.templates(row.id)).map((t) => t.kind));
    return {
      ...toParticipant(row),
      faceRegistered: kinds.has('face'),
      voiceRegistered: kinds.has('voice'),
    };
  }

  return {
    async invite(
      auth: Caller,
      body: {
        email: string;
        name: string;
        meetingId?: string;
        isHr: boolean;
        applicantId?: string;
      },
    ): Promise<Participant> {
      if (body.meetingId) await managedMeeting(auth, body.meetingId);
      const token = randomToken();
      const values = {
        name: body.name,
        meetingId: body.meetingId ?? null,
        isHr: body.isHr,
        applicantId: body.applicantId ?? null,
        tokenHash: hashOf(token),
        invitedBy: auth.userId,
        updatedAt: now(),
      };
      const existing = await repo.byEmail(auth.organizationId, body.email);
      let row: ParticipantRow;
      try {
        row = existing
          ? await repo.update(existing.id, values)
          : await repo.insert({
              ...values,
              organizationId: auth.organizationId,
              email: body.email,
              createdAt: now(),
            });
      } catch (err) {
        deps.log.warn({ err }, 'participant could not be saved');
        throw new AppError(500, P.inviteFailed);
      }
      await sendInvitation(row, token);
      return view(row);
    },

    /**
     * The HR workflow's registration link for a candidate (spec 2 §7 interview/send-invitation):
     * creates or refreshes their participant invitation (a new token, so an older link stops
     * working) and answers the link without mailing it; the interviews module sends one e-mail
     * with the next round's details. A participant already tied to a meeting keeps that meeting.
     */
    async hrInvitationLink(
      auth: Caller,
      candidate: { email: string; name: string; applicantId: string },
    ): Promise<string> {
      const token = randomToken();
      const email = candidate.email.trim().toLowerCase();
      const values = {
        name: candidate.name,
        isHr: true,
        applicantId: candidate.applicantId,
        tokenHash: hashOf(token),
        invitedBy: auth.userId,
        updatedAt: now(),
      };
      const existing = await repo.byEmail(auth.organizationId, email);
      const row = existing
        ? await repo.update(existing.id, values)
        : await repo.insert({
            ...values,
            meetingId: null,
            organizationId: auth.organizationId,
            email,
            createdAt: now(),
          });
      return `${deps.publicUrl}/participants/invite-form/hr-workflow/${row.organizationId}/${token}/${encodeURIComponent(candidate.applicantId)}`;
    },

    async list(auth: Caller, meetingId?: string): Promise<Participant[]> {
      return Promise.all((await repo.list(auth.organizationId, meetingId)).map(view));
    },

    get: async (auth: Caller, email: string) => view(await own(auth, email)),

    /**
     * For the reports, which checked the meeting's visibility first: the participants invited
     * to a meeting, and one participant of the organisation by e-mail (the candidate's record).
     */
    async participantsOf(meeting: { id: string; organizationId: string }): Promise<Participant[]> {
      return Promise.all((await repo.list(meeting.organizationId, meeting.id)).map(view));
    },
    async participantByEmail(organizationId: string, email: string): Promise<Participant | null> {
      const row = await repo.byEmail(organizationId, email.trim().toLowerCase());
      return row ? view(row) : null;
    },

    async patch(
      auth: Caller,
      email: string,
      body: {
        name?: string;
        meetingId?: string | null;
        isHr?: boolean;
        applicantId?: string | null;
      },
    ): Promise<Participant> {
      const row = await own(auth, email);
      if (body.meetingId) await managedMeeting(auth, body.meetingId);
      return view(await repo.update(row.id, { ...body, updatedAt: now() }));
    },

    async remove(auth: Caller, email: string) {
      await repo.remove((await own(auth, email)).id);
      return { message: P.deleted };
    },

    /** No sign-in: only whether the link is open, and its registration status. */
    async check(orgId: string, token: string) {
      const row =
        UUID.test(orgId) && TOKEN.test(token) ? await repo.byToken(orgId, hashOf(token)) : null;
      return {
        valid: row !== null,
        participantRegistrationStatus: row
          ? toParticipant(row).participantRegistrationStatus
          : null,
      };
    },

    /** No sign-in: templates from the clip at `file` (a temporary copy, removed by the caller). */
    async register(
      orgId: string,
      token: string,
      file: string,
      fields: { isHr?: boolean; applicantId?: string },
    ): Promise<RegistrationResult> {
      const row =
        UUID.test(orgId) && TOKEN.test(token) ? await repo.byToken(orgId, hashOf(token)) : null;
      if (!row) throw notFound(P.invalidLink);
      const { face, voice } = await deps.engine.templatesFromClip(file);
      if (!face) throw badRequest(P.noFace);
      const put = (kind: 'face' | 'voice', template: unknown) =>
        repo.putTemplate(
          {
            participantId: row.id,
            organizationId: row.organizationId,
            kind,
            sealed: secrets.seal(template, sealContext(row, kind)),
          },
          now(),
        );
      await put('face', face);
      if (voice) await put('voice', voice);
      else await repo.removeTemplate(row.id, 'voice');
      const updated = await repo.update(row.id, {
        status: 'processed',
        registeredAt: now(),
        updatedAt: now(),
        ...(fields.isHr !== undefined ? { isHr: fields.isHr } : {}),
        ...(fields.applicantId ? { applicantId: fields.applicantId } : {}),
      });
      await deps.mailer
        .send({
          to: row.email,
          subject: P.registered,
          text: `${P.registeredText}\n\nYou can close the registration page.`,
        })
        .catch((err: unknown) =>
          deps.log.warn({ err, participantId: row.id }, 'confirmation e-mail failed'),
        );
      return {
        participantRegistrationStatus: toParticipant(updated).participantRegistrationStatus,
        faceRegistered: true,
        voiceRegistered: voice !== null,
        message: P.registered,
      };
    },

    /** Queues the verification of the meeting's participants; answers with the run's status. */
    async startBiometric(auth: Caller, meetingId: string): Promise<BiometricRun> {
      const meeting = await managedMeeting(auth, meetingId);
      return deps.verification.start(meeting, {
        organizationId: auth.organizationId,
        participant: null,
        inferenceId: meeting.id,
        requestedBy: auth.userId,
      });
    },

    /** One participant (by id or e-mail); 404 'Not registered' at once when they have no face. */
    async verify(
      auth: Caller,
      body: { subjectId: string; meetingId: string; inferenceId: string },
    ): Promise<BiometricRun> {
      const meeting = await managedMeeting(auth, body.meetingId);
      const row = UUID.test(body.subjectId)
        ? await repo.byId(auth.organizationId, body.subjectId)
        : await repo.byEmail(auth.organizationId, body.subjectId.trim().toLowerCase());
      const hasFace = row && (await repo.templates(row.id)).some((t) => t.kind === 'face');
      if (!row || row.status !== 'processed' || !hasFace) throw notFound(P.notRegistered);
      return deps.verification.start(meeting, {
        organizationId: auth.organizationId,
        participant: row,
        inferenceId: body.inferenceId,
        requestedBy: auth.userId,
      });
    },

    /** Status and progress of the meeting's verification: anyone who can see the meeting. */
    async biometricStatus(auth: Caller, meetingId: string): Promise<BiometricRun> {
      const meeting = await deps.meetings.visible(auth, meetingId);
      return deps.verification.status(meeting.id);
    },

    async data(auth: Caller, meetingId: string): Promise<BiometricResult[]> {
      const meeting = await deps.meetings.visible(auth, meetingId);
      return repo.results(meeting.id);
    },

    /**
     * For the video step's proctoring (no caller: the worker asks for its own meeting): the
     * registered face of the meeting's candidate, when exactly one participant who is not HR
     * has registered one. With several candidates there is no one face to hold the video to.
     */
    async candidateFaceTemplate(meeting: {
      id: string;
      organizationId: string;
    }): Promise<FaceTemplate | null> {
      const candidates = (await repo.list(meeting.organizationId, meeting.id)).filter(
        (row) => row.status === 'processed' && !row.isHr,
      );
      if (candidates.length !== 1) return null;
      return (await openTemplates(repo, secrets, candidates[0]!)).face;
    },
  };
}
export type BiometricsService = ReturnType<typeof createBiometricsService>;
