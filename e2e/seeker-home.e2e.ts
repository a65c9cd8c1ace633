import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { codeFor, expect, expectAccessible, test } from './support';

/**
 * Issue 19 item 7: a new job seeker's /home says how to start; once a mock interview is set up
 * it suggests the next practice for that role and level, with the year's (empty) charts, the
 * streak and the practice table. Pictured in light and dark, 1280 and 390 px
 * (test-results/seeker-home/), and checked by axe.
 */
const SHOTS = 'test-results/seeker-home';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
test.use({ viewport: WIDE });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

async function theme(page: Page, value: 'light' | 'dark') {
  await page.evaluate((t) => {
    localStorage.setItem('parley.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'parley.theme', newValue: t }));
  }, value);
  await page.waitForTimeout(300);
}

async function look(page: Page, name: string) {
  await theme(page, 'light');
  await page.screenshot({ path: `${SHOTS}/${name}-light-1280.png`, fullPage: true });
  await expectAccessible(page, `${name} (light, 1280 px)`);
  await theme(page, 'dark');
  await page.screenshot({ path: `${SHOTS}/${name}-dark-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/${name}-dark-390.png`, fullPage: true });
  await expectAccessible(page, `${name} (dark, 390 px)`);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways, `${name} scrolls sideways at 390 px`).toBe(false);
  await theme(page, 'light');
  await page.screenshot({ path: `${SHOTS}/${name}-light-390.png`, fullPage: true });
  await page.setViewportSize(WIDE);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a new job seeker’s home shows how to start, then the next practice', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `home-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Individual' }).click();
  await page.getByLabel('Name').fill('Sam Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-signup/);
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('I agree with all the above').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('No practice yet — set up your first mock interview')).toBeVisible();
  await look(page, 'home-new');

  await page.getByRole('link', { name: 'Set up a mock interview' }).click();
  await expect(page).toHaveURL(/\/mock-interviews\/new$/);
  await choose(page, 'Company', 'Meta');
  await choose(page, 'Role', 'Product manager');
  await choose(page, 'Level', 'Medium');
  await page.getByRole('button', { name: 'Set up interview' }).click();
  await expect(page).toHaveURL(/\/interviews$/);

  await page.goto('/home');
  const next = page.getByTestId('practice-next');
  await expect(next.getByText('Get your first scores')).toBeVisible();
  await expect(next.getByText('Last set up for: Product manager at Meta, Medium')).toBeVisible();
  await expect(page.getByTestId('practice-streak').getByText('0 weeks')).toBeVisible();
  await expect(page.getByText('No practice meetings yet')).toBeVisible();
  await choose(page, 'Year', String(new Date().getUTCFullYear() - 1));
  await expect(
    page.getByText(`No practice recorded in ${new Date().getUTCFullYear() - 1}.`),
  ).toBeVisible();
  await look(page, 'home-set-up');
  await next.getByRole('link', { name: 'Practise now' }).click();
  await expect(page).toHaveURL(/\/mock-interviews\/new$/);
});
