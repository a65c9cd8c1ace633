import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { resumePdf } from '../apps/server/src/test/resume-fixtures';
import { WIDE, choose, lookEverywhere, signUpSeeker } from './practice-support';
import { expect, expectAccessible, test } from './support';

/**
 * Issue 19's journey, on Chromium's fake camera and microphone (the talking-face fixture and
 * fixture speech as the answers): a job seeker signs up, consents, uploads a resume (a PDF made
 * for the test), sets a practice goal, sets up an interview, answers the three questions the
 * avatar speaks (and any follow-up), sees the feedback and the home chart, downloads their data
 * and deletes the account. Pictured in light and dark at 1280 and 390 px
 * (test-results/seeker/).
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const WORK = path.join(os.tmpdir(), 'parley-e2e-seeker-media');
const SHOTS = 'test-results/seeker';
/** How long each answer is spoken: long enough to say something, short of the answer time. */
const ANSWER_MS = 9_000;

function fakeMedia(name: string, args: string[]): string {
  mkdirSync(WORK, { recursive: true });
  const out = path.join(WORK, name);
  if (!existsSync(out)) {
    const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args, out], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  }
  return out;
}

test('a job seeker practises: resume, goal, a three-question interview, feedback, home, their data', async ({
  baseURL,
}) => {
  test.setTimeout(900_000);
  mkdirSync(SHOTS, { recursive: true });
  const video = fakeMedia('face.y4m', [
    ...['-i', path.join(FIXTURES, 'video/talking-face.mp4'), '-t', '6'],
    ...['-vf', 'scale=640:360,fps=15', '-pix_fmt', 'yuv420p'],
  ]);
  // Two speakers' clips one after the other: a longer stretch of speech per answer.
  const voice = fakeMedia('voice.wav', [
    ...['-i', path.join(FIXTURES, 'speech/fleurs-en-002.ogg')],
    ...['-i', path.join(FIXTURES, 'speech/fleurs-en-003.ogg')],
    ...['-filter_complex', '[0:a][1:a]concat=n=2:v=0:a=1,loudnorm', '-ac', '1', '-ar', '48000'],
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
    const context = await browser.newContext({ baseURL, viewport: WIDE, acceptDownloads: true });
    const page = await context.newPage();
    await signUpSeeker(page, 'Morgan Lee', 'seeker');

    // The resume, read into the profile; a goal every later interview is scored against.
    await page.getByTestId('resume-input').setInputFiles({
      name: 'morgan-lee.pdf',
      mimeType: 'application/pdf',
      buffer: await resumePdf(),
    });
    await expect(page.getByText('morgan-lee.pdf')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Job 1' }).getByLabel('Company')).toHaveValue(
      'Lumen Payments',
    );
    await page.getByLabel('New goal').fill('Use the STAR method');
    await page.getByRole('button', { name: 'Add goal' }).click();
    await expect(
      page.getByRole('list', { name: 'Your practice goals' }).getByText('Use the STAR method'),
    ).toBeVisible();
    await lookEverywhere(page, SHOTS, 'profile', { accessible: false });

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
    await page.getByRole('button', { name: 'Start interview' }).click();

    // Every question the avatar asks (and a follow-up where an answer was short) is answered
    // until the interview ends by itself.
    const done = page.getByRole('button', { name: 'Done answering' });
    const outcome = page.getByRole('heading', { name: 'Your interview is being analysed' });
    const asked = new Set<string>();
    for (let turn = 0; turn < 8; turn++) {
      await expect(done.or(outcome)).toBeVisible({ timeout: 150_000 });
      if (await outcome.isVisible()) break;
      const label = await page
        .getByText(/^Question \d of 3/)
        .first()
        .textContent();
      asked.add((label ?? '').replace(/ · follow-up$/, ''));
      if (turn === 0) {
        await lookEverywhere(page, SHOTS, 'interview-answering', {
          accessible: false,
          fullPage: false,
        });
      }
      await page.waitForTimeout(ANSWER_MS);
      await done.click();
      await expect(done).toBeHidden({ timeout: 20_000 });
    }
    await expect(outcome).toBeVisible();
    expect([...asked].sort()).toEqual(['Question 1 of 3', 'Question 2 of 3', 'Question 3 of 3']);

    // The feedback, once the recording has gone through the analysis pipeline.
    await page.getByRole('link', { name: 'See your feedback' }).click();
    await expect(page).toHaveURL(/\/mock-interviews\/[0-9a-f-]{36}\/feedback$/);
    const answers = page.getByTestId('answer-feedback');
    await expect(answers.first()).toBeVisible({ timeout: 600_000 });
    await expect(answers).toHaveCount(3);
    await expect(page.getByTestId('better-answer')).toBeVisible();
    await expect(page.getByTestId('goal-result').getByText('Use the STAR method')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Candidate Analysis' })).toBeVisible();
    await expect(page.getByTestId('recommendation')).toHaveCount(0);
    await expectAccessible(page, 'mock interview feedback');
    await lookEverywhere(page, SHOTS, 'feedback', { accessible: false });

    // Home: the year's practice, charted.
    await page.goto('/home');
    const year = new Date().getUTCFullYear();
    await expect(
      page.getByTestId('practice-figures').getByText(`Practices in ${year}`),
    ).toBeVisible();
    await expect(page.getByText('Practice over the year')).toBeVisible();
    await expect(page.getByRole('img').first()).toBeVisible();
    await lookEverywhere(page, SHOTS, 'home', { accessible: false });

    // Their data: everything in one archive, then the account gone with it.
    await page.goto('/settings');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all my data' }).click();
    const archive = await downloading;
    expect(archive.suggestedFilename()).toMatch(/\.zip$/);
    const saved = path.join(WORK, archive.suggestedFilename());
    await archive.saveAs(saved);
    expect(statSync(saved).size).toBeGreaterThan(10_000);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Confirmation').fill('DELETE');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/signin$/, { timeout: 30_000 });
    // Nothing of the session stays: the app asks to sign in again.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/signin/);
  } finally {
    await browser.close();
  }
});
