import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn } from '../support';
import { openAnalysed, shootThemesAndSizes, type AnalysedMeeting } from '../meeting-support';

/**
 * Search across every conversation: a word of the analysed meeting's transcript searched from
 * the library's box, and the moment found opens the meeting with the player at that second.
 * Screenshots of /search in both themes, wide and at 390 px.
 */
const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens';
/** Words too common to single out one moment. */
const COMMON = new Set(
  'about after again their there these those which would could should really actually because going thinking people'.split(
    ' ',
  ),
);

/** A content word spoken in the open meeting (the speech engine's words vary by machine). */
async function wordFromTranscript(page: Page): Promise<string> {
  const blocks = page.getByRole('list', { name: 'Transcript' }).getByTestId('transcript-block');
  await expect(blocks.first()).toBeVisible({ timeout: 30_000 });
  for (const block of await blocks.all()) {
    const words = (await block.locator('button[data-w]').allInnerTexts())
      .map((w) => w.toLowerCase().replace(/[^\p{L}]/gu, ''))
      .filter((w) => w.length >= 6 && !COMMON.has(w));
    if (words[0]) return words[0];
  }
  throw new Error('no content word in the transcript');
}

export async function searchJourney(page: Page, meeting: AnalysedMeeting): Promise<void> {
  await signIn(page, 'poc@acme.parley.local');
  await openAnalysed(page, meeting);
  const word = await wordFromTranscript(page);
  const meetingId = /\/library\/([0-9a-f-]{36})/.exec(meeting.url ?? '')?.[1] ?? '';

  await page.goto('/library');
  const box = page.getByRole('search', { name: 'Search every conversation' });
  await box.getByRole('searchbox', { name: 'Search what was said' }).fill(word);
  await box.getByRole('searchbox', { name: 'Search what was said' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));

  const results = page.getByRole('list', { name: 'Matching moments' });
  const moment = results.getByRole('link').filter({ hasText: meeting.name }).first();
  await expect(moment).toBeVisible({ timeout: 20_000 });
  await expect(moment.locator('mark').first()).toHaveText(new RegExp(word.slice(0, 4), 'i'));
  const href = (await moment.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^/library/${meetingId}\\?t=\\d+$`));
  const seconds = Number(href.split('t=')[1]);
  // The time shown is the one the link opens.
  const hh = new Date(seconds * 1000).toISOString().slice(11, 19);
  await expect(moment).toContainText(hh);

  // Nothing found says so.
  await page.goto('/search?q=xylophonequartz');
  await expect(page.getByText('No moments match “xylophonequartz”')).toBeVisible();
  await expectAccessible(page, '/search, nothing found');

  await page.goto(`/search?q=${word}`);
  await expect(moment).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, '/search');
  await shootThemesAndSizes(page, SCREENS, 'search');

  await moment.click();
  await expect(page).toHaveURL(new RegExp(`/library/${meetingId}\\?t=${seconds}$`));
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1), {
      timeout: 20_000,
    })
    .toBeCloseTo(seconds, 0);
}
