import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { resumePdf } from '../apps/server/src/test/resume-fixtures';
import { codeFor, expect, expectAccessible, test } from './support';

/**
 * Issue 19 items 3 and 4: a new job seeker uploads a resume (a PDF made by the test, see
 * resume-fixtures.ts), corrects what was read, and sets up a mock interview that is then listed
 * as ready. /profile and the set-up form are pictured in light and dark, 1280 and 390 px
 * (test-results/talent-profile/), and checked by axe.
 */
const SHOTS = 'test-results/talent-profile';
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

test('a job seeker uploads a resume, corrects it, and sets up a mock interview', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `resume-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Individual' }).click();
  await page.getByLabel('Name').fill('Jordan Rivera');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-signup/);
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('I agree with all the above').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await expect(page.getByText('No resume yet.')).toBeVisible();
  await page.getByTestId('resume-input').setInputFiles({
    name: 'jordan-rivera.pdf',
    mimeType: 'application/pdf',
    buffer: await resumePdf(),
  });
  await expect(page.getByText('jordan-rivera.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Full name')).toHaveValue('Jordan Rivera');
  const first = page.getByRole('group', { name: 'Job 1' });
  await expect(first.getByLabel('Company')).toHaveValue('Lumen Payments');
  await expect(first.getByLabel('Start')).toHaveValue('2021-03');
  await page.getByLabel('Headline').fill('Staff Software Engineer');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Headline')).toHaveValue('Staff Software Engineer');
  await look(page, 'profile');

  await page.goto('/interviews');
  await expect(page.getByText('No mock interviews yet')).toBeVisible();
  await page.getByRole('link', { name: 'New mock interview' }).first().click();
  await expect(page).toHaveURL(/\/mock-interviews\/new$/);
  await choose(page, 'Company', 'Amazon');
  await choose(page, 'Role', 'Devops engineer');
  await choose(page, 'Level', 'Hard');
  await page.getByRole('button', { name: '+ Kubernetes' }).click();
  await page.getByLabel('Job description').fill('Run our Kubernetes platform on AWS.');
  await page.getByLabel('Questions', { exact: true }).fill('6');
  await look(page, 'mock-interview-setup');
  await page.getByRole('button', { name: 'Set up interview' }).click();
  await expect(page).toHaveURL(/\/interviews$/);
  const table = page.getByRole('table', { name: 'Your mock interviews' });
  await expect(table.getByText('Devops engineer')).toBeVisible();
  await expect(table.getByText('Ready')).toBeVisible();
  await look(page, 'mock-interviews');
});
