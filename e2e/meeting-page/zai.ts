import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn } from '../support';
import { openAnalysed, shootThemesAndSizes, type AnalysedMeeting } from '../meeting-support';

/**
 * The assistant journey: the analysed meeting is picked on /zai, a question made of words from
 * its transcript gets a streamed answer with a citation chip, and the chip opens the meeting at
 * the cited moment.
 */
const SCREENS = 'test-results/screens';
/** Common words the retrieval ignores; the question should rest on content words. */
const COMMON = new Set(
  'about after again their there these those which would could should really actually because going thinking people'.split(
    ' ',
  ),
);

/** Two content words spoken together in one transcript block (the engine's words vary). */
async function questionFromTranscript(page: Page): Promise<string> {
  const blocks = page.getByRole('list', { name: 'Transcript' }).getByTestId('transcript-block');
  await expect(blocks.first()).toBeVisible({ timeout: 30_000 });
  for (const block of await blocks.all()) {
    const words = (await block.locator('button[data-w]').allInnerTexts())
      .map((w) => w.toLowerCase().replace(/[^\p{L}]/gu, ''))
      .filter((w) => w.length >= 5 && !COMMON.has(w));
    const distinct = [...new Set(words)];
    if (distinct.length >= 2) return `What was said about ${distinct[0]} and ${distinct[1]}?`;
  }
  throw new Error('no transcript block with two content words');
}

export async function zaiJourney(page: Page, meeting: AnalysedMeeting): Promise<void> {
  await signIn(page, 'poc@acme.parley.local');
  await openAnalysed(page, meeting);
  const question = await questionFromTranscript(page);
  const meetingId = /\/library\/([0-9a-f-]{36})/.exec(meeting.url ?? '')?.[1] ?? '';

  await page.goto('/zai');
  await page.getByRole('searchbox', { name: 'Search meetings' }).fill(meeting.name);
  await page.getByRole('checkbox', { name: new RegExp(meeting.name) }).click();
  await expect(
    page.getByRole('list', { name: 'Selected meetings' }).getByText(meeting.name),
  ).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Ask Zai' });
  await box.fill(question);
  await box.press('Enter');

  const thread = page.getByRole('list', { name: 'Conversation' });
  await expect(thread.getByText(question)).toBeVisible();
  const sources = thread.getByRole('list', { name: 'Sources' });
  await expect(sources).toBeVisible({ timeout: 30_000 });
  await expect(thread.locator('li[data-status="success"]')).toHaveCount(1);
  const chip = sources.getByRole('link').first();
  await expect(chip).toContainText(meeting.name);
  const href = (await chip.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^/library/${meetingId}\\?t=\\d+$`));
  const seconds = Number(href.split('t=')[1]);

  // A question the meeting does not touch gets a plain notice, no sources.
  await box.fill('What quarterly revenue forecast did the finance department approve?');
  await box.press('Enter');
  await expect(thread.getByRole('note')).toHaveText(
    'The selected meetings do not contain the answer to this question.',
    { timeout: 30_000 },
  );
  await expect(thread.getByRole('list', { name: 'Sources' })).toHaveCount(1);

  await expectAccessible(page, '/zai, two answers');
  await shootThemesAndSizes(page, SCREENS, 'zai');

  // The answer is gone after the reload; ask again, then follow the citation.
  await page.getByRole('searchbox', { name: 'Search meetings' }).fill(meeting.name);
  await page.getByRole('checkbox', { name: new RegExp(meeting.name) }).click();
  await box.fill(question);
  await box.press('Enter');
  await thread.getByRole('list', { name: 'Sources' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/library/${meetingId}\\?t=${seconds}$`));
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1), {
      timeout: 20_000,
    })
    .toBeCloseTo(seconds, 0);
}
