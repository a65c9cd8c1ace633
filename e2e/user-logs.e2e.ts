import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support';
import { setTheme, switchThemeInPlace } from './meeting-support';

// User Logs (issue 12 item 7): a point of contact sees their colleagues' activity, per user
// and per day. The pictures go to test-results/screens for people to look at.
const SHOTS = 'test-results/screens';

async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(page.getByText('user@acme.parley.local').first()).toBeVisible();
    await expect(page.getByTestId('activity-chart').getByRole('img')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png`, fullPage: true });
  }
}

test("a point of contact sees their organisation's activity with the per-day chart", async ({
  browser,
  page,
}) => {
  // A colleague uses Parley first, so there is activity to see.
  const colleague = await browser.newContext();
  const member = await colleague.newPage();
  await signIn(member, 'user@acme.parley.local');
  await member.goto('/library');
  await expect(member.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
  await colleague.close();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'poc@acme.parley.local');
  await page.getByRole('link', { name: 'User Logs' }).first().click();
  await expect(page).toHaveURL(/\/user-logs$/);
  await expect(page.getByRole('heading', { name: 'User Logs', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'User activity' });
  const memberRow = table.getByRole('row').filter({ hasText: 'user@acme.parley.local' });
  await expect(memberRow).toBeVisible();
  await expect(memberRow.getByRole('cell').nth(1)).not.toHaveText('0');
  // Another organisation's people are not listed.
  await expect(table.getByText('admin@parley.local')).toHaveCount(0);
  const chart = page.getByTestId('activity-chart');
  await expect(chart.getByRole('img', { name: /calls over/ })).toBeVisible();
  await expectAccessible(page, '/user-logs');
  await shoot(page, 'user-logs-wide');

  // The search narrows the table; a range with no calls empties the chart.
  await page.getByPlaceholder('Search by name or e-mail').fill('user@acme');
  await expect(table.getByRole('row').filter({ hasText: 'poc@acme.parley.local' })).toHaveCount(0);
  await expect(memberRow).toBeVisible();
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2020-01-31');
  await expect(chart.getByText('No activity in this range.')).toBeVisible();
  await page.getByRole('button', { name: 'All time' }).click();
  await expect(chart.getByRole('img', { name: /calls over/ })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByPlaceholder('Search by name or e-mail').fill('');
  await shoot(page, 'user-logs-narrow');
  await expectAccessible(page, '/user-logs (dark, 390 px)');
});

test('the super admin keeps parameters and thresholds on /parameters', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@parley.local');
  await page.goto('/parameters');
  await expect(page.getByRole('heading', { name: 'Parameters', level: 1 })).toBeVisible();
  const parameters = page.getByRole('table', { name: 'Parameters' });
  await expect(parameters.getByText('THRESHOLD_HR_SCORE')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Thresholds' }).getByText('Acme Corp'),
  ).toBeVisible();
  await expectAccessible(page, '/parameters');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(parameters.getByText('FREE_MEETING_CREDITS')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/parameters-wide-${theme}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/parameters-narrow-dark.png`, fullPage: true });
});

test('the super admin changes the permission an endpoint requires, then resets it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@parley.local');
  await page.goto('/parameters');
  const endpoints = page.getByRole('table', { name: 'Endpoints' });
  await page.getByLabel('Search endpoints').fill('/tag');
  await expect(endpoints.getByText('/tag', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Change permission GET /tag' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Its contract asks for prompts.manage', { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, 'change an endpoint’s permission dialog');
  await dialog.getByRole('combobox', { name: 'Required permission' }).click();
  await page.getByRole('option', { name: /^platform\.manage/ }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(endpoints.getByText('Changed')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    // In place: a reload would forget the search.
    await switchThemeInPlace(page, theme);
    await page.getByRole('heading', { name: 'Endpoints' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/endpoints-wide-${theme}.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Actions for GET /tag' }).click();
  await page.getByRole('menuitem', { name: 'Reset permission' }).click();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(endpoints.getByText('Changed')).toHaveCount(0);
  await expect(endpoints.getByText('prompts.manage')).toBeVisible();
});
