import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BIOMETRIC_EVENTS as E,
  type BiometricResult,
  type BiometricRun,
  type Meeting,
} from '@parley/contracts';
import { organizations } from '../platform/db/schema.js';
import { sqlExecutorFor } from '../platform/queue/index.js';
import { call, json, signIn, signUp, type TestContext } from './context.js';
import { grantInterviewIntelligence } from './plans-kit.js';
import { connectRealtime, joinRoom } from './realtime.js';
import {
  createMediaContext,
  derived,
  ffmpeg,
  fixture,
  mediaDone,
  uploadBytes,
  waitFor,
} from './media.js';

/**
 * Shared set-up and API helpers of the participant biometrics tests: the clips a participant
 * records, the registration form, invitations, verification runs and the meeting's room.
 */
export let ctx: TestContext & { mediaDir: string };
export let staff: string;
export let outsider: string;
/** Another organisation that has Biometrics: its staff must still not reach Acme's meetings. */
export let rival: string;
export let orgId: string;

const FAIRFACE = path.resolve(fixture('.'), '../faces/fairface/fairface_0003.jpg');
const JFK = path.resolve(fixture('.'), '../speech/jfk.wav');

/** The first 6 s of talking-face.mp4: the clip a participant records on the camera step. */
export const registrationClip = () =>
  derived('participant-registration.mp4', (out) =>
    ffmpeg([
      '-i',
      fixture('talking-face.mp4'),
      '-t',
      '6',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      out,
    ]),
  );
/** Another person: a FairFace photo held for 8 s over jfk's voice. */
export const otherFaceVideo = () =>
  derived('participant-other-face.mp4', (out) =>
    ffmpeg([
      ...['-loop', '1', '-i', FAIRFACE, '-i', JFK, '-t', '8'],
      ...['-vf', 'scale=480:480,format=yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-c:a', 'aac', '-shortest', out],
    ]),
  );

/** multipart/form-data the way the registration page sends it. */
function registrationForm(fields: Record<string, string>, file: Buffer, type = 'video/mp4') {
  const boundary = `----parley${randomBytes(8).toString('hex')}`;
  const head =
    Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="registration.mp4"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const register = (
  org: string,
  token: string,
  file: Buffer,
  type?: string,
  extra: Record<string, string> = {},
) => {
  const form = registrationForm({ id: token, isHr: 'false', ...extra }, file, type);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/invite-participant/register/${org}`,
    headers: form.headers,
    payload: form.payload,
  });
};

/** The token of the latest invitation link mailed to `email`. */
export function invitationToken(email: string): { org: string; token: string } {
  const m = [...ctx.mail].reverse().find((x) => x.to === email && x.text.includes('/invite-form/'));
  const match = m?.text.match(/\/participants\/invite-form\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`no invitation link mailed to ${email}`);
  return { org: match[1]!, token: match[2]! };
}

async function grantBiometrics(organizationName: string) {
  const [org] = await ctx.database.db
    .select()
    .from(organizations)
    .where(eq(organizations.name, organizationName));
  await grantInterviewIntelligence(ctx, org!.id);
  return org!.id;
}

export async function meetingOf(file: string, name: string): Promise<Meeting> {
  const m = await uploadBytes(ctx, staff, 'local', name, readFileSync(file));
  return mediaDone(ctx, staff, m.id, 120_000);
}

export const invite = (email: string, meetingId: string, name = 'Pat Doe') =>
  call(ctx, 'POST', '/invite-participant', { token: staff, payload: { email, name, meetingId } });

export const startVerification = (meetingId: string, token = staff) =>
  call(ctx, 'POST', '/offline/start-biometric', { token, payload: { meetingId } });
export const verificationStatus = (meetingId: string, token = staff) =>
  call(ctx, 'GET', `/offline/biometric-status/${meetingId}`, { token });
export const resultsOf = async (meetingId: string) =>
  json<BiometricResult[]>(
    await call(ctx, 'GET', `/inference/get-biometrics-data/${meetingId}`, { token: staff }),
  );

/** Polls the status route until the run is done or failed. */
export const finished = (meetingId: string) =>
  waitFor(
    async () => {
      const run = json<BiometricRun>(await verificationStatus(meetingId));
      return run.status === 'done' || run.status === 'failed' ? run : undefined;
    },
    200_000,
    'the verification run',
  );

/** Jobs of a queue in pg-boss, whatever their state. */
export async function jobsIn(queue: string): Promise<number> {
  const { rows } = await sqlExecutorFor(ctx.database).executeSql(
    'SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1',
    [queue],
  );
  return (rows[0] as { n: number }).n;
}

/** A socket in the meeting's room recording the verification events. */
export async function followRoom(meetingId: string) {
  const socket = await connectRealtime(ctx, staff);
  const seen: { event: string; payload: Record<string, unknown> }[] = [];
  for (const event of [
    E.status,
    E.registrationCheck,
    E.imagesAndAudio,
    E.faceRecognition('started'),
    E.faceRecognition('data'),
    E.faceRecognition('stopped'),
    E.voiceRecognition('started'),
  ])
    socket.on(event, (payload: Record<string, unknown>) => seen.push({ event, payload }));
  await joinRoom(socket, meetingId);
  return { seen, close: () => socket.disconnect() };
}

/** The shared context of the participant API tests: Acme and Rival with Biometrics, Elsewhere without. */
export function useParticipantsKit() {
  beforeAll(async () => {
    // One retry (two attempts) keeps the failure test, which waits for every attempt, short.
    // The uploads are analysed too (Acme has the video features), beside the verifications
    // these tests wait for: 1 fps of faces and 5 of skin trace keep that background work small;
    // nothing here reads the video step's figures.
    ctx = await createMediaContext({
      env: { ANALYSIS_RETRY_LIMIT: '1', VIDEO_FPS: '1', PHYSIOLOGY_FPS: '5' },
    });
    staff = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
    outsider = (await signUp(ctx, 'someone@elsewhere.example', { organizationName: 'Elsewhere' }))
      .accessToken;
    rival = (await signUp(ctx, 'staff@rival.example', { organizationName: 'Rival' })).accessToken;
    orgId = await grantBiometrics('Acme Corp');
    await grantBiometrics('Rival');
    registrationClip();
    otherFaceVideo();
  }, 120_000);
  afterAll(async () => ctx?.close());
}
