import {
  PARTICIPANT_MESSAGES as P,
  type BiometricResult,
  type Participant,
  type RegistrationResult,
} from '@parley/contracts';
import { isVoiceTemplate, type FaceTemplate, type VoiceTemplate } from '@parley/analysis';
import { deriveKey, hmacHex, randomToken } from '../../platform/crypto.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { AuthContext } from '../../platform/http/route.js';
import type { Mailer } from '../../platform/mail.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { MeetingsService } from '../meetings/service.js';
import {
  isFaceTemplate,
  type Candidate,
  type Templates,
  type Turn,
  type Verdict,
} from './biometrics.js';
import type { ParticipantRow, ParticipantsRepo, TemplateKind } from './repo.js';
import { messageOf, notRegistered, toParticipant } from './view.js';

export interface BiometricEngine {
  templatesFromClip(file: string): Promise<Templates>;
  /** Runs `verify` on a local copy of the meeting's recording. */
  verifyMeeting(
    meetingId: string,
    turns: readonly Turn[],
    candidates: readonly Candidate[],
  ): Promise<Verdict[]>;
}

export interface ParticipantsDeps {
  repo: ParticipantsRepo;
  meetings: MeetingsService;
  secrets: SecretBox;
  mailer: Mailer;
  engine: BiometricEngine;
  /** The meeting's diarized turns, empty until it is transcribed. */
  turnsOf(meetingId: string): Promise<Turn[]>;
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
export function createParticipantsService(deps: ParticipantsDeps) {
  const { repo, secrets, now } = deps;
  const tokenKey = deriveKey(deps.appSecret, 'participant-invite');
  const hashOf = (token: string) => hmacHex(tokenKey, token);
  const sealContext = (row: ParticipantRow, kind: TemplateKind) =>
    `biometric:${row.organizationId}:${row.id}:${kind}`;

  async function own(auth: AuthContext, email: string): Promise<ParticipantRow> {
    const row = await repo.byEmail(auth.organizationId, email.trim().toLowerCase());
    if (!row) throw notFound(P.notRegistered);
    return row;
  }

  async function managedMeeting(auth: AuthContext, meetingId: string) {
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

  async function openTemplates(row: ParticipantRow) {
    let face: FaceTemplate | null = null;
    let voice: VoiceTemplate | null = null;
    for (const t of await repo.templates(row.id)) {
      const value = secrets.open(t.sealed, sealContext(row, t.kind as TemplateKind));
      if (t.kind === 'face' && isFaceTemplate(value)) face = value;
      if (t.kind === 'voice' && isVoiceTemplate(value)) voice = value;
    }
    return { face, voice };
  }

  async function view(row: ParticipantRow): Promise<Participant> {
    const kinds = new Set((await repo.templates(row.id)).map((t) => t.kind));
    return {
      ...toParticipant(row),
      faceRegistered: kinds.has('face'),
      voiceRegistered: kinds.has('voice'),
    };
  }

  /** Verifies the registered rows against the meeting's video and stores every result. */
  async function verifyRows(meetingId: string, inferenceId: string | null, rows: ParticipantRow[]) {
    const registered: { row: ParticipantRow; candidate: Candidate }[] = [];
    const results: BiometricResult[] = [];
    for (const row of rows) {
      const t = row.status === 'processed' ? await openTemplates(row) : { face: null, voice: null };
      if (t.face) registered.push({ row, candidate: { id: row.id, ...t } });
      else results.push(notRegistered(row, meetingId, inferenceId, now()));
    }
    if (registered.length > 0) {
      let verdicts: Verdict[];
      try {
        const turns = await deps.turnsOf(meetingId);
        verdicts = await deps.engine.verifyMeeting(
          meetingId,
          turns,
          registered.map((r) => r.candidate),
        );
      } catch (err) {
        deps.log.warn({ err, meetingId }, 'biometric verification failed');
        throw new AppError(500, P.verifyFailed);
      }
      for (const v of verdicts) {
        const row = registered.find((r) => r.row.id === v.candidateId)!.row;
        const { candidateId: _, ...rest } = v;
        results.push({
          ...rest,
          meetingId,
          inferenceId,
          subjectId: row.id,
          subjectName: row.name || row.email,
          registrationCheck: 1,
          verificationMessage: messageOf(row.name, v),
          verifiedAt: now().toISOString(),
        });
      }
    }
    for (const r of results) {
      const row = rows.find((x) => x.id === r.subjectId)!;
      await repo.saveResult(
        { meetingId, participantId: row.id, organizationId: row.organizationId },
        r,
        now(),
      );
    }
    return results;
  }

  return {
    async invite(
      auth: AuthContext,
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

    async list(auth: AuthContext, meetingId?: string): Promise<Participant[]> {
      return Promise.all((await repo.list(auth.organizationId, meetingId)).map(view));
    },

    get: async (auth: AuthContext, email: string) => view(await own(auth, email)),

    async patch(
      auth: AuthContext,
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

    async remove(auth: AuthContext, email: string) {
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
      await repo.putTemplate(
        {
          participantId: row.id,
          organizationId: row.organizationId,
          kind: 'face',
          sealed: secrets.seal(face, sealContext(row, 'face')),
        },
        now(),
      );
      if (voice)
        await repo.putTemplate(
          {
            participantId: row.id,
            organizationId: row.organizationId,
            kind: 'voice',
            sealed: secrets.seal(voice, sealContext(row, 'voice')),
          },
          now(),
        );
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

    async startBiometric(auth: AuthContext, meetingId: string): Promise<BiometricResult[]> {
      const meeting = await managedMeeting(auth, meetingId);
      const rows = await repo.list(auth.organizationId, meeting.id);
      return verifyRows(meeting.id, meeting.id, rows);
    },

    /** One participant (by id or e-mail); 404 'Not registered' when they have no templates. */
    async verify(
      auth: AuthContext,
      body: { subjectId: string; meetingId: string; inferenceId: string },
    ): Promise<BiometricResult> {
      const meeting = await managedMeeting(auth, body.meetingId);
      const row = UUID.test(body.subjectId)
        ? ((await repo.list(auth.organizationId)).find((p) => p.id === body.subjectId) ?? null)
        : await repo.byEmail(auth.organizationId, body.subjectId.trim().toLowerCase());
      if (!row || row.status !== 'processed') throw notFound(P.notRegistered);
      const [result] = await verifyRows(meeting.id, body.inferenceId, [row]);
      if (!result || result.status === 'not_registered') throw notFound(P.notRegistered);
      return result;
    },

    async data(auth: AuthContext, meetingId: string): Promise<BiometricResult[]> {
      const meeting = await deps.meetings.visible(auth, meetingId);
      return repo.results(meeting.id);
    },
  };
}
export type ParticipantsService = ReturnType<typeof createParticipantsService>;
