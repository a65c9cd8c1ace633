import type { Page } from '@playwright/test';
import { codeFor, expect, expectAccessible } from './support';

/**
 * What the talent-pool journeys share (profile, home, mock interview): a new job seeker of
 * their own, the set-up form's selects, and a page looked at in both themes and widths.
 */
export const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Signs up an individual, consents, and lands on /profile. Answers the address. */
export async function signUpSeeker(page: Page, name: string, prefix: string): Promise<string> {
  const email = `${prefix}-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Individual' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-signup/);
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('I agree with all the above').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return email;
}

export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The app's cross-tab theme sync: the page and what it holds stay as they are. */
async function theme(page: Page, value: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    localStorage.setItem('parley.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'parley.theme', newValue: t }));
  }, value);
  // Colours ease after the switch; let them settle before the picture.
  await page.waitForTimeout(300);
}

/**
 * `{dir}/{name}-{light|dark}-{1280|390}.png`, axe in light wide and dark narrow (unless
 * `accessible: false`), and no sideways scrolling at 390 px. Ends light and wide.
 */
export async function lookEverywhere(
  page: Page,
  dir: string,
  name: string,
  { accessible = true, fullPage = true }: { accessible?: boolean; fullPage?: boolean } = {},
): Promise<void> {
  await theme(page, 'light');
  await page.screenshot({ path: `${dir}/${name}-light-1280.png`, fullPage });
  if (accessible) await expectAccessible(page, `${name} (light, 1280 px)`);
  await theme(page, 'dark');
  await page.screenshot({ path: `${dir}/${name}-dark-1280.png`, fullPage });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${dir}/${name}-dark-390.png`, fullPage: true });
  if (accessible) await expectAccessible(page, `${name} (dark, 390 px)`);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways, `${name} scrolls sideways at 390 px`).toBe(false);
  await theme(page, 'light');
  await page.screenshot({ path: `${dir}/${name}-light-390.png`, fullPage: true });
  await page.setViewportSize(WIDE);
}
