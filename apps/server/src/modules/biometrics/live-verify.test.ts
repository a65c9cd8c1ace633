import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  blockFeatures,
  decodeAll,
  detectFacesInImage,
  detectSpeech,
  faceTemplate,
  voiceTemplate,
} from '@parley/analysis';
import {
  LIVE_INFERENCE_EVENTS as E,
  LIVE_INFERENCE_MESSAGES as M,
  type LiveBiometricResult,
} from '@parley/contracts';
import { participants } from '../../platform/db/schema.js';
import { createSecretBox } from '../../platform/secrets.js';
import { call, json } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { connectRealtime, joinRoom } from '../../test/realtime.js';
import {
  ctx,
  newMeeting,
  orgId,
  owner,
  ownerId,
  seeker,
  useTranscriptsKit,
} from '../../test/transcripts-kit.js';
import { createParticipantsRepo } from './repo.js';
import { sealContext } from './templates.js';

useTranscriptsKit();

const fixturePath = (rel: string) =>
  new URL(`../../../../../fixtures/${rel}`, import.meta.url).pathname;
const ANA_FACE = fixturePath('faces/fairface/fairface_0003.jpg');
const OTHER_FACE = fixturePath('faces/fairface/fairface_0001.jpg');
const toInt16 = (f: Float32Array) =>
  Int16Array.from(f, (x) => Math.max(-32768, Math.min(32767, Math.round(x * 32767))));

const verify = (payload: object, token = owner) =>
  call(ctx, 'POST', '/live-inference/verify-biometrics/start', { token, payload }).then((r) => ({
    status: r.statusCode,
    body: json<LiveBiometricResult & { message?: string }>(r),
  }));

let meetingId: string;
let ana: string;
let unregistered: string;
let socket: Socket;
const events: LiveBiometricResult[] = [];

/** A registered participant: face from a still, voice from jfk.wav, sealed as registration does. */
async function register(name: string, email: string, withTemplates: boolean): Promise<string> {
  const [row] = await ctx.database.db
    .insert(participants)
    .values({
      organizationId: orgId,
      email,
      name,
      meetingId,
      tokenHash: `hash-${email}`,
      status: withTemplates ? 'processed' : 'in_progress',
    })
    .returning();
  if (!withTemplates) return row!.id;
  const secrets = createSecretBox(ctx.config.appSecret);
  const repo = createParticipantsRepo(ctx.database.db);
  const face = faceTemplate([(await detectFacesInImage(ANA_FACE)).faces[0]!.embedding]);
  const pcm = await decodeAll(fixturePath('speech/jfk.wav'));
  const voice = voiceTemplate(blockFeatures(pcm), await detectSpeech(pcm));
  for (const [kind, value] of [
    ['face', face],
    ['voice', voice],
  ] as const)
    await repo.putTemplate(
      {
        participantId: row!.id,
        organizationId: orgId,
        kind,
        sealed: secrets.seal(value, sealContext(row!, kind)),
      },
      new Date(),
    );
  return row!.id;
}

beforeAll(async () => {
  await grantInterviewIntelligence(ctx, orgId);
  meetingId = await newMeeting(orgId, ownerId, 'live verification call');
  ana = await register('Ana', 'ana@example.com', true);
  unregistered = await register('Ben', 'ben@example.com', false);
  socket = await connectRealtime(ctx, owner);
  socket.on(E.biometrics, (r: LiveBiometricResult) => events.push(r));
  await joinRoom(socket, meetingId);
}, 120_000);

const body = (extra: object = {}) => ({
  subjectId: ana,
  meetingId,
  subjectName: 'Ana',
  inferenceId: 'live-1',
  voiceTimeStamp: 9,
  ...extra,
});

describe('live biometric verification', () => {
  it("answers 'Something went wrong.' when a required field is missing", async () => {
    for (const field of [
      'subjectId',
      'meetingId',
      'subjectName',
      'inferenceId',
      'voiceTimeStamp',
    ]) {
      const b: Record<string, unknown> = body();
      delete b[field];
      const res = await verify(b);
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(M.missingFields);
    }
  });

  it('is 404 for another organisation, and refuses a call that is not live', async () => {
    expect((await verify(body(), seeker)).status).toBe(404);
    const res = await verify(body());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(M.notLive);
  });

  it('verifies the face from a still and compares the voice of the live audio', async () => {
    await ctx.app.liveAudio.open({ meetingId, organizationId: orgId });
    // Ana speaks in the call: her own stream, as the room pushes it.
    const pcm = toInt16(await decodeAll(fixturePath('speech/jfk.wav')));
    for (let i = 0; i < pcm.length; i += 1600)
      ctx.app.liveAudio.push(meetingId, { id: 'p-ana', name: 'Ana' }, pcm.subarray(i, i + 1600));

    const still = readFileSync(ANA_FACE).toString('base64');
    const res = await verify(body({ faceImage: still }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'verified', subjectName: 'Ana' });
    expect(res.body.face?.samePerson).toBe(true);
    expect(res.body.voiceSeconds).toBeGreaterThan(3);
    expect(res.body.voice).toMatchObject({ weakSignal: true, likelySame: true });
    await expect.poll(() => events.map((e) => e.status)).toContain('verified');

    const other = await verify(body({ faceImage: readFileSync(OTHER_FACE).toString('base64') }));
    expect(other.body.status).toBe('mismatch');
    expect(other.body.face?.samePerson).toBe(false);

    const noStill = await verify(body());
    expect(noStill.body).toMatchObject({ status: 'no_face', face: null });
    // Too far from anything Ana said: no voice either.
    const silent = await verify(body({ voiceTimeStamp: 500, subjectName: 'Nobody' }));
    expect(silent.body).toMatchObject({ voice: null, voiceSeconds: 0 });
  }, 120_000);

  it("answers 'Not registered' for a participant without templates or unknown", async () => {
    const res = await verify(body({ subjectId: unregistered, subjectName: 'Ben' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'not_registered',
      verificationMessage: M.notRegistered,
    });
    const unknown = await verify(body({ subjectId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(M.notRegistered);
  });
});
