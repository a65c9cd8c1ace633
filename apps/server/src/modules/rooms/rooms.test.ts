import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOM_EVENTS as E, ROOM_MESSAGES as M, type Room } from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json } from '../../test/context.js';
import { derived, ffmpeg, fixture } from '../../test/media.js';
import {
  closeRoomSockets,
  joinCall,
  next,
  pcmOf,
  recordingSink,
  rms,
  socketBot,
} from '../../test/rooms-kit.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-rooms-test-'));
const heard = recordingSink();
const testBot = socketBot(() => ctx);
const who = useSignedInApp(['member', 'poc', 'outsider'], undefined, {
  env: { DATA_DIR: dataDir, MEDIA_DIR: path.join(dataDir, 'media') },
  liveAudio: heard.sink,
  roomBot: testBot.bot,
});
afterEach(closeRoomSockets);

async function createRoom(name = 'Design review'): Promise<Room> {
  const res = await call(ctx, 'POST', '/rooms', {
    token: who.member.accessToken,
    payload: { meetingName: name },
  });
  expect(res.statusCode).toBe(201);
  return json<Room>(res);
}
const guestTokenOf = (room: Room) => (room.guestLink ?? '').split('/join/')[1] ?? '';

describe('rooms', () => {
  it('are live meetings with a room link, and a guest link that expires', async () => {
    const room = await createRoom();
    expect(room.roomLink).toMatch(new RegExp(`/rooms/${room.meetingId}$`));
    expect(room.isHost).toBe(true);
    const meeting = json(
      await call(ctx, 'GET', `/meeting/${room.meetingId}`, {
        token: who.member.accessToken,
      }),
    );
    expect(meeting.type).toBe('live');

    const token = guestTokenOf(room);
    const guest = await call(ctx, 'GET', `/rooms/${room.meetingId}/guest/${token}`);
    expect(guest.statusCode).toBe(200);
    expect(json(guest).meetingName).toBe('Design review');
    const tampered = `${token.slice(0, -2)}${token.endsWith('aa') ? 'bb' : 'aa'}`;
    const bad = await call(ctx, 'GET', `/rooms/${room.meetingId}/guest/${tampered}`);
    expect(json(bad).message).toBe(M.linkInvalid);
    // Another room's guest link does not open this one.
    const other = await createRoom('Other');
    const wrong = await call(ctx, 'GET', `/rooms/${room.meetingId}/guest/${guestTokenOf(other)}`);
    expect(wrong.statusCode).toBe(401);
    // Another organisation does not see the room.
    const outside = await call(ctx, 'GET', `/rooms/${room.meetingId}`, {
      token: who.outsider.accessToken,
    });
    expect(outside.statusCode).toBe(404);

    ctx.clock.advance(25 * 3600_000);
    try {
      const late = await call(ctx, 'GET', `/rooms/${room.meetingId}/guest/${token}`);
      expect(late.statusCode).toBe(410);
      expect(json(late).message).toBe(M.linkExpired);
      await expect(
        joinCall(ctx, { meetingId: room.meetingId, guestToken: token, name: 'Late' }),
      ).rejects.toThrow(M.linkExpired);
    } finally {
      ctx.clock.advance(-25 * 3600_000);
    }
  });

  it('relays signalling only to the named participant, with the sender the server knows', async () => {
    const room = await createRoom();
    const guestToken = guestTokenOf(room);
    const host = await joinCall(ctx, {
      meetingId: room.meetingId,
      token: who.member.accessToken,
      recordWithBot: false,
    });
    expect(host.self.role).toBe('host');
    await expect(
      joinCall(ctx, { meetingId: room.meetingId, guestToken, name: '  ' }),
    ).rejects.toThrow(M.nameRequired);
    const guest = await joinCall(ctx, { meetingId: room.meetingId, guestToken, name: 'Gina' });
    expect(guest.welcome.participants?.map((p) => p.name)).toContain(guest.self.name);
    expect(guest.welcome.iceServers).toEqual([]);

    // A message claiming to be from someone else is dropped.
    const spoofed = next(host.socket, E.offer, 500);
    guest.socket.emit(E.offer, {
      from: 'someone-else',
      to: host.self.id,
      description: { sdp: 'x' },
    });
    expect(await spoofed).toBeNull();
    // One to a participant of another call is dropped too.
    const otherRoom = await createRoom('Elsewhere call');
    const stranger = await joinCall(ctx, {
      meetingId: otherRoom.meetingId,
      token: who.member.accessToken,
      recordWithBot: false,
    });
    const crossed = next(stranger.socket, E.candidate, 500);
    guest.socket.emit(E.candidate, { to: stranger.self.id, candidate: { candidate: 'c' } });
    expect(await crossed).toBeNull();

    const offer = next<Record<string, unknown>>(host.socket, E.offer);
    guest.socket.emit(E.offer, { to: host.self.id, description: { type: 'offer', sdp: 'v=0' } });
    expect(await offer).toEqual({
      from: guest.self.id,
      to: host.self.id,
      description: { type: 'offer', sdp: 'v=0' },
    });

    const chat = next<{ name: string; text: string }>(host.socket, E.chat);
    guest.socket.emit(E.chat, { text: 'Hello there' });
    expect(await chat).toMatchObject({ name: 'Gina', text: 'Hello there' });

    // Six people at most: four more fit, the seventh is told the room is full.
    for (let i = 0; i < 4; i++) {
      await joinCall(ctx, { meetingId: room.meetingId, guestToken, name: `Guest ${i}` });
    }
    await expect(
      joinCall(ctx, { meetingId: room.meetingId, guestToken, name: 'Seventh' }),
    ).rejects.toThrow(M.full);

    // Only the host ends the call for everyone.
    guest.socket.emit(E.end);
    expect(await next(guest.socket, E.ended, 500)).toBeNull();
    const ended = next(guest.socket, E.ended);
    host.socket.emit(E.end);
    expect(await ended).toMatchObject({ reason: 'The host ended the call.' });
    await expect(
      joinCall(ctx, { meetingId: room.meetingId, guestToken, name: 'After' }),
    ).rejects.toThrow(M.ended);
  });
});

