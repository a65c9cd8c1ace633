import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtensionResponse, Room } from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json } from '../../test/context.js';
import { closeRoomSockets, joinCall, recordingSink, rms } from '../../test/rooms-kit.js';

// The Parley Notetaker for real: the server's headless Chromium opens the built bot page,
// two guests in Chromium on fake microphones play fixture speech, and the recording sink must
// hear each of them, by name, with speech energy; the recording then becomes the meeting's.
// The bot is sent with POST extension and the room link once the guests are in, and says its
// announcement aloud: the guests must receive non-silent audio from it.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(import.meta.dirname, '../../../../web/dist');
const SPEECH = path.resolve(import.meta.dirname, '../../../../../fixtures/speech');
const PORT = 9405;
const runnable = existsSync(CHROMIUM) && existsSync(path.join(WEB_DIST, 'worklets/pcm16k.js'));

function voice(name: string, source: string): string {
  const dir = path.join(os.tmpdir(), 'parley-room-voices');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${name}.wav`);
  if (!existsSync(out)) {
    const r = spawnSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      source,
      '-af',
      'loudnorm',
      '-ac',
      '1',
      '-ar',
      '48000',
      out,
    ]);
    if (r.status !== 0) throw new Error(String(r.stderr));
  }
  return out;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-room-bot-'));
const heard = recordingSink();
const who = useSignedInApp(['member'], undefined, {
  env: {
    DATA_DIR: dataDir,
    MEDIA_DIR: path.join(dataDir, 'media'),
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    CHROMIUM_PATH: CHROMIUM,
  },
  webDist: WEB_DIST,
  liveAudio: heard.sink,
});
const browsers: Browser[] = [];
afterAll(async () => {
  closeRoomSockets();
  await Promise.all(browsers.map((b) => b.close()));
});

async function guestJoins(link: string, name: string, wav: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
  browsers.push(browser);
  const page = await browser.newPage();
  // Test instrument: every peer connection the page makes, to read what it receives.
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = made;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    };
  });
  await page.goto(link);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join now' }).click();
  await page.getByRole('button', { name: 'Leave' }).waitFor({ timeout: 20_000 });
  return page;
}

/**
 * Audio energy a guest's page received over its connections that bring no video: the
 * notetaker's, which publishes its voice only (guests send both kinds).
 */
function voiceEnergy(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    let energy = 0;
    for (const pc of pcs) {
      if (pc.connectionState === 'closed') continue;
      const receivesVideo = pc
        .getTransceivers()
        .some(
          (t) =>
            t.receiver.track.kind === 'video' &&
            (t.currentDirection === 'sendrecv' || t.currentDirection === 'recvonly'),
        );
      if (receivesVideo) continue;
      (await pc.getStats()).forEach(
        (r: { type?: string; kind?: string; totalAudioEnergy?: number }) => {
          if (r.type === 'inbound-rtp' && r.kind === 'audio') energy += r.totalAudioEnergy ?? 0;
        },
      );
    }
    return energy;
  });
}

describe.skipIf(!runnable)('the Parley Notetaker in Chromium', () => {
  it('hears each participant under their name, and its recording becomes the meeting’s media', async () => {
    await ctx.app.listen({ port: PORT, host: '127.0.0.1' });
    const res = await call(ctx, 'POST', '/rooms', {
      token: who.member.accessToken,
      payload: { meetingName: 'Notetaker in Chromium' },
    });
    const room = json<Room>(res);
    const host = await joinCall(ctx, {
      meetingId: room.meetingId,
      token: who.member.accessToken,
      recordWithBot: false,
    });
    expect(host.self.role).toBe('host');
    const link = room.guestLink ?? '';
    const jack = await guestJoins(link, 'Jack Kennedy', voice('jfk', path.join(SPEECH, 'jfk.wav')));
    await guestJoins(
      link,
      'Fleur Speaker',
      voice('fleurs', path.join(SPEECH, 'fleurs-en-001.ogg')),
    );
    // Everyone is in: the notetaker is sent to the room's link from outside the call.
    const sent = await call(ctx, 'POST', '/extension', {
      token: who.member.accessToken,
      payload: { meetingLink: room.roomLink, meetingName: 'ignored', language: 'en-US' },
    });
    expect(sent.statusCode).toBe(200);
    expect(json<ExtensionResponse>(sent).meeting.id).toBe(room.meetingId);

    // It says its announcement aloud: a guest receives its voice, well above silence.
    await expect
      .poll(() => voiceEnergy(jack), { timeout: 90_000, interval: 1000 })
      .toBeGreaterThan(0.002);
    console.log(
      `the notetaker's voice at a guest: total audio energy ${(await voiceEnergy(jack)).toFixed(4)}`,
    );

    // Three seconds of each, at least, and it is speech-loud, not silence or noise floor.
    await expect
      .poll(
        () => ['Jack Kennedy', 'Fleur Speaker'].map((n) => heard.heard.get(n)?.samples.length ?? 0),
        { timeout: 90_000, interval: 1000 },
      )
      .toSatisfy((counts: number[]) => counts.every((c) => c >= 48_000));
    for (const name of ['Jack Kennedy', 'Fleur Speaker']) {
      const samples = heard.heard.get(name)?.samples ?? [];
      const level = rms(samples);
      console.log(
        `${name}: ${(samples.length / 16000).toFixed(1)} s of 16 kHz PCM, RMS ${level.toFixed(3)}`,
      );
      expect(level).toBeGreaterThan(0.01);
    }
    expect([...heard.heard.keys()].sort()).toEqual(['Fleur Speaker', 'Jack Kennedy']);

    host.socket.emit('room:end');
    await expect
      .poll(
        async () =>
          json(
            await call(ctx, 'GET', `/meeting/${room.meetingId}`, { token: who.member.accessToken }),
          ).inferenceStatus,
        { timeout: 60_000 },
      )
      .not.toBe('uploaded');
  }, 180_000);
});
