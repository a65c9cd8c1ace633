import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BOT_MESSAGES as B,
  type BotServiceStatus,
  type ExtensionResponse,
  type MeetingBotView,
} from '@parley/contracts';
import { meetingBots } from '../../platform/db/schema.js';
import { SEEDED_ACCOUNTS, OUTSIDER } from '../../test/app-kit.js';
import { startAttendeeStandIn, type AttendeeStandIn } from '../../test/attendee-stand-in.js';
import {
  botInState,
  botOf,
  callRecording,
  collectBotEvents,
  durationOf,
  recordingAnalysed,
  storedRecording,
} from '../../test/bots-kit.js';
import { call, expectRefusal, json, signIn, signUp, type SignedIn } from '../../test/context.js';
import { createMediaContext, waitFor } from '../../test/media.js';
import { connectRealtime, joinRoom } from '../../test/realtime.js';

/**
 * Issue 18 items 2 and 6 through Attendee: the bot sent with POST extension, its states from
 * Attendee's signed webhooks (applied once, a bad signature refused), consent withdrawn, and
 * the call's recording imported into the offline pipeline, cut where consent was withdrawn.
 */

const PORT = 9211;
let stand: AttendeeStandIn;
let ctx: Awaited<ReturnType<typeof createMediaContext>>;
let poc: SignedIn;
let outsider: SignedIn;

beforeAll(async () => {
  stand = await startAttendeeStandIn(callRecording());
  ctx = await createMediaContext({
    env: {
      BOT_PROVIDER: 'attendee',
      BOT_SERVICE_URL: stand.origin,
      BOT_SERVICE_KEY: stand.key,
      BOT_WEBHOOK_SECRET: stand.webhookSecret,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    },
  });
  await ctx.app.listen({ port: PORT, host: '127.0.0.1' });
  poc = await signIn(ctx, SEEDED_ACCOUNTS.poc);
  outsider = await signUp(ctx, OUTSIDER.email, { organizationName: OUTSIDER.organizationName });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await stand?.close();
});

const zoom = 'https://us05web.zoom.us/j/84315220467?pwd=abc';
const sendBot = (meetingLink = zoom, token = poc.accessToken) =>
  call(ctx, 'POST', '/extension', {
    token,
    payload: { meetingLink, meetingName: 'Weekly sync', language: 'en-US', isAvatar: false },
  });