const webmRecording = () =>
  derived('room-recording.webm', (out) =>
    ffmpeg([
      '-i',
      fixture('talking-face.mp4'),
      '-t',
      '6',
      '-c:v',
      'libvpx',
      '-b:v',
      '300k',
      '-c:a',
      'libopus',
      out,
    ]),
  );

describe('the room bot', () => {
  /** A room with its host and a named guest in the call, and the notetaker joined as bot `nth`. */
  async function callWithGuest(title: string, guestName: string, nth: number) {
    const room = await createRoom(title);
    const host = await joinCall(ctx, { meetingId: room.meetingId, token: who.member.accessToken });
    const guest = await joinCall(ctx, {
      meetingId: room.meetingId,
      guestToken: guestTokenOf(room),
      name: guestName,
    });
    const bot = await testBot.joined(nth);
    return { room, host, guest, bot };
  }

  // The recording is made with ffmpeg and imported through the pipeline's first step: minutes
  // rather than seconds when the whole suite loads the machine.
  it(
    'streams each participant’s audio under their name, records, and the call becomes the meeting’s media',
    { timeout: 90_000 },
    async () => {
      const { room, host, guest, bot } = await callWithGuest('Recorded call', 'Gina Guest', 0);
      expect(testBot.joins[0]).toMatchObject({
        meetingId: room.meetingId,
        botName: 'Parley Notetaker',
      });
      expect(bot.self.role).toBe('bot');

      const recording = next<{ state: string }>(guest.socket, E.recording);
      bot.socket.emit(E.botRecording);
      expect(await recording).toMatchObject({ state: 'recording' });

      // Speech for the host, silence for the guest... then speech for the guest too.
      const speech = pcmOf(
        path.resolve(import.meta.dirname, '../../../../../fixtures/speech/jfk.wav'),
      );
      const frame = 3200; // 100 ms
      for (let at = 0; at + frame <= 16000 * 2 * 3; at += frame) {
        bot.socket.emit(E.botAudio, {
          participantId: host.self.id,
          pcm: speech.subarray(at, at + frame),
        });
        bot.socket.emit(E.botAudio, {
          participantId: guest.self.id,
          pcm: speech.subarray(at + 96000, at + 96000 + frame),
        });
      }
      // Audio for nobody in the call, or for the bot itself, is not heard.
      bot.socket.emit(E.botAudio, { participantId: 'nobody', pcm: speech.subarray(0, frame) });
      bot.socket.emit(E.botAudio, { participantId: bot.self.id, pcm: speech.subarray(0, frame) });

      const file = readFileSync(webmRecording());
      const slices = [file.subarray(0, 20_000), file.subarray(20_000)];
      slices.forEach((data, seq) => bot.socket.emit(E.botChunk, { seq, data }));

      await expect.poll(() => heard.heard.get('Gina Guest')?.samples.length ?? 0).toBe(48000);
      const names = [...heard.heard.keys()].sort();
      expect(names).toHaveLength(2);
      expect(names).toContain('Gina Guest');
      for (const { samples } of heard.heard.values()) expect(rms(samples)).toBeGreaterThan(0.02);

      const ended = next(guest.socket, E.ended);
      host.socket.emit(E.end);
      expect(await ended).not.toBeNull();
      await expect
        .poll(
          async () => {
            const m = json(
              await call(ctx, 'GET', `/meeting/${room.meetingId}`, {
                token: who.member.accessToken,
              }),
            );
            return m.inferenceStatus;
          },
          { timeout: 60_000 },
        )
        .not.toBe('uploaded');
      expect(heard.log.filter((l) => l.endsWith(room.meetingId))).toEqual([
        `open ${room.meetingId}`,
        `close ${room.meetingId}`,
      ]);
      expect(heard.log.filter((l) => l.startsWith('open'))).toHaveLength(1);
    },
  );

  it('stops at once when any participant withdraws consent, and keeps nothing after it', async () => {
    const { room, host, guest, bot } = await callWithGuest('Consent call', 'Carl', 1);
    bot.socket.emit(E.botRecording);
    expect(await next(host.socket, E.recording)).toMatchObject({ state: 'recording' });
    const file = readFileSync(webmRecording());
    const cut = 30_000;
    bot.socket.emit(E.botChunk, { seq: 0, data: file.subarray(0, cut) });
    const speech = Buffer.alloc(3200, 0x40);
    bot.socket.emit(E.botAudio, { participantId: guest.self.id, pcm: speech });
    await expect.poll(() => heard.heard.get('Carl')?.samples.length ?? 0).toBe(1600);

    const told = next(bot.socket, E.botStop);
    const seen = next<{ state: string; reason: string }>(host.socket, E.recording);
    guest.socket.emit(E.stopRecording);
    expect(await seen).toEqual({ state: 'stopped', reason: M.recordingStopped });
    await told;
    // What the bot still sends after the request is dropped.
    bot.socket.emit(E.botChunk, { seq: 1, data: file.subarray(cut) });
    bot.socket.emit(E.botAudio, { participantId: guest.self.id, pcm: speech });

    host.socket.emit(E.end);
    let meeting: Record<string, unknown> = {};
    await expect
      .poll(
        async () => {
          meeting = json(
            await call(ctx, 'GET', `/meeting/${room.meetingId}`, { token: who.member.accessToken }),
          );
          return meeting.inferenceStatus;
        },
        { timeout: 20_000 },
      )
      .not.toBe('uploaded');
    expect(heard.heard.get('Carl')?.samples.length).toBe(1600);
    const stored = readFileSync(
      path.join(
        dataDir,
        'media',
        String(meeting.organizationId ?? ''),
        'uploads',
        `room-${room.meetingId}.mkv`,
      ),
    );
    // The kept recording is the first slice only, remuxed: far smaller than the whole file.
    expect(stored.length).toBeLessThan(cut * 1.5);
  });

  it('keeps what is said while the notetaker starts, and hands it over once the live session opens', async () => {
    const { room, host, guest, bot } = await callWithGuest('Early words', 'Hana', 2);
    // The guest's first words reach the server before the bot says it records.
    const early = Buffer.alloc(4800, 0x11);
    const later = Buffer.alloc(3200, 0x22);
    bot.socket.emit(E.botAudio, { participantId: guest.self.id, pcm: early.subarray(0, 3200) });
    bot.socket.emit(E.botAudio, { participantId: guest.self.id, pcm: early.subarray(3200) });
    const recording = next(host.socket, E.recording);
    bot.socket.emit(E.botRecording);
    expect(await recording).toMatchObject({ state: 'recording' });
    bot.socket.emit(E.botAudio, { participantId: guest.self.id, pcm: later });
    await expect.poll(() => heard.heard.get('Hana')?.samples.length ?? 0).toBe(4000);
    // In order: the held words first, as one piece after the session opened, then the rest.
    const samples = heard.heard.get('Hana')!.samples;
    expect(new Set(samples.slice(0, 2400))).toEqual(new Set([0x1111]));
    expect(new Set(samples.slice(2400))).toEqual(new Set([0x2222]));
    expect(heard.log.filter((l) => l.endsWith(room.meetingId))).toEqual([`open ${room.meetingId}`]);
    host.socket.emit(E.end);
    expect(await next(guest.socket, E.ended, 20_000)).not.toBeNull();
  });

  it('keeps nothing of what was said before recording when consent is withdrawn first', async () => {
    const { room, host, guest, bot } = await callWithGuest('Early refusal', 'Ivo', 3);
    bot.socket.emit(E.botAudio, { participantId: guest.self.id, pcm: Buffer.alloc(3200, 0x33) });
    const stopped = next<{ state: string }>(host.socket, E.recording);
    guest.socket.emit(E.stopRecording);
    expect(await stopped).toMatchObject({ state: 'stopped' });
    // The bot's own start, late, does not start the recording or the live session.
    bot.socket.emit(E.botRecording);
    bot.socket.emit(E.botAudio, { participantId: guest.self.id, pcm: Buffer.alloc(3200, 0x33) });
    expect(await next(host.socket, E.recording, 1000)).toBeNull();
    expect(heard.heard.get('Ivo')).toBeUndefined();
    expect(heard.log.filter((l) => l.endsWith(room.meetingId))).toEqual([]);
    host.socket.emit(E.end);
    expect(await next(guest.socket, E.ended, 20_000)).not.toBeNull();
  });
});
