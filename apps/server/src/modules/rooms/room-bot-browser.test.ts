import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Room } from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json } from '../../test/context.js';
import { closeRoomSockets, joinCall, recordingSink, rms } from '../../test/rooms-kit.js';

// The Parley Notetaker for real: the server's headless Chromium opens the built bot page,
// two guests in Chromium on fake microphones play fixture speech, and the recording sink must
// hear each of them, by name, with speech energy; the recording then becomes the meeting's.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(import.meta.dirname, '../../../../web/dist');
const SPEECH = path.resolve(import.meta.dirname, '../../../../../fixtures/speech');
const PORT = 9460;
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
  await page.goto(link);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join now' }).click();
  await page.getByRole('button', { name: 'Leave' }).waitFor({ timeout: 20_000 });
  return page;
}

describe.skipIf(!runnable)('the Parley Notetaker in Chromium', () => {
  it('hears each participant under their name, and its recording becomes the meeting’s media', async () => {
    await ctx.app.listen({ port: PORT, host: '127.0.0.1' });
    const res = await call(ctx, 'POST', '/rooms', {
      token: who.member.accessToken,
      payload: { meetingName: 'Notetaker in Chromium' },
    });
    const room = json<Room>(res);
    const host = await joinCall(ctx, { meetingId: room.meetingId, token: who.member.accessToken });
    expect(host.self.role).toBe('host');
    const link = room.guestLink ?? '';
    await guestJoins(link, 'Jack Kennedy', voice('jfk', path.join(SPEECH, 'jfk.wav')));
    await guestJoins(
      link,
      'Fleur Speaker',
      voice('fleurs', path.join(SPEECH, 'fleurs-en-001.ogg')),
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
