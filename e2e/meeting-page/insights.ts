import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn } from '../support';
import { openAnalysed, type AnalysedMeeting } from '../meeting-support';

/**
 * The Zai insights journey: the analysed meeting (its insights step ran the built-in engine)
 * shows action items and the Candidate Analysis; clicking a cited moment seeks the video. The
 * same meeting opens as an interview.
 */
const SCREENS = 'test-results/screens';

const videoTime = (page: Page) =>
  page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

export async function insightsJourney(page: Page, meeting: AnalysedMeeting): Promise<void> {
  await signIn(page, 'poc@acme.parley.local');
  await openAnalysed(page, meeting);

  // Action Items: the lines the engine found, or the spec's empty state.
  await page.getByRole('tab', { name: 'Action Items' }).click();
  const actions = page.getByRole('list', { name: 'Action items' });
  const none = page.getByText('No action items generated for this meeting.');
  await expect(actions.or(none)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/speaker_\d{2}/)).toHaveCount(0);
  await expectAccessible(page, 'meeting page, action items');
  await page.screenshot({ path: `${SCREENS}/insights-action-items-light-wide.png` });

  // HR Insights: the gauge, the recommendation and one card per category, Alerts first.
  await page.getByRole('tab', { name: 'HR Insights' }).click();
  const panel = page.getByRole('region', { name: 'Candidate Analysis' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('img', { name: /^Overall score \d+%$/ })).toBeVisible();
  await expect(panel.getByTestId('recommendation')).toHaveText(/^(Recommended|Not Recommended)$/);
  const cards = panel.locator('article[data-prompt]');
  await expect(cards).toHaveCount(4);
  expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-prompt')))).toEqual([
    'Alerts',
    'Technical',
    'Communication',
    'Behavioral',
  ]);
  const technical = panel.locator('article[data-prompt="Technical"]');
  await expect(technical.getByTestId('score')).toHaveText(/^\d{1,2}\.\d\/10$/);
  await technical.getByRole('button', { name: 'Zai Insights' }).click();
  await expect(technical.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'meeting page, HR Insights');
  await page.screenshot({ path: `${SCREENS}/insights-candidate-light-wide.png` });

  // A cited moment seeks the player to it (keyboard: focus and Enter).
  const moment = technical.locator('button[data-moment]').last();
  const start = Number(await moment.getAttribute('data-moment'));
  await moment.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => videoTime(page)).toBeCloseTo(start, 0);

  // Zai Insights: summary and the other meeting prompts.
  await page.getByRole('tab', { name: 'Zai Insights' }).click();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Charisma' })).toContainText('/10');
  await expectAccessible(page, 'meeting page, Zai Insights');

  await page.evaluate(() => localStorage.setItem('parley.theme', 'dark'));
  await page.reload();
  await page.getByRole('tab', { name: 'HR Insights' }).click();
  await expect(page.getByRole('region', { name: 'Candidate Analysis' })).toBeVisible({
    timeout: 30_000,
  });
  await page
    .locator('article[data-prompt="Alerts"]')
    .getByRole('button', { name: 'Zai Insights' })
    .click();
  await page.screenshot({ path: `${SCREENS}/insights-candidate-dark-wide.png` });
  await page.getByRole('tab', { name: 'Zai Insights' }).click();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/insights-zai-dark-wide.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'HR Insights' }).click();
  await expect(page.getByRole('region', { name: 'Candidate Analysis' })).toBeVisible();
  await page.getByRole('region', { name: 'Candidate Analysis' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/insights-candidate-dark-narrow.png` });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The same meeting as an interview: Transcripts and HR Insights tabs.
  const id = (meeting.url ?? '').split('/').pop() ?? '';
  await page.goto(`/interviews/${id}`);
  await expect(page.getByRole('tab', { name: 'Transcripts' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'HR Insights' }).click();
  await expect(page.getByRole('region', { name: 'Candidate Analysis' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('parley.theme', 'light'));
  await page.reload();
  await page.getByRole('tab', { name: 'Action Items' }).click();
  await expect(actions.or(none)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'interview page, action items');
  await page.screenshot({ path: `${SCREENS}/insights-interview-light-wide.png` });
}
