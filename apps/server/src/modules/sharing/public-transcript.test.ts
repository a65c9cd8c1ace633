import { describe, expect, it } from 'vitest';
import type { RouteResponse, sharingRoutes } from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, type SignedIn } from '../../test/context.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';

type PublicView = RouteResponse<typeof sharingRoutes.publicView>;

let owner: SignedIn;
let lead: SignedIn;

/** A 30 s meeting just uploaded, with the two-speaker transcript when `transcribed`. */
async function meeting(who: SignedIn, name: string, transcribed: boolean, names = {}) {
  const { organizationId, id: ownerId } = who.user;
  const id = await insertMeeting(ctx, organizationId, ownerId, name, {
    inferenceStatus: 'uploaded',
    additionalDetails: names,
  });
  if (transcribed) await saveTranscript(ctx, id, organizationId);
  return id;
}

/** Enables the public link as the owner and reads it without signing in. */
async function publicView(who: SignedIn, meetingId: string): Promise<PublicView> {
  const created = await call(ctx, 'GET', `/share/public/create/${meetingId}`, {
    token: who.accessToken,
  });
  const token = json<{ shareLink: string }>(created).shareLink.split('/').at(-1) ?? '';
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/view/${token}` });
  expect(res.statusCode).toBe(200);
  return json<PublicView>(res);
}

useTestApp(async ({ as }) => {
  owner = await as('member');
  lead = await as('outsider');
});

describe('public view of a transcribed meeting', () => {
  it('shows the transcript, word timestamps, diarization and speaker times with names', async () => {
    const id = await meeting(owner, 'public-demo', true, { speaker_00: 'Dana Whitfield' });
    const view = await publicView(owner, id);
    expect(view.meetingInfo.meetingName).toBe('public-demo');
    expect(view.transcription).toHaveLength(7);
    expect(view.transcription[0]).toMatchObject({
      value: 'Dana Whitfield: uh out',
      videoTime: '00:00:06',
    });
    expect(view.transcription[1]?.speakerName).toBe('Speaker 2');
    expect(view.wordTimestamps).toHaveLength(56);
    expect(view.wordTimestamps[3]).toMatchObject({ index: 3, word: 'opera' });
    expect(view.diarization?.audio_length).toBe(30);
    expect(view.diarization?.speaker_time_analysis.map((s) => s.name)).toEqual([
      'Dana Whitfield',
      'Speaker 2',
    ]);
    expect(view.speakerTimeMapping).toHaveLength(10);
    expect(view.speakerTimeMapping?.[0]).toMatchObject({ name: 'Dana Whitfield', start: 6.69 });
  });

  it('is empty before the meeting is transcribed', async () => {
    const view = await publicView(owner, await meeting(owner, 'public-pending', false));
    expect(view).toMatchObject({
      transcription: [],
      wordTimestamps: [],
      diarization: null,
      speakerTimeMapping: null,
    });
  });

  it('leaves the words out when the organisation has no Zai Intelligence', async () => {
    const view = await publicView(lead, await meeting(lead, 'public-elsewhere', true));
    expect(view.transcription).toEqual([]);
    expect(view.wordTimestamps).toEqual([]);
    // Talk time comes from the audio and is not part of that feature.
    expect(view.diarization?.speaker_time_analysis).toHaveLength(2);
    expect(view.speakerTimeMapping).toHaveLength(10);
  });
});
