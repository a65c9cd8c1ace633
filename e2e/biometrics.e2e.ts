import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, toast } from './support';
import { setTheme, useOwnServer, switchThemeInPlace, uploadRecording } from './meeting-support';

/**
 * Participant biometrics end to end: a staff member invites a participant from the meeting
 * page; the participant opens the e-mailed link, grants Chromium's fake camera (fed with
 * talking-face.mp4 as .y4m and .wav), records and sees 'Registration Successful'; the staff
 * member verifies the meeting, watches the job's progress (also after a reload) and sees the
 * participant verified.
 *
 * The demo organisation's plan leaves Biometrics out, so this journey runs its own server
 * (port E2E_PORT + 100, its own data folder) seeded with the Interview Intelligence bundle,
 * and the other journeys keep the locked features they expect.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'fixtures/video/talking-face.mp4');
const SCREENS = 'test-results/screens';
const PORT = Number(process.env.E2E_PORT ?? 8181) + 101;
const BASE = `http://localhost:${PORT}`;
const WORK = mkdtempSync(path.join(os.tmpdir(), 'parley-biometrics-e2e-'));
const Y4M = path.join(WORK, 'camera.y4m');
const WAV = path.join(WORK, 'microphone.wav');

function ffmpeg(args: string[]) {
  const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
}
// Chromium's fake devices read these at launch, so they are made when the file loads.
ffmpeg(['-i', SOURCE, '-t', '10', '-vf', 'scale=640:480,fps=15', '-pix_fmt', 'yuv420p', Y4M]);
ffmpeg(['-i', SOURCE, '-t', '10', '-vn', '-ac', '1', '-ar', '48000', WAV]);

test.use({
  baseURL: BASE,
  viewport: { width: 1440, height: 900 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      ...['--disable-component-update', '--no-first-run', '--disable-sync'],
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${Y4M}`,
      `--use-file-for-fake-audio-capture=${WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

useOwnServer({
  port: PORT,
  bundles: 'Essentials,Sales Suite,Interview Intelligence',
});

test.afterAll(() => {
  rmSync(WORK, { recursive: true, force: true });
});

/**
 * After a reload the meeting page's sections above the card load one by one and push it down:
 * shoot it once nothing is loading any more.
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.getByRole('region', { name: 'Biometric verification' }).scrollIntoViewIfNeeded();
}

/**
 * Both themes of a page that must not reload (its state would be lost): the theme is changed
 * the way another tab changes it, through the storage event the app listens to.
 */
async function shootLive(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await switchThemeInPlace(page, theme);
    await page.screenshot({ path: `${SCREENS}/${name}-${theme}.png`, fullPage: true });
  }
  await switchThemeInPlace(page, 'light');
}

/** From the invitation's first step to the camera step, agreeing and allowing the camera. */
async function openCamera(p: Page, link: string) {
  await p.goto(link);
  await p.getByText('I agree to the biometric registration of my face and voice').click();
  await p.getByRole('button', { name: 'Continue' }).click();
  await p.getByRole('button', { name: 'Allow camera and microphone' }).click();
  await expect(p.getByRole('heading', { name: 'Record your face' })).toBeVisible();
}

