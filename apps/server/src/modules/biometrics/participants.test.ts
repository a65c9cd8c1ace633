import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BIOMETRIC_EVENTS as E,
  PARTICIPANT_MESSAGES as P,
  QUEUES,
  type BiometricRun,
  type Meeting,
  type Participant,
} from '@parley/contracts';
import { biometricResults, biometricTemplates, meetings } from '../../platform/db/schema.js';
import { call, json, signIn } from '../../test/context.js';
import { talkingFaceClip, waitFor } from '../../test/media.js';
import {
  ctx,
  finished,
  followRoom,
  invitationToken,
  invite,
  jobsIn,
  meetingOf,
  orgId,
  otherFaceVideo,
  outsider,
  register,
  registrationClip,
  resultsOf,
  rival,
  startVerification,
  staff,
  useParticipantsKit,
  verificationStatus,
} from '../../test/participants-kit.js';

useParticipantsKit();

describe('participant biometrics', () => {
  let same: Meeting;
  let other: Meeting;

  it('invites by e-mail with a link, checks it without sign-in and registers a sealed face and voice', async () => {
    // The first 17 s of the recording the registration clip was cut from: the face pass over
    // its 34 frames (2 fps) lasts long enough for its progress to be read midway.
    same = await meetingOf(talkingFaceClip(17), 'Candidate call.mp4');
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

    // Text the database cannot store in a form field: refused before anything (was a 500).
    const nul = await register(org, token, readFileSync(registrationClip()), undefined, {
      applicantId: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
    expect(json(nul).message).toMatch(/form.applicantId contains a NUL character/);

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

  it('verifies the same person in a background job: answers at once, reports progress to the room and the status route, stores image and audio evidence', async () => {
    const room = await followRoom(same.id);
    try {
      const idle = json<BiometricRun>(await verificationStatus(same.id));
      expect(idle).toMatchObject({ status: 'idle', runId: null, progress: 0 });

      const asked = Date.now();
      const res = await startVerification(same.id);
      // The verification takes 20–60 s; the request only queues it.
      expect(Date.now() - asked).toBeLessThan(5_000);
      expect(res.statusCode, res.body).toBe(202);
      const run = json<BiometricRun>(res);
      expect(run).toMatchObject({ meetingId: same.id, status: 'queued', subjectId: null });
      expect(run.runId).toMatch(/^[0-9a-f-]{36}$/);

      // Starting again while it runs, even twice at once, answers the same run: one job.
      const again = await Promise.all([startVerification(same.id), startVerification(same.id)]);
      for (const r of again) {
        expect(r.statusCode).toBe(202);
        expect(json<BiometricRun>(r).runId).toBe(run.runId);
      }
      expect(await jobsIn(QUEUES.biometrics)).toBe(1);

      // Progress is readable while the faces are compared.
      const midway = await waitFor(
        async () => {
          const s = json<BiometricRun>(await verificationStatus(same.id));
          return s.status === 'running' && s.stage === 'faceRecognition' && s.progress > 2
            ? s
            : undefined;
        },
        120_000,
        'progress of the face pass',
      );
      expect(midway.progress).toBeLessThan(100);

      const done = await finished(same.id);
      expect(done).toMatchObject({
        runId: run.runId,
        status: 'done',
        progress: 100,
        attempts: 1,
        error: null,
      });

      const [result, ...rest] = await resultsOf(same.id);
      expect(rest).toEqual([]);
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

      // The room heard the run move through its stages, its progress only going up.
      await expect.poll(() => room.seen.some((s) => s.event === E.imagesAndAudio)).toBe(true);
      const statuses = room.seen
        .filter((s) => s.event === E.status)
        .map((s) => s.payload as unknown as BiometricRun);
      expect(statuses.map((s) => s.status)).toEqual(
        expect.arrayContaining(['queued', 'running', 'done']),
      );
      expect(statuses.every((s) => s.runId === run.runId)).toBe(true);
      const progress = statuses.map((s) => s.progress);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
      expect(new Set(statuses.map((s) => s.stage))).toEqual(
        new Set([
          null,
          'registrationCheck',
          'faceRecognition',
          'voiceRecognition',
          'imagesAndAudio',
        ]),
      );
      const payloadOf = (event: string) => room.seen.find((s) => s.event === event)?.payload;
      expect(payloadOf(E.registrationCheck)).toEqual({
        meetingId: same.id,
        participants: [
          { subjectId: result!.subjectId, subjectName: 'Pat Doe', registrationCheck: 1 },
        ],
      });
      expect(payloadOf(E.faceRecognition('data'))).toMatchObject({
        subjects: [{ subjectId: result!.subjectId, status: 'verified' }],
      });
      expect(payloadOf(E.imagesAndAudio)).toEqual({
        meetingId: same.id,
        subjects: [{ subjectId: result!.subjectId, image: true, audio: true }],
      });
      const order = room.seen.map((s) => s.event);
      expect(order.indexOf(E.faceRecognition('started'))).toBeLessThan(
        order.indexOf(E.voiceRecognition('started')),
      );
    } finally {
      room.close();
    }
  }, 240_000);

  it('reports a mismatch when another face is in the meeting', async () => {
    other = await meetingOf(otherFaceVideo(), 'Someone else.mp4');
    const patched = await call(ctx, 'PATCH', '/invite-participant/pat%40example.com', {
      token: staff,
      payload: { meetingId: other.id },
    });
    expect(json<Participant>(patched).meetingId).toBe(other.id);
    expect((await startVerification(other.id)).statusCode).toBe(202);
    expect(await finished(other.id)).toMatchObject({ status: 'done' });
    const [result] = await resultsOf(other.id);
    expect(result).toMatchObject({ status: 'mismatch', registrationCheck: 1 });
    expect(result!.face!.similarity).toBeLessThan(result!.face!.threshold);
    expect(result!.mismatchedEvents.length).toBeGreaterThan(0);
    expect(result!.mismatchedEvents[0]!.end).toBeGreaterThan(result!.mismatchedEvents[0]!.start);
  }, 240_000);

  it('answers Not registered at once: 404 for one person (registration check -1), a finished run without a job for a meeting', async () => {
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
    // Pat moved to the other meeting: nobody left here has registered.
    await invite('late@example.com', same.id, 'Lee Late');
    const jobs = await jobsIn(QUEUES.biometrics);
    const started = await startVerification(same.id);
    expect(started.statusCode).toBe(202);
    expect(json<BiometricRun>(started)).toMatchObject({ status: 'done', progress: 100 });
    expect(await jobsIn(QUEUES.biometrics)).toBe(jobs);
    const late = (await resultsOf(same.id)).find((r) => r.subjectName === 'Lee Late');
    expect(late).toMatchObject({
      status: 'not_registered',
      registrationCheck: -1,
      verificationMessage: P.notRegistered,
    });
    const unauth = await call(ctx, 'POST', '/offline/verify-biometric', { payload: body });
    expect(unauth.statusCode).toBe(401);
  }, 240_000);

  it('records a run whose every attempt failed, keeps the earlier results, and can be tried again', async () => {
    // The recording goes missing from storage: no retry can verify it.
    const [row] = await ctx.database.db.select().from(meetings).where(eq(meetings.id, other.id));
    for (const key of [row!.playbackKey, row!.sourceKey])
      if (key) rmSync(path.join(ctx.mediaDir, key), { force: true });
    const pat = json<Participant>(
      await call(ctx, 'GET', '/invite-participant/pat%40example.com', { token: staff }),
    );
    const one = await call(ctx, 'POST', '/offline/verify-biometric', {
      token: staff,
      payload: {
        subjectId: pat.participantId,
        meetingId: other.id,
        inferenceId: 'inference-1',
        videoTimeStamp: 0,
      },
    });
    expect(one.statusCode, one.body).toBe(202);
    expect(json<BiometricRun>(one)).toMatchObject({
      status: 'queued',
      subjectId: pat.participantId,
    });
    const failed = await finished(other.id);
    expect(failed).toMatchObject({
      status: 'failed',
      subjectId: pat.participantId,
      attempts: ctx.config.env.ANALYSIS_RETRY_LIMIT + 1,
    });
    expect(failed.error).toMatch(/file not found/);
    expect(failed.error).not.toContain(ctx.mediaDir); // issue 21: users never see server paths
    // The mismatch found before is still there.
    expect((await resultsOf(other.id)).map((r) => r.status)).toEqual(['mismatch']);

    // 'Try again' starts a new run.
    const retry = json<BiometricRun>(await startVerification(other.id));
    expect(retry.runId).not.toBe(failed.runId);
    expect(retry).toMatchObject({ status: 'queued', subjectId: null, error: null });
    expect(await finished(other.id)).toMatchObject({ runId: retry.runId, status: 'failed' });
  }, 60_000);

  it('keeps other organisations and people who may not manage the meeting out', async () => {
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
    expect((await startVerification(same.id, outsider)).statusCode).toBe(403);
    expect((await verificationStatus(same.id, outsider)).statusCode).toBe(403);

    // An organisation with Biometrics does not see Acme's meeting at all.
    const verifyBody = {
      subjectId: 'pat@example.com',
      meetingId: other.id,
      inferenceId: other.id,
      videoTimeStamp: 0,
    };
    for (const res of [
      await startVerification(same.id, rival),
      await verificationStatus(same.id, rival),
      await call(ctx, 'GET', `/inference/get-biometrics-data/${same.id}`, { token: rival }),
      await call(ctx, 'POST', '/offline/verify-biometric', { token: rival, payload: verifyBody }),
    ])
      expect(res.statusCode, res.body).toBe(404);

    // In Acme: a colleague it is not shared with does not see it; one it is shared with may
    // read the status but not start a run.
    const rep = (await signIn(ctx, 'rep@acme.parley.local')).accessToken;
    expect((await startVerification(same.id, rep)).statusCode).toBe(404);
    expect((await verificationStatus(same.id, rep)).statusCode).toBe(404);
    const manager = (await signIn(ctx, 'manager@acme.parley.local')).accessToken;
    const shared = await call(ctx, 'POST', `/share/${same.id}`, {
      token: staff,
      payload: { email: 'manager@acme.parley.local' },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const refused = await startVerification(same.id, manager);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ message: P.forbidden });
    expect(json<BiometricRun>(await verificationStatus(same.id, manager)).status).toBe('done');
  }, 60_000);

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
