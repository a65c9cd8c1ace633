import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { switchThemeInPlace, useOwnServer, waitProcessed } from './meeting-support';
import { expect, signIn, test } from './support';

// A Parley room end to end: the host and a guest on fake cameras and microphones playing
// fixture speech, the Parley Notetaker (the server's own headless Chromium) joins and records,
// the host runs live physiology on their own face, the host ends the call, and the recording
// is analysed as the meeting's media.
//
// Live physiology and live verification are in Interview Intelligence, which the demo plan
// leaves out: this journey runs its own server (E2E_PORT + 103, its own data folder) whose
// demo organisation is seeded with it, and the other journeys keep the plan they expect.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 103;
test.use({ baseURL: `http://localhost:${PORT}` });
useOwnServer({
  port: PORT,
  bundles: 'Essentials,Sales Suite,Interview Intelligence',
  // The recording's face signals, now in the plan, at one frame a second (as video-signals).
  env: { VIDEO_FPS: '1' },
});

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const WORK = path.join(os.tmpdir(), 'parley-e2e-room-media');

/** Fixture media as Chromium's fake devices read them (WAV; Y4M video), made once. */
function fakeMedia(name: string, args: string[]): string {
  mkdirSync(WORK, { recursive: true });
  const out = path.join(WORK, name);
  if (!existsSync(out)) {
    const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args, out], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  }
  return out;
}

const hostVideo = () =>
  fakeMedia('host.y4m', [
    ...['-i', path.join(FIXTURES, 'video/talking-face.mp4'), '-t', '6'],
    ...['-vf', 'scale=640:360,fps=15', '-pix_fmt', 'yuv420p'],
  ]);
const hostVoice = () =>
  fakeMedia('host.wav', ['-i', path.join(FIXTURES, 'speech/jfk.wav'), '-ac', '1', '-ar', '48000']);
const guestVoice = () =>
  fakeMedia('guest.wav', [
    ...['-i', path.join(FIXTURES, 'speech/fleurs-en-001.ogg')],
    ...['-af', 'loudnorm', '-ac', '1', '-ar', '48000'],
  ]);

const fakeDevices = (audio: string, video?: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${audio}`,
  ...(video ? [`--use-file-for-fake-video-capture=${video}`] : []),
  '--autoplay-policy=no-user-gesture-required',
];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

async function screenshots(page: Page, name: string, fullPage = false) {
  for (const theme of ['light', 'dark'] as const) {
    await switchThemeInPlace(page, theme);
    // Colours ease over 150 ms (transition-colors): a picture taken at once mixes both themes.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screens/rooms-${name}-${theme}.png`, fullPage });
  }
  await switchThemeInPlace(page, 'light');
}