describe('sending the bot', () => {
  it('creates a live meeting and asks Attendee to join with its webhook', async () => {
    const res = await sendBot();
    expect(res.statusCode).toBe(200);
    const { meeting, bot } = json<ExtensionResponse>(res);
    expect(meeting).toMatchObject({ type: 'live', meetingName: 'Weekly sync', meetingLink: zoom });
    expect(bot).toMatchObject({ provider: 'attendee', state: 'joining', allowRecording: true });
    const created = stand.seen.find((s) => s.method === 'POST' && s.path === '/api/v1/bots');
    expect(created?.authorization).toBe(`Token ${stand.key}`);
    expect(created?.body).toMatchObject({
      meeting_url: zoom,
      bot_name: 'Parley Notetaker',
      webhooks: [
        {
          url: `http://127.0.0.1:${PORT}/api/v1/bots/webhook/attendee`,
          triggers: ['bot.state_change', 'participant_events.join_leave'],
        },
      ],
      websocket_settings: {
        per_participant_audio: {
          url: expect.stringMatching(
            new RegExp(
              `^ws://127\\.0\\.0\\.1:${PORT}/api/v1/bots/live-audio/attendee/${bot.id}\\?token=`,
            ),
          ),
          sample_rate: 16000,
        },
      },
    });
  });

  it('refuses links no bot joins, and says so', async () => {
    expectRefusal(await sendBot('https://example.com/meeting/1'), 400, B.noService);
    const bad = await call(ctx, 'POST', '/extension', {
      token: poc.accessToken,
      payload: { meetingLink: 'not a link', meetingName: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 'Failed to call bot' when Attendee refuses, and the meeting shows why", async () => {
    stand.failNextJoin();
    const res = await sendBot();
    expectRefusal(res, 502, B.callFailed);
    const list = json<{ data: { id: string; inferenceStatus: string; statusReason: string }[] }>(
      await call(ctx, 'GET', '/meeting/user?size=1', { token: poc.accessToken }),
    ).data[0]!;
    expect(list.inferenceStatus).toBe('failed');
    expect((await botOf(ctx, poc.accessToken, list.id))?.state).toBe('failed');
  });

  it("answers 'Join Meeting by Link Failed' for meeting/join when the service fails", async () => {
    stand.failNextJoin();
    const res = await call(ctx, 'POST', '/meeting/join', {
      token: poc.accessToken,
      payload: { joinLink: zoom },
    });
    expectRefusal(res, 502, B.joinFailed);
    const ok = await call(ctx, 'POST', '/meeting/join', {
      token: poc.accessToken,
      payload: { joinLink: zoom },
    });
    expect(json<ExtensionResponse>(ok).meeting.meetingName).toBe('Meeting on us05web.zoom.us');
  });

  it('shows the configured service and that it answers', async () => {
    const status = json<BotServiceStatus>(
      await call(ctx, 'GET', '/extension/status', { token: poc.accessToken }),
    );
    expect(status).toMatchObject({ provider: 'attendee', url: stand.origin, reachable: true });
    expect(JSON.stringify(status)).not.toContain(stand.key);
  });
});

describe('a call from joining to its recording', () => {
  it('follows the webhooks, keeps consent, and imports what may be kept', async () => {
    const { meeting, bot } = json<ExtensionResponse>(await sendBot());
    const externalId = [...stand.bots.keys()].at(-1)!;
    const socket = await connectRealtime(ctx, poc.accessToken);
    await joinRoom(socket, meeting.id);
    const events = collectBotEvents(socket);

    // Waiting in the lobby, then recording: each reaches the meeting's room.
    expect((await stand.stateChange(externalId, { newState: 'waiting_room' })).status).toBe(200);
    await botInState(ctx, poc.accessToken, meeting.id, 'waiting_in_lobby');
    // The app's clock is real time plus the test's advances: what runs between the recording's
    // start and the consent adds real seconds to the cut, more on a loaded machine.
    const beforeRecording = Date.now();
    const recording = await stand.stateChange(externalId, { newState: 'joined_recording' });
    await botInState(ctx, poc.accessToken, meeting.id, 'recording');
    await waitFor(async () => (events.length >= 2 ? true : undefined), 5000, 'two events');
    expect(events.map((e) => e.state)).toEqual(['waiting_in_lobby', 'recording']);

    // The same delivery again (Attendee retries): applied once.
    const replay = await stand.stateChange(
      externalId,
      { newState: 'joined_recording' },
      { idempotencyKey: recording.idempotencyKey },
    );
    expect(replay.status).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(meetingBots)
      .where(eq(meetingBots.id, bot.id));
    expect(row!.history.map((h) => h.state)).toEqual(['joining', 'waiting_in_lobby', 'recording']);

    // Someone else's organisation cannot touch the consent; a participant who sees it can.
    const foreign = await call(ctx, 'PATCH', `/extension/${bot.id}`, {
      token: outsider.accessToken,
      payload: { allowRecording: false },
    });
    expect(foreign.statusCode).toBe(404);
    ctx.clock.advance(4000);
    const stopped = await call(ctx, 'PATCH', `/extension/${bot.id}`, {
      token: poc.accessToken,
      payload: { allowRecording: false },
    });
    expect(json<MeetingBotView>(stopped)).toMatchObject({ allowRecording: false });
    const consentAfterSec = 4 + (Date.now() - beforeRecording) / 1000;
    expect(stand.seen.some((s) => s.path === `/api/v1/bots/${externalId}/pause_recording`)).toBe(
      true,
    );
    await waitFor(
      async () => (events.some((e) => !e.allowRecording) ? true : undefined),
      5000,
      'the consent event',
    );
    const restart = await call(ctx, 'PATCH', `/extension/${bot.id}`, {
      token: poc.accessToken,
      payload: { allowRecording: true },
    });
    expectRefusal(restart, 409, B.cannotRestart);

    // The call ends: Attendee's 10 s recording is imported, cut at the 4 s consent was withdrawn.
    await stand.stateChange(externalId, { newState: 'ended' });
    await botInState(ctx, poc.accessToken, meeting.id, 'left');
    const analysed = await recordingAnalysed(ctx, poc.accessToken, meeting.id);
    expect(analysed.inferenceStatus).not.toBe('failed');
    expect(analysed.type).toBe('offline');
    expect(analysed.storageLink).toBeTruthy();
    const kept = durationOf(storedRecording(ctx.mediaDir, meeting.organizationId, bot.id));
    expect(kept).toBeGreaterThan(3);
    // Cut where consent was withdrawn (within a second of stream-copy slack), far short of 10 s.
    expect(kept).toBeLessThan(Math.min(consentAfterSec + 1, 9));
    // Once it recorded, Attendee was asked to say the announcement aloud (espeak-ng, as MP3).
    const spoken = await waitFor(
      async () => stand.seen.find((s) => s.path === `/api/v1/bots/${externalId}/output_audio`),
      15_000,
      'the spoken announcement',
    );
    const sound = spoken.body as { type: string; data: string };
    expect(sound.type).toBe('audio/mp3');
    const mp3 = Buffer.from(sound.data, 'base64');
    // An MP3 of a few seconds: an ID3 tag or a frame sync, and far more than a header.
    expect(mp3.subarray(0, 3).toString() === 'ID3' || mp3[0] === 0xff).toBe(true);
    expect(mp3.length).toBeGreaterThan(10_000);
    socket.disconnect();
  }, 120_000);

  it('finds the bot by its metadata when a webhook overtakes the answer to the join', async () => {
    stand.announceBeforeAnswer('waiting_room');
    const { meeting, bot } = json<ExtensionResponse>(await sendBot());
    const externalId = [...stand.bots.keys()].at(-1)!;
    expect(stand.bots.get(externalId)?.metadata).toEqual({
      parley_bot_id: bot.id,
      parley_meeting_id: meeting.id,
    });
    expect((await botOf(ctx, poc.accessToken, meeting.id))?.state).toBe('waiting_in_lobby');
    // And later deliveries find it by the service's id as usual.
    await stand.stateChange(externalId, { newState: 'joined_recording' });
    await botInState(ctx, poc.accessToken, meeting.id, 'recording');
  });

  it('refuses a badly signed webhook with 401, logs it, and changes nothing', async () => {
    const { meeting } = json<ExtensionResponse>(await sendBot());
    const externalId = [...stand.bots.keys()].at(-1)!;
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const forged = await stand.stateChange(
      externalId,
      { newState: 'fatal_error' },
      { badSignature: true },
    );
    expect(forged.status).toBe(401);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'attendee' }),
      'bot service webhook refused',
    );
    warn.mockRestore();
    expect((await botOf(ctx, poc.accessToken, meeting.id))?.state).toBe('joining');
  });

  it('shows a failure with its reason', async () => {
    const { meeting } = json<ExtensionResponse>(await sendBot());
    const externalId = [...stand.bots.keys()].at(-1)!;
    await stand.stateChange(externalId, {
      newState: 'fatal_error',
      eventType: 'could_not_join',
      subType: 'meeting_not_started',
    });
    const bot = await botInState(ctx, poc.accessToken, meeting.id, 'failed');
    expect(bot.reason).toBe('Meeting not started');
    const ids = json<{ data: MeetingBotView[] }>(
      await call(ctx, 'GET', `/extension/meetings?ids=${meeting.id}`, { token: poc.accessToken }),
    ).data;
    expect(ids).toEqual([
      expect.objectContaining({ state: 'failed', reason: 'Meeting not started' }),
    ]);
    // Another organisation's library asks for the same meeting: nothing.
    const foreign = json<{ data: MeetingBotView[] }>(
      await call(ctx, 'GET', `/extension/meetings?ids=${meeting.id}`, {
        token: outsider.accessToken,
      }),
    ).data;
    expect(foreign).toEqual([]);
  });
});

describe('the bot login', () => {
  it('keeps the credentials sealed and never answers them', async () => {
    const { bot } = json<ExtensionResponse>(await sendBot());
    const res = await call(ctx, 'POST', '/meeting/login-bot', {
      token: poc.accessToken,
      payload: { email: 'bot@acme.example', password: 'pa55-word!', id: bot.id },
    });
    expect(json(res)).toEqual({ message: B.loginSaved });
    const [row] = await ctx.database.db
      .select()
      .from(meetingBots)
      .where(eq(meetingBots.id, bot.id));
    expect(row!.login).toMatch(/^v1\./);
    expect(row!.login).not.toContain('pa55-word!');
    const read = await call(ctx, 'GET', `/extension/meeting/${bot.meetingId}`, {
      token: poc.accessToken,
    });
    expect(read.body).not.toContain('pa55');
    expect(read.body).not.toContain('login');
    const foreign = await call(ctx, 'POST', '/meeting/login-bot', {
      token: outsider.accessToken,
      payload: { email: 'x@y.example', password: 'p', id: bot.id },
    });
    expectRefusal(foreign, 404, B.loginFailed);
  });
});
