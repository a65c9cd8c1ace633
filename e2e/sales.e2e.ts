import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, toast } from './support';
import { deleteMeeting, setTheme, waitProcessed } from './meeting-support';

/**
 * Issue 16 items 1–4 in the browser: the sales manager creates a deal, uploads a call with the
 * deal chosen, finds the rep in Teams, opens the deal from Deals and sees the call; a keyword
 * tracker for a word the call says is counted on its seek bar, and its tick seeks the player;
 * the rep reads the deal without changing it. Screenshots of /accounts light and dark.
 */
const SOURCE = path.resolve(import.meta.dirname, '../fixtures/diarization/two-speakers.wav');
const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens';
const MANAGER = 'manager@acme.parley.local';
const REP = 'rep@acme.parley.local';
const DEAL = `Globex expansion ${Date.now().toString(36)}`;
const TRACKER = `Hometowns ${Date.now().toString(36)}`;

test.use({ viewport: { width: 1440, height: 900 } });

const videoTime = (page: Page) =>
  page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

test('a manager runs a deal from /accounts; its call is tracked; the rep reads the deal', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  let meetingUrl: string | null = null;
  let trackerMade = false;
  try {
    await signIn(page, MANAGER);

    // Create the deal in Parley (no CRM).
    await page.goto('/accounts');
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    await page.getByTestId('new-deal').click();
    const dealDialog = page.getByRole('dialog', { name: 'New deal' });
    await dealDialog.getByTestId('deal-name').fill(DEAL);
    await dealDialog.getByRole('combobox', { name: 'Stage' }).click();
    await page.getByRole('option', { name: 'Discovery' }).click();
    await dealDialog.getByTestId('deal-amount').fill('48000');
    await dealDialog.getByRole('button', { name: 'Create deal' }).click();
    await expect(toast(page, 'Deal created')).toBeVisible();
    await expect(dealDialog).toBeHidden();

    // Upload a short call with the deal chosen: it is linked once the upload completes.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-')), `${DEAL}.wav`);
    copyFileSync(SOURCE, file);
    await page.goto('/library');
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload a recording' });
    await upload.getByLabel('Recording file').setInputFiles(file);
    await upload.getByTestId('deal-picker').click();
    await page.getByTestId('deal-search').fill(DEAL.slice(0, 14));
    await page.getByRole('option', { name: new RegExp(DEAL) }).click();
    await expect(upload.getByTestId('deal-picker')).toHaveText(DEAL);
    // The call takes the deal's stage.
    await expect(upload.getByRole('combobox', { name: 'Stage' })).toHaveText('Discovery');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(upload.getByTestId('upload-result')).toHaveText(/Uploaded/, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Open meeting' }).click();
    await expect(page).toHaveURL(/\/library\/[0-9a-f-]{36}$/);
    meetingUrl = page.url();
    await expect(page.getByTestId('meeting-deal').getByTestId('deal-picker')).toHaveText(DEAL);

    // A tracker for words the call says, created while the call is analysed: "Chicago" as the
    // speakers say it, "friends" as the embedded speech-to-text writes this recording.
    await page.goto('/configuration/trackers');
    await page.getByTestId('new-tracker').click();
    const trackerDialog = page.getByRole('dialog', { name: 'New tracker' });
    await trackerDialog.getByTestId('tracker-name').fill(TRACKER);
    await trackerDialog.getByTestId('tracker-phrases').fill('Chicago\nfriends');
    await trackerDialog.getByRole('button', { name: 'Create tracker' }).click();
    trackerMade = true;
    await expect(page.getByRole('cell', { name: TRACKER, exact: true })).toBeVisible();
    await expectAccessible(page, '/configuration/trackers');

    // Its mentions tick the seek bar; a tick seeks the player there.
    await page.goto(meetingUrl);
    await waitProcessed(page);
    const ticks = page.getByTestId('seek-tick');
    await expect(async () => {
      await page.reload();
      await expect(ticks.first()).toBeAttached({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    const tick = ticks.first();
    await expect(tick).toHaveAttribute(
      'aria-label',
      new RegExp(`^${TRACKER}: “(Chicago|friends)”`),
    );
    const label = (await tick.getAttribute('aria-label')) ?? '';
    const [, mm = '0', ss = '0'] = /\(00:(\d\d):(\d\d)/.exec(label) ?? [];
    const at = Number(mm) * 60 + Number(ss);
    await tick.click();
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(at - 0.5);
    expect(await videoTime(page)).toBeLessThan(at + 1.5);
    await expectAccessible(page, 'meeting page, tracker ticks');

    // Teams: the rep under the manager, then narrowed to the rep by the name filter.
    await page.goto('/accounts');
    const group = page.getByTestId('team-group').first();
    await expect(group.getByTestId('rep-row').first()).toBeVisible();
    await expect(page.getByTestId('rep-row')).not.toHaveCount(1);
    const mine = page.getByTestId('rep-row').filter({ hasText: MANAGER });
    await expect(mine.getByTestId('rep-calls')).toContainText(/[1-9]\d* calls?/);
    await expect(mine.getByTestId('stage-score').filter({ hasText: 'Discovery' })).toBeVisible();
    await expectAccessible(page, '/accounts, teams');
    await page.screenshot({ path: `${SCREENS}/accounts-teams-light-wide.png`, fullPage: true });
    await page.getByRole('combobox', { name: 'Name' }).click();
    await page.getByRole('option', { name: 'Remy Rep' }).click();
    await expect(page.getByTestId('rep-row')).toHaveCount(1);
    await expect(page.getByTestId('rep-row')).toContainText(REP);

    // The calls behind a figure: the manager's discovery calls include the uploaded one.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await mine.getByTestId('stage-score').filter({ hasText: 'Discovery' }).click();
    const figure = page.getByTestId('figure-calls');
    await expect(figure.getByTestId('call-row').filter({ hasText: DEAL })).toBeVisible();
    await expectAccessible(page, 'calls behind a figure');
    await page.keyboard.press('Escape');

    // Deals: the chart and the table; the deal's page lists the call.
    await page.getByTestId('view-deals').click();
    await expect(page).toHaveURL(/view=deals/);
    await expect(page.getByTestId('deal-amount-chart')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: DEAL });
    await expect(row).toContainText('$48,000');
    await expect(row).toContainText('Discovery');
    await expectAccessible(page, '/accounts, deals');
    await page.screenshot({ path: `${SCREENS}/accounts-deals-light-wide.png`, fullPage: true });
    await setTheme(page, 'dark');
    await expect(page.getByRole('row').filter({ hasText: DEAL })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/accounts-deals-dark-wide.png`, fullPage: true });
    await page.getByTestId('view-teams').click();
    await expect(page.getByTestId('rep-row').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/accounts-teams-dark-wide.png`, fullPage: true });
    await setTheme(page, 'light');
    await page.getByTestId('view-deals').click();
    await page.getByRole('row').filter({ hasText: DEAL }).getByTestId('deal-link').click();
    await expect(page).toHaveURL(/\/accounts\/deals\/[0-9a-f-]{36}$/);
    const dealUrl = page.url();
    await expect(page.getByTestId('deal-title')).toHaveText(DEAL);
    await expect(page.getByTestId('deal-calls').getByTestId('call-row')).toContainText(DEAL);
    await expect(page.getByTestId('edit-deal')).toBeVisible();
    await expectAccessible(page, 'deal page');
    await page.screenshot({ path: `${SCREENS}/accounts-deal-light-wide.png`, fullPage: true });

    // The rep reads the deal: no changes offered.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const rep = await context.newPage();
    await signIn(rep, REP);
    // The rep's home: their own calls and their coaching progress.
    await expect(rep).toHaveURL(/\/$/);
    await expect(rep.getByTestId('home-figures')).toBeVisible();
    await expect(rep.getByText('Your calls, last 8 weeks')).toBeVisible();
    await expect(rep.getByTestId('home-coaching')).toBeVisible();
    await expectAccessible(rep, 'home (sales rep)');
    await rep.screenshot({ path: `${SCREENS}/home-rep-light-wide.png`, fullPage: true });
    await setTheme(rep, 'dark');
    await expect(rep.getByTestId('home-coaching')).toBeVisible();
    await rep.screenshot({ path: `${SCREENS}/home-rep-dark-wide.png`, fullPage: true });
    await setTheme(rep, 'light');
    await rep.goto(dealUrl);
    await expect(rep.getByTestId('deal-title')).toHaveText(DEAL);
    await expect(rep.getByText('Read-only')).toBeVisible();
    await expect(rep.getByTestId('edit-deal')).toHaveCount(0);
    await expect(rep.getByTestId('add-contact')).toHaveCount(0);
    await expect(rep.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(rep, 'deal page, read-only (sales rep)');
    await rep.screenshot({ path: `${SCREENS}/accounts-deal-rep-light-wide.png`, fullPage: true });
    await context.close();

    // Clean up: the deal goes (its call is unlinked), then the call.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/accounts\?view=deals$/);
  } finally {
    await deleteMeeting(page, meetingUrl).catch(() => {});
    if (trackerMade) {
      await page.goto('/configuration/trackers');
      await page
        .getByRole('button', { name: `Actions for ${TRACKER}` })
        .click()
        .then(() => page.getByRole('menuitem', { name: 'Delete' }).click())
        .then(() => page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click())
        .catch(() => {});
    }
  }
});
