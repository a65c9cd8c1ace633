import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PARTICIPANT_MESSAGES as P,
  type BiometricResult,
  type Meeting,
  type Participant,
} from '@parley/contracts';
import {
  biometricResults,
  biometricTemplates,
  bundles,
  organizations,
  planBundles,
  plans,
} from '../../platform/db/schema.js';
import { call, json, signIn, signUp, type TestContext } from '../../test/context.js';
import {
  createMediaContext,
  derived,
  ffmpeg,
  fixture,
  mediaDone,
  uploadBytes,
} from '../../test/media.js';

let ctx: TestContext;
let staff: string;
let outsider: string;
let orgId: string;

const FAIRFACE = path.resolve(fixture('.'), '../faces/fairface/fairface_0003.jpg');
const JFK = path.resolve(fixture('.'), '../speech/jfk.wav');

/** The first 6 s of talking-face.mp4: the clip a participant records on the camera step. */
const registrationClip = () =>
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
const otherFaceVideo = () =>
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

const register = (org: string, token: string, file: Buffer, type?: string) => {
  const form = registrationForm({ id: token, isHr: 'false' }, file, type);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/invite-participant/register/${org}`,
    headers: form.headers,
    payload: form.payload,
  });
};

/** The token of the latest invitation link mailed to `email`. */
function invitationToken(email: string): { org: string; token: string } {
  const m = [...ctx.mail].reverse().find((x) => x.to === email && x.text.includes('/invite-form/'));
  const match = m?.text.match(/\/participants\/invite-form\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`no invitation link mailed to ${email}`);
  return { org: match[1]!, token: match[2]! };
}

async function grantBiometrics(organizationName: string) {
  const db = ctx.database.db;
  const [org] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.name, organizationName));
  const [plan] = await db.select().from(plans).where(eq(plans.organizationId, org!.id));
  const [bundle] = await db
    .select()
    .from(bundles)
    .where(eq(bundles.name, 'Interview Intelligence'));
  await db.insert(planBundles).values({ planId: plan!.id, bundleId: bundle!.id });
  return org!.id;
}

async function meetingOf(file: string, name: string): Promise<Meeting> {
  const m = await uploadBytes(ctx, staff, 'local', name, readFileSync(file));
  return mediaDone(ctx, staff, m.id, 120_000);
}

const invite = (email: string, meetingId: string, name = 'Pat Doe') =>
  call(ctx, 'POST', '/invite-participant', { token: staff, payload: { email, name, meetingId } });

beforeAll(async () => {
  ctx = await createMediaContext();
  staff = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
  outsider = (await signUp(ctx, 'someone@elsewhere.example', { organizationName: 'Elsewhere' }))
    .accessToken;
  orgId = await grantBiometrics('Acme Corp');
  registrationClip();
  otherFaceVideo();
}, 120_000);
afterAll(async () => ctx?.close());

describe('participant biometrics', () => {
  let same: Meeting;
  let other: Meeting;

  it('invites by e-mail with a link, checks it without sign-in and registers a sealed face and voice', async () => {
    same = await meetingOf(fixture('talking-face.mp4'), 'Candidate call.mp4');
    const res = await invite('Pat@Example.com', same.id);
    expect(res.statusCode).toBe(201);
    const invited = json<Participant>(res);
    expect(invited).toMatchObject({
      email: 'pat@example.com',
      participantRegistrationStatus: 'in_progress',
      faceRegistered: false,
    });
    const { org, token } = invitationToken('pat@example.com');
    expect(org).toBe(orgId);

    const check = (o: string, t: string) => call(ctx, 'GET', `/invite-participant/check/${o}/${t}`);
    expect(json(await check(org, token))).toEqual({
      valid: true,
      participantRegistrationStatus: 'in_progress',
    });
    expect(
      json(
        await check(
          org,
          token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        ),
      ),
    ).toEqual({ valid: false, participantRegistrationStatus: null });
    expect(json(await check('not-a-uuid', token))).toMatchObject({ valid: false });

    // Not a video: refused before any analysis.
    const text = await register(
      org,
      token,
      Buffer.from('hello, this is not a video at all'),
      'video/mp4',
    );
    expect(text.statusCode).toBe(400);
    expect(json(text)).toMatchObject({ message: P.badFile });
    // A wrong token registers nobody.
    const wrong = await register(org, 'x'.repeat(43), readFileSync(registrationClip()));
    expect(wrong.statusCode).toBe(404);

    const done = await register(org, token, readFileSync(registrationClip()));
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toEqual({
      participantRegistrationStatus: 'processed',
      faceRegistered: true,
      voiceRegistered: true,
      message: P.registered,
    });
    expect(json(await check(org, token))).toEqual({
      valid: true,
      participantRegistrationStatus: 'processed',
    });
    expect(ctx.mail.some((m) => m.to === 'pat@example.com' && m.subject === P.registered)).toBe(
      true,
    );

    // Sealed at rest: no embedding numbers in the rows.
    const rows = await ctx.database.db.select().from(biometricTemplates);
    expect(rows.map((r) => r.kind).sort()).toEqual(['face', 'voice']);
    for (const r of rows) {
      expect(r.sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(r.sealed).not.toMatch(/embedding|\d\.\d{4}/);
    }
    const got = json<Participant>(
      await call(ctx, 'GET', '/invite-participant/pat%40example.com', { token: staff }),
    );
    expect(got).toMatchObject({
      faceRegistered: true,
      voiceRegistered: true,
      participantRegistrationStatus: 'processed',
    });
  }, 240_000);

  it('verifies the same person in a meeting of the same video, with image and audio evidence', async () => {
    const res = await call(ctx, 'POST', '/offline/start-biometric', {
      token: staff,
      payload: { meetingId: same.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = json<BiometricResult[]>(res);
    expect(result).toMatchObject({
      status: 'verified',
      registrationCheck: 1,
      subjectName: 'Pat Doe',
    });
    expect(result!.face!.similarity).toBeGreaterThan(result!.face!.threshold);
    expect(result!.voice?.weakSignal).toBe(true);
    expect(result!.verificationMessage).toMatch(/^Verified/);
    expect(Buffer.from(result!.image!, 'base64').subarray(0, 2).toString('hex')).toBe('ffd8'); // JPEG
    expect(Buffer.from(result!.audio!, 'base64').subarray(0, 4).toString()).toBe('RIFF');
    const stored = json<BiometricResult[]>(
      await call(ctx, 'GET', `/inference/get-biometrics-data/${same.id}`, { token: staff }),
    );
    expect(stored.map((r) => r.status)).toEqual(['verified']);
  }, 240_000);

  it('reports a mismatch when another face is in the meeting', async () => {
    other = await meetingOf(otherFaceVideo(), 'Someone else.mp4');
    const patched = await call(ctx, 'PATCH', '/invite-participant/pat%40example.com', {
      token: staff,
      payload: { meetingId: other.id },
    });
    expect(json<Participant>(patched).meetingId).toBe(other.id);
    const res = await call(ctx, 'POST', '/offline/start-biometric', {
      token: staff,
      payload: { meetingId: other.id },
    });
    const [result] = json<BiometricResult[]>(res);
    expect(result).toMatchObject({ status: 'mismatch', registrationCheck: 1 });
    expect(result!.face!.similarity).toBeLessThan(result!.face!.threshold);
    expect(result!.mismatchedEvents.length).toBeGreaterThan(0);
    expect(result!.mismatchedEvents[0]!.end).toBeGreaterThan(result!.mismatchedEvents[0]!.start);
  }, 240_000);

  it('answers 404 Not registered (registration check -1) for someone who has not registered', async () => {
    const body = {
      subjectId: 'nobody@example.com',
      meetingId: same.id,
      inferenceId: same.id,
      videoTimeStamp: 1,
    };
    const res = await call(ctx, 'POST', '/offline/verify-biometric', {
      token: staff,
      payload: body,
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ message: P.notRegistered });
    await invite('late@example.com', same.id, 'Lee Late');
    const all = json<BiometricResult[]>(
      await call(ctx, 'POST', '/offline/start-biometric', {
        token: staff,
        payload: { meetingId: same.id },
      }),
    );
    const late = all.find((r) => r.subjectName === 'Lee Late');
    expect(late).toMatchObject({ status: 'not_registered', verificationMessage: P.notRegistered });
    const unauth = await call(ctx, 'POST', '/offline/verify-biometric', { payload: body });
    expect(unauth.statusCode).toBe(401);
  }, 240_000);

  it('keeps another organisation out, and refuses without the Biometrics feature', async () => {
    expect(
      (await call(ctx, 'GET', '/invite-participant/pat%40example.com', { token: outsider }))
        .statusCode,
    ).toBe(404);
    expect((await call(ctx, 'GET', '/invite-participant', { token: outsider })).body).toBe('[]');
    // The outsider's organisation has no Biometrics; the route contract refuses first.
    const data = await call(ctx, 'GET', `/inference/get-biometrics-data/${same.id}`, {
      token: outsider,
    });
    expect(data.statusCode).toBe(403);
    const start = await call(ctx, 'POST', '/offline/start-biometric', {
      token: outsider,
      payload: { meetingId: same.id },
    });
    expect(start.statusCode).toBe(403);
  });

  it('deletes the participant with their templates and results', async () => {
    const res = await call(ctx, 'DELETE', '/invite-participant/pat%40example.com', {
      token: staff,
    });
    expect(json(res)).toEqual({ message: P.deleted });
    expect(await ctx.database.db.select().from(biometricTemplates)).toHaveLength(0);
    const left = await ctx.database.db.select().from(biometricResults);
    expect(left.map((r) => r.result.subjectName)).toEqual(['Lee Late']);
    expect(
      (await call(ctx, 'GET', '/invite-participant/pat%40example.com', { token: staff }))
        .statusCode,
    ).toBe(404);
  });
});
