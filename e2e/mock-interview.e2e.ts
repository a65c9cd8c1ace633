import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, expectAccessible, mainNav, signIn, test } from './support';

/**
 * Issue 19 item 5: a job seeker takes a mock interview on a fake camera and microphone (the
 * talking-face fixture and fixture speech): the avatar asks, the seeker answers, the recording
 * goes up in slices as the interview runs, they end early, and the recording becomes a meeting.
 * Pictured in light and dark at 1280 and 390 px (e2e/screenshots/mock-interview-*).
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const WORK = path.join(os.tmpdir(), 'parley-e2e-mock-media');
const SHOTS = path.resolve(import.meta.dirname, 'screenshots');
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

function fakeMedia(name: string, args: string[]): string {
  mkdirSync(WORK, { recursive: true });
  const out = path.join(WORK, name);
  if (!existsSync(out)) {
    const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args, out], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  }
  return out;
}

async function theme(page: Page, value: 'light' | 'dark') {
  await page.evaluate((t) => {
    localStorage.setItem('parley.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'parley.theme', newValue: t }));
  }, value);
  await page.waitForTimeout(300);
}

async function look(page: Page, name: string) {
  await theme(page, 'light');
  await page.screenshot({ path: `${SHOTS}/mock-interview-${name}-light-1280.png` });
  await theme(page, 'dark');
  await page.screenshot({ path: `${SHOTS}/mock-interview-${name}-dark-1280.png` });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/mock-interview-${name}-dark-390.png`, fullPage: true });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways, `${name} scrolls sideways at 390 px`).toBe(false);
  await theme(page, 'light');
  await page.setViewportSize(WIDE);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
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
    await signIn(page, 'seeker@parley.local');
    // The seeded seeker consents once: whether this run asks depends on earlier journeys.
    const consent = page.getByLabel('I agree with all the above');
    await expect(consent.or(mainNav(page))).toBeVisible();
    if (await consent.isVisible()) {
      await consent.check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).not.toHaveURL(/\/consent$/);
    }

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
    await look(page, 'intro');

    await page.getByRole('button', { name: 'Start interview' }).click();
    await expect(page.getByText('Question 1 of 3')).toBeVisible({ timeout: 20_000 });
    // The avatar asks, the think time runs out, the answer is recorded.
    const done = page.getByRole('button', { name: 'Done answering' });
    await expect(done).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Recording your answer')).toBeVisible();
    await expect(page.getByRole('button', { name: /Retake \(1 left\)/ })).toBeVisible();
    await look(page, 'answering');
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
    await look(page, 'analysing');
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
