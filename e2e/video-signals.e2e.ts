import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, toast } from './support';

/**
 * The video signals journey: a recording uploaded by Acme's point of contact goes through
 * the real pipeline, 'video' step included; the meeting page shows head pose and heart rate
 * with its 'Estimate' labels, and a click on an emotion moment seeks the player.
 *
 * The demo organisation's plan leaves the face features out, so this journey runs its own
 * server (port E2E_PORT + 100, its own data folder) seeded with the Interview Intelligence
 * bundle, and the other journeys keep the locked features they expect.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'fixtures/video/talking-face.mp4');
const SCREENS = 'test-results/screens';
const PORT = Number(process.env.E2E_PORT ?? 8181) + 100;
const BASE = `http://localhost:${PORT}`;
const WORK = mkdtempSync(path.join(os.tmpdir(), 'parley-video-e2e-'));

test.use({ baseURL: BASE, viewport: { width: 1440, height: 900 } });

let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = spawn('node', ['apps/server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: path.join(WORK, 'data'),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
      AUTH_CODE_REQUESTS_PER_ADDRESS: '1000',
      AUTH_REQUESTS_PER_IP: '10000',
      SEED_DEMO_BUNDLES: 'Essentials,Sales Suite,Interview Intelligence',
      // One face frame a second keeps the journey short; physiology needs its own rate.
      VIDEO_FPS: '1',
      PHYSIOLOGY_FPS: '10',
    },
  });
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the video journey’s server did not start');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(WORK, { recursive: true, force: true });
});

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('parley.theme', t), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
}

test('an uploaded video shows its face and physiology signals, and they seek the player', async ({
  page,
}) => {
  test.setTimeout(840_000);
  const video = path.join(WORK, 'video-signals-talking-face.mp4');
  copyFileSync(SOURCE, video);

  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/library');
  await page.getByRole('button', { name: 'Upload' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload a recording' });
  await dialog.getByLabel('Recording file').setInputFiles(video);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('upload-result')).toHaveText(/Uploaded/, { timeout: 60_000 });
  await expect(toast(page, 'Uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Open meeting' }).click();
  await expect(page).toHaveURL(/\/library\/[0-9a-f-]{36}$/);

  const banner = page.getByTestId('meeting-status');
  await expect
    .poll(async () => banner.getAttribute('data-status'), { timeout: 660_000, intervals: [2000] })
    .toMatch(/^(processed|failed)$/);
  expect(await banner.getAttribute('data-status')).toBe('processed');

  const signals = page.getByTestId('video-signals');
  await signals.scrollIntoViewIfNeeded();
  const headPose = signals.getByTestId('head-pose-chart');
  await expect(headPose.locator('.recharts-bar-rectangle').first()).toBeVisible({
    timeout: 30_000,
  });
  const physiology = signals.getByTestId('physiology-charts');
  await expect(physiology.getByText(/^Heart rate/).first()).toBeVisible();
  await expect(
    physiology.locator('span', { hasText: /^\d+(\.\d+)?\s*bpm$/ }).first(),
  ).toBeVisible();
  await expect(physiology.getByTestId('estimate-label')).toHaveCount(3);
  await expect(signals.getByTestId('gaze-heat-map').getByTestId('heat-cell').first()).toBeVisible();
  await expect(signals.getByText('Experimental')).toBeVisible();

  // An emotion moment (or a proctoring alert, when the recording has one) seeks the player.
  const alert = signals.getByTestId('proctoring-alert');
  const target =
    (await alert.count()) > 0 ? alert.first() : signals.getByTestId('emotion-peak').first();
  await expect(target).toBeVisible();
  const at = await target.innerText();
  await target.click();
  const [mm, ss] = at
    .match(/(\d{2}):(\d{2})/)!
    .slice(1)
    .map(Number) as [number, number];
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1))
    .toBeCloseTo(mm * 60 + ss, 0);

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    const section = page.getByTestId('video-signals');
    await expect(
      section.getByTestId('head-pose-chart').locator('.recharts-bar-rectangle').first(),
    ).toBeVisible({ timeout: 30_000 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SCREENS}/meeting-video-signals-${theme}-wide.png` });
  }
});
