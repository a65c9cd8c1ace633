import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, toast } from '../support';
import { openAnalysed, setTheme, type AnalysedMeeting } from '../meeting-support';

/**
 * Issue 13 item 6: the library's categories and highlights. The poc shares the analysed
 * recording with a member; on the meeting page a range of transcript blocks becomes a
 * highlight (seen on the seek bar), which is edited and deleted. The library's Past category
 * lists the meeting; the member finds it under Shared with me.
 */
const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens';
const MEMBER = 'user@acme.parley.local';

const videoTime = (page: Page) =>
  page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

async function pickCategory(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name }).click();
}

export async function highlightsJourney(
  page: Page,
  browser: Browser,
  meeting: AnalysedMeeting,
): Promise<void> {
  await signIn(page, 'poc@acme.parley.local');
  await openAnalysed(page, meeting);

  // Shared with a member, who finds it under Shared with me below.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share meeting' });
  await share.getByPlaceholder('Search by name or email').fill(MEMBER);
  await share.getByRole('button', { name: `Share with ${MEMBER}` }).click();
  await expect(share.getByRole('list', { name: 'People with access' })).toContainText(MEMBER);
  await share.getByRole('button', { name: 'Close' }).click();

  // A range of blocks: the first, then the last, takes in everything between.
  await page.getByRole('tab', { name: 'Transcript' }).click();
  const picks = page.getByRole('button', { name: /^Select from / });
  await expect(picks.first()).toBeVisible({ timeout: 30_000 });
  await picks.first().click();
  if ((await picks.count()) > 1) await picks.last().click();
  const blocks = page.getByTestId('transcript-block');
  await expect(blocks.first()).toHaveAttribute('data-selected', 'true');
  const bar = page.getByRole('region', { name: 'Selected blocks' });
  await expect(bar).toContainText('selected');
  await expectAccessible(page, 'meeting page, transcript blocks selected');
  await page.screenshot({ path: `${SCREENS}/highlights-selection-light-wide.png` });
  await bar.getByRole('button', { name: 'Create highlight' }).click();

  const create = page.getByRole('dialog', { name: 'Create highlight' });
  const moment = await create.getByTestId('highlight-moment').innerText();
  await create.getByRole('textbox', { name: 'Title' }).fill('Opening');
  await create.getByRole('textbox', { name: 'Note (optional)' }).fill('How the call starts');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Highlight created')).toBeVisible();

  // On the seek bar, above the speaker turns.
  const player = page.getByRole('region', { name: 'Video player' });
  await expect(player.getByTestId('seek-highlight')).toHaveCount(1);
  await expect(player.getByTestId('seek-highlight')).toHaveAttribute('title', /^Opening \(/);
  await expect(player.getByTestId('seek-segment').first()).toBeVisible();

  // Listed in the Highlights tab; choosing it plays from its start (keyboard).
  await page.getByRole('tab', { name: 'Highlights' }).click();
  const item = page.getByTestId('highlight');
  await expect(item).toContainText('Opening');
  await expect(item).toContainText(moment);
  await expectAccessible(page, 'meeting page, highlights');
  const start = moment.split(' – ')[0] ?? '';
  await item.getByRole('button', { name: `Opening, play from ${start}` }).focus();
  await page.keyboard.press('Enter');
  // The list shows whole seconds; the highlight starts within the second after.
  const [h, m, sec] = start.split(':').map(Number);
  const at = (h ?? 0) * 3600 + (m ?? 0) * 60 + (sec ?? 0);
  await expect.poll(async () => (await videoTime(page)) - at).toBeGreaterThanOrEqual(0);
  expect((await videoTime(page)) - at).toBeLessThan(1);

  await item.getByRole('button', { name: 'Edit Opening' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit highlight' });
  await edit.getByRole('textbox', { name: 'Title' }).fill('Opening remarks');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Highlight saved')).toBeVisible();
  await expect(item).toContainText('Opening remarks');
  await page.screenshot({ path: `${SCREENS}/highlights-panel-light-wide.png` });

  await setTheme(page, 'dark');
  await page.getByRole('tab', { name: 'Highlights' }).click();
  await expect(page.getByTestId('highlight')).toContainText('Opening remarks');
  await expect(page.getByTestId('seek-highlight')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENS}/highlights-panel-dark-wide.png` });
  await page.getByRole('tab', { name: 'Transcript' }).click();
  await page
    .getByRole('button', { name: /^Select from / })
    .first()
    .click();
  await page.screenshot({ path: `${SCREENS}/highlights-selection-dark-wide.png` });
  // 390 px: the panel sits under the player; the selection bar wraps.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('region', { name: 'Selected blocks' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/highlights-selection-dark-narrow.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Highlights' }).click();
  await page.getByRole('button', { name: 'Delete Opening remarks' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete ‘Opening remarks’?' });
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Highlight deleted')).toBeVisible();
  await expect(page.getByText('No highlights yet')).toBeVisible();
  await expect(page.getByTestId('seek-highlight')).toHaveCount(0);

  // The library's Past category holds the meeting just uploaded; the choice is in the URL.
  await page.goto('/library');
  await pickCategory(page, 'Past');
  await expect(page).toHaveURL(/\/library\?category=past$/);
  const table = page.getByRole('table', { name: 'Meetings' });
  await expect(table.getByText(meeting.name)).toBeVisible();
  await expectAccessible(page, '/library, past (dark)');
  await page.screenshot({ path: `${SCREENS}/library-past-dark-wide.png` });
  // Nothing is shared with the poc: the category says what it means.
  await pickCategory(page, 'Shared with me');
  await expect(page.getByText('Nothing has been shared with you yet')).toBeVisible();
  await expectAccessible(page, '/library, shared with me (empty, dark)');
  await page.screenshot({ path: `${SCREENS}/library-shared-empty-dark-wide.png` });
  await setTheme(page, 'light');

  // The member finds it under Shared with me, and reads its (now empty) highlights.
  const theirs = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const member = await theirs.newPage();
  await signIn(member, MEMBER);
  await member.goto('/library?category=shared');
  await expect(member.getByRole('combobox', { name: 'Category' })).toContainText('Shared with me');
  await expect(member.getByRole('table', { name: 'Meetings' }).getByText(meeting.name)).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  await expectAccessible(member, '/library, shared with me (member)');
  await member.screenshot({ path: `${SCREENS}/library-shared-light-wide.png` });
  await member.setViewportSize({ width: 390, height: 844 });
  await expect(member.getByText(meeting.name)).toBeVisible();
  await member.screenshot({ path: `${SCREENS}/library-shared-light-narrow.png` });
  await theirs.close();
}