/** Both themes of a page, once its heading is back after the reload. */
async function shoot(page: Page, name: string, heading: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/${name}-${theme}.png`, fullPage: true });
  }
  await setTheme(page, 'light');
}

test('a participant registers through the invite form and is verified in a meeting', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const email = 'candidate@example.com';

  // Staff: upload the meeting and invite the participant from its biometric card.
  await signIn(page, 'poc@acme.parley.local');
  const meetingUrl = await uploadRecording(page, 'participant-interview');

  const card = page.getByRole('region', { name: 'Biometric verification' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('No participants invited')).toBeVisible();
  await card.getByLabel('Participant e-mail').fill(email);
  await card.getByLabel('Participant name').fill('Casey Candidate');
  await card.getByRole('button', { name: 'Invite' }).click();
  await expect(toast(page, 'Invitation sent')).toBeVisible();

  const outbox = await page.request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  const text = ((await outbox.json()) as { text: string }).text;
  const link = text.match(/https?:\/\/\S+\/participants\/invite-form\/\S+/)?.[0];
  expect(link, text).toBeTruthy();

  // Participant: no sign-in, a fresh browser context with the fake camera.
  const visitor = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1280, height: 900 },
  });
  const p = await visitor.newPage();
  // The face detector's bundle, model and runtime come from Parley itself, never a CDN.
  const elsewhere: string[] = [];
  p.on('request', (r) => {
    const url = new URL(r.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== BASE) elsewhere.push(r.url());
  });

  // A detector that cannot start says why and locks no one out.
  await p.route('**/face-detector/blazeface.json', (r) => r.abort());
  await openCamera(p, link!);
  const status = p.getByTestId('face-status');
  await expect(status.getByText('Error Initializing Detector')).toBeVisible({ timeout: 30_000 });
  await expect(
    status.getByText(/^Network Error: Failed to load the face detector assets/),
  ).toBeVisible();
  await expect(p.getByTestId('face-guide')).toHaveAttribute('data-state', 'failed');
  await expect(p.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  await p.unroute('**/face-detector/blazeface.json');

  await p.goto(link!);
  await expect(p.getByRole('heading', { name: 'Register your face and voice' })).toBeVisible();
  await expectAccessible(p, 'participant invite form');
  await shoot(p, 'participant-details', 'Register your face and voice');
  const next = p.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await p.getByText('I agree to the biometric registration of my face and voice').click();
  await next.click();
  await expect(p.getByRole('heading', { name: 'Allow camera and microphone' })).toBeVisible();
  await p.getByRole('button', { name: 'Allow camera and microphone' }).click();
  await expect(p.getByRole('heading', { name: 'Record your face' })).toBeVisible();
  const guide = p.getByTestId('face-guide');
  await expect(guide).toBeVisible();
  await expect(p.getByText('Center your face in the frame.')).toBeVisible();
  // The detector finds the real face of talking-face.mp4 inside the target region: green.
  // Headless Chromium draws WebGL in software (SwiftShader), so the WASM backend runs.
  await expect(guide).toHaveAttribute('data-state', 'in-region', { timeout: 30_000 });
  await expect(guide).toHaveAttribute('data-backend', 'wasm');
  await expect(status.getByText('Face detected — hold still')).toBeVisible();
  await expectAccessible(p, 'participant camera step');
  const corner = p.getByTestId('face-guide-corner').first();
  expect(await corner.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(
    'rgb(74, 222, 128)',
  );
  await shootLive(p, 'participant-camera');
  await p.getByRole('button', { name: 'Start recording' }).click();
  await expect(p.getByRole('progressbar', { name: 'Recording progress' })).toBeVisible({
    timeout: 8_000,
  });
  const upload = p.getByRole('button', { name: 'Upload recording' });
  await expect(upload).toBeVisible({ timeout: 20_000 });
  // The detector stops with the preview.
  await expect(guide).toHaveCount(0);
  await upload.click();
  await expect(p.getByRole('heading', { name: 'Registration Successful' })).toBeVisible({
    timeout: 120_000,
  });
  await expect(p).toHaveURL(/\/participants\/confirmed$/);
  await expectAccessible(p, '/participants/confirmed');
  expect(elsewhere).toEqual([]);
  await shoot(p, 'participant-confirmed', 'Registration Successful');
  // The link now says the registration is done.
  await p.goto(link!);
  await expect(p.getByRole('heading', { name: 'Registration Successful' })).toBeVisible();
  await visitor.close();

  // Staff: verify the meeting; the participant is verified with face and voice evidence.
  await page.goto(meetingUrl);
  await expect(card.getByText('1 invited · 1 registered')).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: 'Verify participants' }).click();
  // The verification runs as a background job: the card shows its step and progress, and a
  // reload (each theme switch reloads) reads the run back from the server.
  const progress = card.getByTestId('biometric-progress');
  await expect(progress).toBeVisible({ timeout: 20_000 });
  await expect(progress.getByRole('progressbar', { name: 'Verification progress' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Verify participants' })).toBeDisabled();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(progress).toBeVisible({ timeout: 20_000 });
    await expect(progress).toContainText(/\d+%/);
    await settled(page);
    await card.screenshot({ path: `${SCREENS}/biometric-progress-${theme}.png` });
  }
  await setTheme(page, 'light');
  const result = card.getByTestId('biometric-result');
  await expect(result).toBeVisible({ timeout: 240_000 });
  await expect(result.getByText('Verified', { exact: true })).toBeVisible();
  await expect(result.getByText('Casey Candidate', { exact: true })).toBeVisible();
  await expect(result.getByRole('img', { name: /Face of Casey Candidate/ })).toBeVisible();
  await expect(result.getByLabel('Voice of Casey Candidate')).toBeAttached();
  await expect(progress).toBeHidden();
  await expect(card.getByRole('button', { name: 'Verify participants' })).toBeEnabled();
  await expectAccessible(page, 'meeting page, participant verified');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(card.getByTestId('biometric-result')).toBeVisible({ timeout: 20_000 });
    await settled(page);
    await card.screenshot({ path: `${SCREENS}/biometric-card-${theme}.png` });
  }
});
