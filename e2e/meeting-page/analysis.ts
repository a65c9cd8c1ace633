import { expect, expectAccessible, signIn } from '../support';
import { uploadRecording, waitProcessed, type AnalysedMeeting } from '../meeting-support';
import type { Page } from '@playwright/test';

const SCREENS = 'test-results/screens';

/**
 * The analysis journey: the shared recording is uploaded here and analysed by the real
 * pipeline, and the meeting page shows its transcript (search, click to seek) and
 * conversation charts without a reload.
 */
export async function analysisJourney(page: Page, meeting: AnalysedMeeting): Promise<void> {
  await signIn(page, 'poc@acme.parley.local');
  meeting.url = await uploadRecording(page, meeting.name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(meeting.name);

  // While it runs the banner lists the pipeline's steps; the page updates by itself.
  const banner = page.getByTestId('meeting-status');
  await expect(banner).toBeVisible();
  // (A short recording may finish before the steps are seen: processed counts as well.)
  const steps = banner.getByRole('list', { name: 'Analysis steps' });
  await expect
    .poll(
      async () =>
        (await banner.getAttribute('data-status')) === 'processed' || (await steps.isVisible()),
      { timeout: 30_000 },
    )
    .toBe(true);
  await waitProcessed(page);

  // The transcript arrives without a reload, with the engine that wrote it.
  const transcript = page.getByRole('list', { name: 'Transcript' });
  await expect(transcript).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('asr-engine')).toBeVisible();
  // The transcript's language beside the engine (pocketsphinx knows English only: assumed).
  await expect(page.getByTestId('transcript-language')).toHaveText('Englishassumed');
  const words = transcript.locator('button[data-w]');
  await expect(words.first()).toBeVisible();
  const blocks = transcript.getByTestId('transcript-block');
  await expect(blocks.first().getByTestId('speaker-name')).not.toBeEmpty();
  await expect(blocks.first().getByText(/^\d{2}:\d{2}:\d{2}$/)).toBeVisible();

  // Search for a word taken from the rendered transcript (the engine's words vary).
  const texts = await words.allInnerTexts();
  // A word of letters and digits only, so the search needs no guessing about punctuation.
  const term =
    texts
      .map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      .find((t) => /^[\p{L}\p{N}]{4,}$/u.test(t)) ??
    texts.map((t) => t.replace(/[^\p{L}\p{N}]/gu, '')).find((t) => t.length > 0)!;
  await page.getByRole('button', { name: 'Search transcript' }).click();
  const box = page.getByRole('searchbox', { name: 'Search transcript' });
  await box.fill(term.toUpperCase());
  const counter = page.getByTestId('search-counter');
  await expect(counter).toHaveText(/^1\/\d+$/);
  const total = Number((await counter.innerText()).split('/')[1]);
  expect(total).toBeGreaterThanOrEqual(1);
  await expect(transcript.locator('mark[data-current-match]')).toHaveText(new RegExp(term, 'i'));
  await box.press('Enter');
  await expect(counter).toHaveText(total > 1 ? `2/${total}` : `1/${total}`);
  await box.press('Shift+Enter');
  await expect(counter).toHaveText(`1/${total}`);
  await page.screenshot({ path: `${SCREENS}/meeting-analysis-search-light-wide.png` });
  await box.press('Escape');
  await expect(box).toBeHidden();

  // Clicking a word seeks the player to the word's start.
  const target = words.nth(Math.floor((await words.count()) / 2));
  const start = Number(await target.getAttribute('data-start'));
  await target.click();
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1))
    .toBeCloseTo(start, 0);
  await expect(target).toHaveAttribute('data-current', 'true');

  // The seek bar shows who speaks when; the conversation charts are drawn.
  const player = page.getByRole('region', { name: 'Video player' });
  expect(await player.getByTestId('seek-segment').count()).toBeGreaterThan(0);
  const talk = page.getByTestId('talk-time-chart');
  await expect(talk).toBeVisible();
  await expect(talk.getByRole('list', { name: 'Talk time per speaker' })).toContainText('%');
  await expect(page.getByTestId('engagement-card')).toBeVisible();
  await expectAccessible(page, 'meeting page, analysed');
  await page.screenshot({ path: `${SCREENS}/meeting-analysis-light-wide.png`, fullPage: true });

  // Naming a speaker replaces its label across the page.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Name speakers' }).click();
  const names = page.getByRole('dialog', { name: 'Name speakers' });
  await names.getByRole('textbox').first().fill('Ada Analyst');
  await names.getByRole('button', { name: 'Save names' }).click();
  await expect(names).toBeHidden();
  await expect(
    transcript.getByTestId('speaker-name').getByText('Ada Analyst').first(),
  ).toBeVisible();

  await page.evaluate(() => localStorage.setItem('parley.theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('list', { name: 'Transcript' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('talk-time-chart')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/meeting-analysis-dark-wide.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('talk-time-chart')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/meeting-analysis-dark-narrow.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('parley.theme', 'light'));
  await page.reload();
  await expect(page.getByRole('list', { name: 'Transcript' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SCREENS}/meeting-analysis-light-narrow.png`, fullPage: true });
}
