import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from '@parley/analysis';
import {
  ANALYSIS_MESSAGES,
  MEETING_MESSAGES,
  offlineStatusSchema,
  type Meeting,
} from '@parley/contracts';
import { createAnalysisRepo } from '../modules/analysis/repo.js';
import { emptyRecord } from '../modules/analysis/service.js';
import { createRunRepo } from '../modules/biometrics/run-repo.js';
import { createMeetingsRepo } from '../modules/meetings/repo.js';
import { call, createTestContext, json, signIn, type TestContext } from './context.js';
import { MediaToolError } from '../platform/media/ffmpeg.js';
import { reasonForUsers } from '../platform/media/failures.js';

/** Absolute server paths ("/srv/…/source.mp4") and stack frames ("    at fn (file:1:2)"). */
const SERVER_DETAIL = /(^|[\s'"(:])\/[\w.@-]+\/|\n\s+at\s/;

/** A library's error as it reaches a job: an absolute path in the message, a real stack. */
function libraryError(): Error {
  const err = new Error(
    "ENOENT: no such file or directory, open '/srv/parley/media/org-1/meetings/m-1/source.mp4'",
  );
  expect(err.stack).toMatch(/\n\s+at /);
  return err;
}

describe('reasonForUsers', () => {
  it('keeps the sentence and the file name, never the folder or the stack', () => {
    expect(reasonForUsers(libraryError())).toBe(
      "ENOENT: no such file or directory, open 'source.mp4'",
    );
    // A message that carries a stack of its own (a tool's output, a rethrown error).
    const rethrown = new Error(String(libraryError().stack));
    expect(reasonForUsers(rethrown)).toBe(
      "Error: ENOENT: no such file or directory, open 'source.mp4'",
    );
    expect(reasonForUsers(String(libraryError().stack))).not.toMatch(SERVER_DETAIL);
  });

  it('says what is wrong with the recording, without the path of the tool that found it', () => {
    const timedOut = new MediaToolError('/opt/ffmpeg/bin/ffprobe took longer than allowed');
    expect(reasonForUsers(timedOut)).toBe(
      MEETING_MESSAGES.mediaFailed('ffprobe took longer than allowed'),
    );
    expect(reasonForUsers(new MediaError('/tmp/parley-x/a.wav has no audio', 'no-audio'))).toBe(
      ANALYSIS_MESSAGES.noSound,
    );
  });
});

describe('failure reasons as stored', () => {
  let ctx: TestContext;
  let token: string;
  let meeting: Meeting;
  const dirty = String(libraryError().stack);

  beforeAll(async () => {
    ctx = await createTestContext();
    const s = await signIn(ctx, 'user@acme.parley.local');
    token = s.accessToken;
    const res = await call(ctx, 'POST', '/meeting/from-link', {
      token,
      payload: { meetingLink: 'https://meet.example.com/abc-defg', meetingName: 'Reasons' },
    });
    meeting = json<Meeting>(res);
  });
  afterAll(async () => ctx?.close());

  it('reach users with no server path or stack, whoever wrote them', async () => {
    const now = new Date();
    const db = ctx.database.db;
    await createMeetingsRepo(db).setStatus(meeting.id, 'failed', dirty, now);
    const runId = randomUUID();
    const analysis = createAnalysisRepo(db);
    await analysis.startRun({
      meetingId: meeting.id,
      organizationId: meeting.organizationId,
      runId,
      fromStep: 'media',
      steps: {},
      now,
    });
    const failed = { ...emptyRecord('failed'), error: dirty };
    await analysis.patchStep(meeting.id, runId, 'media', failed, now);

    const shown = json<Meeting>(await call(ctx, 'GET', `/meeting/${meeting.id}`, { token }));
    expect(shown.statusReason).toBe("Error: ENOENT: no such file or directory, open 'source.mp4'");
    const status = offlineStatusSchema.parse(
      json(await call(ctx, 'GET', `/offline/status/${meeting.id}`, { token })),
    );
    expect(status.statusReason).not.toMatch(SERVER_DETAIL);
    expect(status.steps.find((s) => s.step === 'media')?.error).toBe(shown.statusReason);

    const runs = createRunRepo(db);
    await runs.begin(
      { meetingId: meeting.id, organizationId: meeting.organizationId, runId, state: 'running' },
      now,
    );
    await runs.patch(meeting.id, runId, { state: 'failed', error: dirty }, now);
    expect((await runs.get(meeting.id))?.error).toBe(shown.statusReason);
  });
});
