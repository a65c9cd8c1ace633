import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ROOM_EVENTS as E,
  ROOM_MESSAGES as M,
  type ExtensionResponse,
  type MeetingBotView,
  type Room,
} from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { botOf } from '../../test/bots-kit.js';
import { call, json } from '../../test/context.js';
import {
  closeRoomSockets,
  joinCall,
  next,
  recordingSink,
  socketBot,
} from '../../test/rooms-kit.js';

// Issue 18: the Parley Notetaker behind the bots module's MeetingBot ('parley'): a room link
// sent to POST extension brings it into the room's own meeting, once; its states are the same
// meeting_bots rows the service bots have, so the meeting page and the library show them.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-notetaker-test-'));
const heard = recordingSink();
const testBot = socketBot(() => ctx);
const who = useSignedInApp(['member', 'outsider'], undefined, {
  env: { DATA_DIR: dataDir, MEDIA_DIR: path.join(dataDir, 'media') },
  liveAudio: heard.sink,
  roomBot: testBot.bot,
});
afterEach(closeRoomSockets);

async function createRoom(name: string): Promise<Room> {
  const res = await call(ctx, 'POST', '/rooms', {
    token: who.member.accessToken,
    payload: { meetingName: name },
  });
  expect(res.statusCode).toBe(201);
  return json<Room>(res);
}

const sendBot = (link: string, token = who.member.accessToken) =>
  call(ctx, 'POST', '/extension', {
    token,
    payload: { meetingLink: link, meetingName: 'Sent by link', language: 'en-US' },
  });

const stateOf = async (meetingId: string) =>
  (await botOf(ctx, who.member.accessToken, meetingId))?.state;

const libraryBadges = async (ids: string[]) =>
  json<{ data: MeetingBotView[] }>(
    await call(ctx, 'GET', `/extension/meetings?ids=${ids.join(',')}`, {
      token: who.member.accessToken,
    }),
  ).data;

describe('the Parley Notetaker as a meeting bot', () => {
  it('joins a room sent to POST extension, into the room’s meeting, once, and its states are kept', async () => {
    const room = await createRoom('Sent to the extension');
    const before = testBot.joins.length;

    // Another organisation cannot send a bot into this room.
    const foreign = await sendBot(room.roomLink, who.outsider.accessToken);
    expect(foreign.statusCode).toBe(404);
    expect(testBot.joins.length).toBe(before);

    const first = await sendBot(room.roomLink);
    expect(first.statusCode).toBe(200);
    const sent = json<ExtensionResponse>(first);
    expect(sent.meeting.id).toBe(room.meetingId);
    expect(sent.bot).toMatchObject({ provider: 'parley', state: 'joining' });
    const bot = await testBot.joined(before);
    expect(testBot.joins[before]).toMatchObject({
      meetingId: room.meetingId,
      botId: sent.bot.id,
      botName: 'Parley Notetaker',
    });
    expect(bot.self.role).toBe('bot');

    // The same link again, and the host's own join: the bot already there answers.
    const again = json<ExtensionResponse>(await sendBot(room.roomLink));
    expect(again.bot.id).toBe(sent.bot.id);
    const host = await joinCall(ctx, { meetingId: room.meetingId, token: who.member.accessToken });
    expect(host.welcome.participants?.filter((p) => p.role === 'bot')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(testBot.joins.length).toBe(before + 1);

    const recording = next<{ state: string }>(host.socket, E.recording);
    bot.socket.emit(E.botRecording);
    expect(await recording).toMatchObject({ state: 'recording' });
    await expect.poll(() => stateOf(room.meetingId), { timeout: 5000 }).toBe('recording');
    const [badge] = await libraryBadges([room.meetingId]);
    expect(badge).toMatchObject({ id: sent.bot.id, provider: 'parley', state: 'recording' });

    // Consent withdrawn through PATCH extension/{id} reaches the bot in the room.
    const told = next(bot.socket, E.botStop);
    const seen = next<{ state: string }>(host.socket, E.recording);
    const patch = await call(ctx, 'PATCH', `/extension/${sent.bot.id}`, {
      token: who.member.accessToken,
      payload: { allowRecording: false },
    });
    expect(patch.statusCode).toBe(200);
    expect(await seen).toMatchObject({ state: 'stopped', reason: M.recordingStopped });
    expect(await told).not.toBeNull();

    host.socket.emit(E.end);
    await expect.poll(() => stateOf(room.meetingId), { timeout: 15_000 }).toBe('left');
  });

  it('is started through the bots module when the host joins, and a failed join says why', async () => {
    const room = await createRoom('Host starts it');
    testBot.failNextJoin();
    const host = await joinCall(ctx, { meetingId: room.meetingId, token: who.member.accessToken });
    await expect.poll(() => stateOf(room.meetingId), { timeout: 5000 }).toBe('failed');
    const failed = await botOf(ctx, who.member.accessToken, room.meetingId);
    expect(failed?.reason).toBe('The bot service did not accept the bot');
    expect(failed?.provider).toBe('parley');

    // The call goes on unrecorded; the next join of the host asks again, and this one gets in.
    const before = testBot.joins.length;
    host.socket.disconnect();
    const back = await joinCall(ctx, { meetingId: room.meetingId, token: who.member.accessToken });
    const bot = await testBot.joined(before);
    expect(testBot.joins[before]?.meetingId).toBe(room.meetingId);
    await expect.poll(() => stateOf(room.meetingId), { timeout: 5000 }).toBe('joining');
    bot.socket.emit(E.botRecording);
    await expect.poll(() => stateOf(room.meetingId), { timeout: 5000 }).toBe('recording');
    back.socket.emit(E.end);
    await expect.poll(() => stateOf(room.meetingId), { timeout: 15_000 }).toBe('left');
  });
});