test.describe('Parley rooms', () => {
  // The call runs until the first final live words (up to 4 min when the transcriber falls
  // behind), then its whole recording is analysed: minutes each on 2 cores.
  test.setTimeout(1_080_000);
  test.use({ actionTimeout: 30_000 });
  let guestBrowser: Browser | null = null;
  test.afterAll(async () => guestBrowser?.close());

  test('host and guest meet, the notetaker records, and the call is analysed', async ({
    baseURL,
  }) => {
    const host = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...fakeDevices(hostVoice(), hostVideo())],
    });
    guestBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...fakeDevices(guestVoice())],
    });
    try {
      const page = await (
        await host.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
      ).newPage();
      await signIn(page, 'user@acme.parley.local');

      // The host makes a room and gets its links.
      await page.goto('/library');
      await page.getByRole('link', { name: 'Host a call' }).click();
      await page.getByLabel('Meeting name').fill('Room journey');
      await page.getByRole('button', { name: 'Create room' }).click();
      const guestLink = await page.getByRole('textbox', { name: 'Guest link' }).inputValue();
      expect(guestLink).toMatch(/\/rooms\/[0-9a-f-]{36}\/join\/[A-Za-z0-9_-]+$/);
      await page.getByRole('link', { name: 'Go to the room' }).click();

      // Pre-join: preview, pickers, a moving level meter, the notetaker on by default.
      await expect(page.getByRole('button', { name: 'Join now' })).toBeEnabled({ timeout: 20_000 });
      await expect(page.getByLabel('Camera', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Microphone', { exact: true })).toBeVisible();
      await expect
        .poll(
          async () =>
            Number(
              await page
                .getByRole('meter', { name: 'Microphone level' })
                .getAttribute('aria-valuenow'),
            ),
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      await expect(
        page.getByRole('checkbox', { name: 'Record with Parley Notetaker' }),
      ).toBeChecked();
      await screenshots(page, 'prejoin');
      await page.getByRole('button', { name: 'Join now' }).click();
      await expect(page.getByRole('button', { name: 'End for everyone' })).toBeVisible();

      // The guest joins by the link, with a name.
      const guest = await (
        await guestBrowser.newContext({ viewport: { width: 1100, height: 760 } })
      ).newPage();
      await guest.goto(guestLink);
      await guest.getByRole('button', { name: 'Join now' }).click();
      await expect(guest.getByText('Enter your name to join.')).toBeVisible();
      await guest.getByLabel('Your name').fill('Gina Guest');
      await guest.getByRole('button', { name: 'Join now' }).click();

      // Everyone sees everyone; the notetaker announces itself and records.
      const participants = page.getByRole('main', { name: 'Participants' });
      await expect(participants.getByText('Gina Guest')).toBeVisible({ timeout: 20_000 });
      await expect(participants.getByText('Parley Notetaker')).toBeVisible({ timeout: 60_000 });
      await expect(
        page.getByRole('complementary', { name: 'Chat' }).getByText(/I am Parley Notetaker/),
      ).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(guest.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible();
      // The live transcript: the fixture speech's final words reach the host while the call runs
      // (the fake microphones speak from the start, so this bounds the speech-to-final delay).
      const recordingAt = Date.now();
      const transcript = page.getByRole('list', { name: 'Live transcript' });
      await expect(
        transcript.locator('li').filter({ hasNotText: '(still speaking)' }).first(),
      ).toBeVisible({ timeout: 240_000 });
      console.log(
        `live transcript: first final words ${((Date.now() - recordingAt) / 1000).toFixed(1)} s after recording began`,
      );
      await expect(
        page
          .getByRole('region', { name: 'Live analytics' })
          .getByText(/ · \d+%$/)
          .first(),
      ).toBeVisible({ timeout: 30_000 });
      // The guest's video plays at the host's side.
      await expect
        .poll(
          () =>
            participants
              .locator('video')
              .evaluateAll((vs) => vs.filter((v) => (v as HTMLVideoElement).videoWidth > 0).length),
          { timeout: 30_000 },
        )
        .toBeGreaterThanOrEqual(2);
      await guest.getByLabel('Message').fill('Hello from the guest');
      await guest.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText('Hello from the guest')).toBeVisible();
      await screenshots(page, 'call');

      // Live physiology in the call: the face guide over the host's own video and the live
      // cards, light and dark, at a desktop's width and a phone's (issue 18, looked at by eye).
      await page.getByRole('button', { name: 'Start physiology' }).click();
      const stopPhysiology = page.getByRole('button', { name: 'Stop physiology' });
      // Starting is a few queries, but the server shares 2 cores with the notetaker's
      // browser and two decoders: allow a loaded machine its time.
      await expect(stopPhysiology).toBeVisible({ timeout: 60_000 });
      const ownTile = participants.locator('figure').filter({ hasText: '(you)' });
      await expect(ownTile.getByTestId('live-face-guide')).toBeVisible();
      await expect(ownTile.getByText('Center your face in the frame.')).toBeVisible();
      // The detector started (no 'Error Initializing Detector') and follows the face. Its
      // model loads in about 2 s alone; with the call's decoders on 2 cores, far longer.
      await expect(ownTile.getByTestId('face-guide')).toHaveAttribute(
        'data-state',
        /^(in|out-of)-region$/,
        { timeout: 90_000 },
      );
      // The first estimate of the window: a heart rate labelled as an estimate, or the
      // honest 'Not enough signal' with its reason.
      const estimate = page
        .getByRole('region', { name: 'Live physiology' })
        .getByTestId('live-physiology-estimate');
      await expect(estimate).toBeVisible({ timeout: 20_000 });
      await expect(estimate).toHaveText(
        /^(\d+\s*bpm heart rate\s*Estimate.*not a medical measurement|Not enough signal.+)/,
      );
      // Live verification: nobody was invited to register for this call, and it says so.
      const verification = page.getByRole('region', { name: 'Live verification' });
      await expect(
        verification.getByText('No participants were invited to this meeting.'),
      ).toBeVisible();
      await expect(verification.getByText('Waiting for verification...')).toHaveCount(0);
      // A few more seconds of the window, so the pictures show what a person sees after a while.
      await page.waitForTimeout(6000);
      await screenshots(page, 'physiology-1280', true);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(500);
      await screenshots(page, 'physiology-390', true);
      await page.setViewportSize({ width: 1280, height: 800 });
      await stopPhysiology.click();
      await expect(page.getByRole('button', { name: 'Start physiology' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(ownTile.getByTestId('live-face-guide')).toHaveCount(0);

      // Then the guest withdraws consent, and everyone sees it stopped (the call has run for
      // the seconds of physiology above).
      await page.waitForTimeout(2000);
      await guest.getByRole('button', { name: 'Stop recording' }).click();
      for (const p of [page, guest]) {
        await expect(p.getByRole('status').filter({ hasText: 'Recording stopped' })).toBeVisible();
        await expect(p.getByRole('button', { name: 'Stop recording' })).toHaveCount(0);
      }
      await expect(participants.getByText('not recording')).toBeVisible();
      await page.waitForTimeout(2000);
      // The host ends the call for everyone.
      await page.getByRole('button', { name: 'End for everyone' }).click();
      await expect(guest.getByText('This call has ended.')).toBeVisible();
      await expect(page.getByText('This call has ended.')).toBeVisible();
      await page.getByRole('link', { name: 'Open the meeting' }).click();
      await expect(page).toHaveURL(/\/library\/[0-9a-f-]{36}$/);

      // The recording became the meeting's media and goes through the offline analysis.
      await expect(page.getByTestId('meeting-status')).toBeVisible({ timeout: 60_000 });
      const endedAt = Date.now();
      await waitProcessed(page, 600_000);
      console.log(
        `room recording analysed ${((Date.now() - endedAt) / 1000).toFixed(0)} s after the call`,
      );
      await expect(page.getByRole('heading', { name: 'Room journey' })).toBeVisible();
      // The recording plays: it has a length, and the player has the call's video.
      await expect(page.getByText('Participant did not join.')).toHaveCount(0);
      await expect(page.getByText(/^0 seconds$/)).toHaveCount(0);
      // The bot's banner no longer waits for a recording that has arrived.
      await expect(page.getByTestId('bot-banner-text')).toHaveText(
        /Its recording is this meeting’s media\./,
      );
      await screenshots(page, 'meeting');
    } finally {
      await host.close();
    }
  });
});
