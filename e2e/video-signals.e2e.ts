import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, expectAccessible, signIn, test } from './support';
import {
  setTheme,
  useOwnServer,
  switchThemeInPlace,
  uploadRecording,
  waitProcessed,
} from './meeting-support';

/**
 * The video signals journey: a recording uploaded by Acme's point of contact goes through
 * the real pipeline, 'video' step included; while it is analysed the live lip-sync card shows
 * readings once 10 have arrived; once processed the page shows head pose and heart rate with
 * its 'Estimate' labels, and a click on an emotion moment seeks the player.
 *
 * The demo organisation's plan leaves the face features out, so this journey runs its own
 * server (port E2E_PORT + 100, its own data folder) seeded with the Interview Intelligence
 * bundle, and the other journeys keep the locked features they expect.
 */
const SCREENS = 'test-results/screens';
const PORT = Number(process.env.E2E_PORT ?? 8181) + 100;
const BASE = `http://localhost:${PORT}`;
const WORK = mkdtempSync(path.join(os.tmpdir(), 'parley-video-e2e-'));

test.use({ baseURL: BASE, viewport: { width: 1440, height: 900 } });

useOwnServer({
  port: PORT,
  bundles: 'Essentials,Sales Suite,Interview Intelligence',
  env: {
    // One face frame a second keeps the journey short; physiology needs its own rate.
    VIDEO_FPS: '1',
    PHYSIOLOGY_FPS: '10',
  },
});

test.afterAll(() => {
  rmSync(WORK, { recursive: true, force: true });
});

test('an uploaded video shows its face and physiology signals, and they seek the player', async ({
  page,
}) => {
  test.setTimeout(840_000);
  await signIn(page, 'poc@acme.parley.local');
  await uploadRecording(page, 'video-signals-talking-face');

  // While the video step reads the frames: held until 10 readings, then shown one by one.
  const live = page.getByTestId('live-lip-sync-card');
  await live.scrollIntoViewIfNeeded();
  await expect(live.getByTestId('live-lip-sync-waiting')).toContainText('Waiting for 10 readings');
  await expectAccessible(page, 'meeting page, being analyzed');
  await live.screenshot({ path: `${SCREENS}/meeting-live-lip-sync-waiting-light.png` });
  await expect(live.getByTestId('live-lip-sync-person').first()).toBeVisible({ timeout: 600_000 });
  await expect(live.getByTestId('live-lip-sync-counts')).toHaveText(/^(1\d|[2-9]\d) received/);
  // The sparkline fills as more are released, one every 900 ms. Only a second one is awaited:
  // the summary card replaces this one once the meeting is processed, which on a quiet machine
  // came after the fourth (a wait for five failed there).
  const sparkline = live.getByRole('img', { name: /^Person 1: last \d+ readings/ });
  await expect
    .poll(async () =>
      Number((await sparkline.getAttribute('aria-label'))?.match(/last (\d+)/)?.[1]),
    )
    .toBeGreaterThanOrEqual(2);
  for (const theme of ['light', 'dark'] as const) {
    await switchThemeInPlace(page, theme);
    await live.screenshot({ path: `${SCREENS}/meeting-live-lip-sync-${theme}.png` });
  }
  await switchThemeInPlace(page, 'light');
  // Faces at 2 fps and physiology at 10 fps take longer than speech on a busy machine.
  await waitProcessed(page, 660_000);

  const signals = page.getByTestId('video-signals');
  await signals.scrollIntoViewIfNeeded();
  // Processed: the summary card replaces the live one.
  await expect(signals.getByTestId('lip-sync-card')).toBeVisible();
  await expect(live).toHaveCount(0);
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
  await expectAccessible(page, 'meeting page, video signals');

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
