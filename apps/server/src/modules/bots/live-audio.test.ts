import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { decodeAll } from '@parley/analysis';
import {
  REALTIME,
  type ExtensionResponse,
  type LiveSegment,
  type LiveTranscript,
} from '@parley/contracts';
import { SEEDED_ACCOUNTS } from '../../test/app-kit.js';
import { startAttendeeStandIn, type AttendeeStandIn } from '../../test/attendee-stand-in.js';
import { botInState, callRecording } from '../../test/bots-kit.js';
import { call, json, signIn, type SignedIn } from '../../test/context.js';
import { createMediaContext } from '../../test/media.js';
import { connectRealtime, joinRoom } from '../../test/realtime.js';

/**
 * Issue 18: live audio from a bot service. Parley gives Attendee a websocket address (a token
 * per bot) when it asks the bot to join; Attendee names the participants by webhook and
 * streams each one's 16 kHz PCM; the live transcriber (pocketsphinx) turns it into final words
 * under their names, on the meeting's realtime room, until the bot leaves.
 */

const PORT = 9212;
let stand: AttendeeStandIn;
let ctx: Awaited<ReturnType<typeof createMediaContext>>;
let poc: SignedIn;

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
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await stand?.close();
});

const fixture = (rel: string) =>
  new URL(`../../../../../fixtures/${rel}`, import.meta.url).pathname;

async function pcm16k(rel: string): Promise<Buffer> {
  const f = await decodeAll(fixture(rel));
  const ints = Int16Array.from(f, (x) => Math.max(-32768, Math.min(32767, Math.round(x * 32767))));
  return Buffer.from(ints.buffer);
}

function refused(url: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('error', () => resolve(-1));
  });
}

describe('live audio from a bot service', () => {
  it('turns Attendee’s per-participant stream into final live words under each name', async () => {
    const res = await call(ctx, 'POST', '/extension', {
      token: poc.accessToken,
      payload: {
        meetingLink: 'https://us05web.zoom.us/j/84315220467?pwd=live',
        meetingName: 'Live from Zoom',
        language: 'en-US',
      },
    });
    expect(res.statusCode).toBe(200);
    const { meeting, bot } = json<ExtensionResponse>(res);
    const [externalId, asked] = [...stand.bots.entries()].at(-1)!;
    expect(asked.audioUrl).toContain(`/api/v1/bots/live-audio/attendee/${bot.id}?token=`);

    // Without the bot's token, or with another bot's, nothing is let in.
    const url = new URL(asked.audioUrl!);
    url.searchParams.set('token', 'forged');
    expect(await refused(url.toString())).toBe(401);
    const elsewhere = asked.audioUrl!.replace(bot.id, crypto.randomUUID());
    expect(await refused(elsewhere)).toBe(401);

    await stand.stateChange(externalId, { newState: 'joined_recording' });
    await botInState(ctx, poc.accessToken, meeting.id, 'recording');

    const socket = await connectRealtime(ctx, poc.accessToken);
    const segments: LiveSegment[] = [];
    const ended: unknown[] = [];
    socket.on(REALTIME.liveSegment, (s: LiveSegment) => segments.push(s));
    socket.on(REALTIME.liveEnded, (e: unknown) => ended.push(e));
    await joinRoom(socket, meeting.id);

    const sent = await stand.streamCall(externalId, [
      { id: '16778240', name: 'Jack Kennedy', pcm: await pcm16k('speech/jfk.wav') },
      { id: '16779264', name: 'Fleur Speaker', pcm: await pcm16k('speech/fleurs-en-000.ogg') },
    ]);
    expect(sent).toBeGreaterThan(100);

    const started = Date.now();
    await expect
      .poll(
        async () =>
          json<LiveTranscript>(
            await call(ctx, 'GET', `/live/transcript/${meeting.id}`, { token: poc.accessToken }),
          ).segments.filter((s) => s.isFinal).length,
        { timeout: 150_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    console.log(
      `first final live words ${((Date.now() - started) / 1000).toFixed(1)} s after the stream`,
    );

    // The bot leaves: the rest is transcribed and the live session ends.
    await stand.stateChange(externalId, { newState: 'post_processing' });
    await expect.poll(() => ended.length, { timeout: 60_000 }).toBe(1);
    const finals = segments.filter((s) => s.isFinal);
    const said = (name: string) =>
      finals
        .filter((s) => s.name === name)
        .map((s) => s.content)
        .join(' ');
    console.log(`Jack Kennedy: ${said('Jack Kennedy')}\nFleur Speaker: ${said('Fleur Speaker')}`);
    expect(said('Jack Kennedy')).toMatch(/country/);
    expect(new Set(finals.map((s) => s.name))).toEqual(new Set(['Jack Kennedy', 'Fleur Speaker']));
    socket.disconnect();

    // A bot that left streams into nothing: its address now closes at once.
    const closed = await new Promise<number>((resolve) => {
      const late = new WebSocket(asked.audioUrl!);
      late.once('close', (code) => resolve(code));
      late.once('error', () => resolve(-1));
    });
    expect(closed).toBe(1008);
  }, 300_000);
});
