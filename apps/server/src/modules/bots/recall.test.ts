import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOT_MESSAGES as B, type ExtensionResponse } from '@parley/contracts';
import { SEEDED_ACCOUNTS } from '../../test/app-kit.js';
import {
  botInState,
  botOf,
  callRecording,
  durationOf,
  recordingAnalysed,
  storedRecording,
} from '../../test/bots-kit.js';
import { call, expectRefusal, json, signIn, type SignedIn } from '../../test/context.js';
import { createMediaContext } from '../../test/media.js';
import { startRecallStandIn, type RecallStandIn } from '../../test/recall-stand-in.js';

/**
 * Issue 18 item 2 through Recall.ai: the bot created with its recording config, the status
 * webhooks Svix signs (applied once, a bad or stale signature refused), a fatal sub code shown
 * as the reason, and the mixed video imported at bot.done.
 */

let stand: RecallStandIn;
let ctx: Awaited<ReturnType<typeof createMediaContext>>;
let poc: SignedIn;
let target: string;

beforeAll(async () => {
  stand = await startRecallStandIn(callRecording());
  ctx = await createMediaContext({
    env: {
      BOT_PROVIDER: 'recall',
      BOT_SERVICE_URL: stand.origin,
      BOT_SERVICE_KEY: stand.key,
      BOT_WEBHOOK_SECRET: stand.webhookSecret,
    },
  });
  // Recall's webhooks are configured in its dashboard: the test posts where that would point.
  target = `${await ctx.app.listen({ port: 9212, host: '127.0.0.1' })}/api/v1/bots/webhook/recall`;
  poc = await signIn(ctx, SEEDED_ACCOUNTS.poc);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await stand?.close();
});

const meet = 'https://meet.google.com/abc-defg-hij';
async function sendBot() {
  const res = await call(ctx, 'POST', '/extension', {
    token: poc.accessToken,
    payload: { meetingLink: meet, meetingName: 'Discovery call', language: 'en-US' },
  });
  expect(res.statusCode).toBe(200);
  return { ...json<ExtensionResponse>(res), externalId: [...stand.bots.keys()].at(-1)! };
}

describe('a Recall.ai bot', () => {
  it('joins with a recording config, waits in the lobby, records, and is imported when done', async () => {
    const { meeting, bot, externalId } = await sendBot();
    const created = stand.seen.find((s) => s.method === 'POST' && s.path === '/api/v1/bot/');
    expect(created?.authorization).toBe(`Token ${stand.key}`);
    expect(created?.body).toMatchObject({
      meeting_url: meet,
      bot_name: 'Parley Notetaker',
      recording_config: {
        video_mixed_mp4: {},
        audio_separate_raw: {},
        realtime_endpoints: [
          {
            type: 'websocket',
            url: expect.stringContaining(`/api/v1/bots/live-audio/recall/${bot.id}?token=`),
            events: ['audio_separate_raw.data'],
          },
        ],
      },
      metadata: { parley_bot_id: bot.id, parley_meeting_id: meeting.id },
      automatic_audio_output: { in_call_recording: { data: { kind: 'mp3' } } },
    });
    // The announcement Recall.ai plays as it starts recording: espeak-ng's voice as MP3.
    const spoken = (
      created?.body as {
        automatic_audio_output: { in_call_recording: { data: { b64_data: string } } };
      }
    ).automatic_audio_output.in_call_recording.data.b64_data;
    expect(Buffer.from(spoken, 'base64').length).toBeGreaterThan(10_000);

    await stand.statusChange(target, externalId, 'bot.joining_call');
    expect((await stand.statusChange(target, externalId, 'bot.in_waiting_room')).status).toBe(200);
    await botInState(ctx, poc.accessToken, meeting.id, 'waiting_in_lobby');
    const recording = await stand.statusChange(target, externalId, 'bot.in_call_recording');
    await botInState(ctx, poc.accessToken, meeting.id, 'recording');

    // A replay of the recording delivery after the call ended does not bring the bot back.
    await stand.statusChange(target, externalId, 'bot.call_ended');
    await botInState(ctx, poc.accessToken, meeting.id, 'left');
    const replay = await stand.statusChange(target, externalId, 'bot.in_call_recording', {
      webhookId: recording.webhookId,
    });
    expect(replay.status).toBe(200);
    expect((await botOf(ctx, poc.accessToken, meeting.id))?.state).toBe('left');

    await stand.statusChange(target, externalId, 'bot.done');
    const analysed = await recordingAnalysed(ctx, poc.accessToken, meeting.id);
    expect(analysed.inferenceStatus).not.toBe('failed');
    expect(analysed.type).toBe('offline');
    // Nobody withdrew consent: the whole 10 s are kept.
    const kept = durationOf(storedRecording(ctx.mediaDir, meeting.organizationId, bot.id));
    expect(kept).toBeGreaterThan(9.5);
    expect(
      stand.seen.some((s) => s.method === 'GET' && s.path === `/api/v1/bot/${externalId}/`),
    ).toBe(true);
  }, 120_000);

  it('shows a fatal status with its sub code in words', async () => {
    const { meeting, externalId } = await sendBot();
    await stand.statusChange(target, externalId, 'bot.fatal', {
      subCode: 'bot_kicked_from_waiting_room',
    });
    const bot = await botInState(ctx, poc.accessToken, meeting.id, 'failed');
    expect(bot.reason).toBe('The bot was not let in from the waiting room');
  });

  it('refuses deliveries not signed with the secret, or signed too long ago, with 401', async () => {
    const { meeting, externalId } = await sendBot();
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const forged = await stand.statusChange(target, externalId, 'bot.fatal', {
      badSignature: true,
    });
    expect(forged.status).toBe(401);
    const stale = await stand.statusChange(target, externalId, 'bot.fatal', {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.status).toBe(401);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
    expect((await botOf(ctx, poc.accessToken, meeting.id))?.state).toBe('joining');
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bots/webhook/recall',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expectRefusal(unsigned, 401, B.badSignature);
    // The other service's address is not served: only the configured one is.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bots/webhook/attendee',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(404);
  });

  it("answers 'Failed to call bot' when Recall.ai is unavailable", async () => {
    stand.failNextJoin();
    const res = await call(ctx, 'POST', '/extension', {
      token: poc.accessToken,
      payload: { meetingLink: meet, meetingName: 'Down', language: 'en-US' },
    });
    expectRefusal(res, 502, B.callFailed);
  });
});
