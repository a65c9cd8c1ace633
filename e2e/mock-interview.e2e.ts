import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { WIDE, choose, lookEverywhere, signUpSeeker } from './practice-support';
import { expect, expectAccessible, test } from './support';

/**
 * Issue 19 item 5: a job seeker takes a mock interview on a fake camera and microphone (the
 * talking-face fixture and fixture speech): the avatar asks, the seeker answers, the recording
 * goes up in slices as the interview runs, they end early, and the recording becomes a meeting.
 * Pictured in light and dark at 1280 and 390 px (e2e/screenshots/mock-interview-*).
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const WORK = path.join(os.tmpdir(), 'parley-e2e-mock-media');
const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

function fakeMedia(name: string, args: string[]): string {
  mkdirSync(WORK, { recursive: true });
  const out = path.join(WORK, name);
  if (!existsSync(out)) {
    const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args, out], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  }
  return out;
}

test('a job seeker takes a mock interview: asked, answers, ends early, and the recording is kept', async ({
  baseURL,
}) => {
  test.setTimeout(420_000);
  mkdirSync(SHOTS, { recursive: true });
  const video = fakeMedia('face.y4m', [
    ...['-i', path.join(FIXTURES, 'video/talking-face.mp4'), '-t', '6'],
    ...['-vf', 'scale=640:360,fps=15', '-pix_fmt', 'yuv420p'],
  ]);
  const voice = fakeMedia('voice.wav', [
    ...['-i', path.join(FIXTURES, 'speech/fleurs-en-002.ogg')],
    ...['-af', 'loudnorm', '-ac', '1', '-ar', '48000'],
  ]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${voice}`,
      `--use-file-for-fake-video-capture=${video}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const page = await (await browser.newContext({ baseURL, viewport: WIDE })).newPage();
    // A job seeker of their own: the seeded one's consent is the navigation journey's to give.
    await signUpSeeker(page, 'Riley Candidate', 'interview');

    await page.goto('/mock-interviews/new');
    await choose(page, 'Company', 'Google');
    await choose(page, 'Role', 'Software engineer');
    await choose(page, 'Level', 'Easy');
    await page.getByLabel('Questions', { exact: true }).fill('3');
    await page.getByLabel('Think time (seconds)').fill('2');
    await page.getByLabel('Answer time (seconds)').fill('30');
    await page.getByRole('button', { name: 'Set up interview' }).click();
    await expect(page).toHaveURL(/\/interviews$/);
    await page.goto('/mock-interviews');
    await page
      .getByRole('link', { name: /^Start the Software engineer interview at Google/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/mock-interviews\/[0-9a-f-]{36}\/run$/);
    await expect(page.getByRole('button', { name: 'Start interview' })).toBeVisible();
    await expectAccessible(page, 'mock interview, before it starts');
    await lookEverywhere(page, SHOTS, 'mock-interview-intro', {
      accessible: false,
      fullPage: false,
    });

    await page.getByRole('button', { name: 'Start interview' }).click();
    await expect(page.getByText('Question 1 of 3')).toBeVisible({ timeout: 20_000 });
    // The avatar asks, the think time runs out, the answer is recorded.
    const done = page.getByRole('button', { name: 'Done answering' });
    await expect(done).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Recording your answer')).toBeVisible();
    await expect(page.getByRole('button', { name: /Retake \(1 left\)/ })).toBeVisible();
    await lookEverywhere(page, SHOTS, 'mock-interview-answering', {
      accessible: false,
      fullPage: false,
    });
    await page.waitForTimeout(4_000);
    await done.click();

    // The answer is transcribed: a follow-up on the same question, or the second question.
    await expect(page.getByText(/Question 1 of 3 · follow-up|Question 2 of 3/)).toBeVisible({
      timeout: 120_000,
    });
    await expect(done).toBeVisible({ timeout: 60_000 });
    await page.waitForTimeout(3_000);

    // Ending early asks first; what was recorded is handed in.
    await page.getByRole('button', { name: 'End early' }).click();
    await page.getByRole('button', { name: 'End interview' }).click();
    // The seeded seeker has bought no plan: the recording is kept as the meeting's media and
    // the page says why its analysis waits (with credits it reads "being analysed").
    await expect(
      page.getByRole('heading', { name: 'Your recording is saved; its analysis has not started' }),
    ).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText('The analysis is waiting: No Active Plan.')).toBeVisible();
    await lookEverywhere(page, SHOTS, 'mock-interview-analysing', {
      accessible: false,
      fullPage: false,
    });
    const meeting = page.getByRole('link', { name: 'Open the meeting' });
    await expect(meeting).toHaveAttribute('href', /\/library\/[0-9a-f-]{36}$/);
    await meeting.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Mock interview: Software/, {
      timeout: 30_000,
    });
  } finally {
    await browser.close();
  }
});
