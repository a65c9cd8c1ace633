import { mkdirSync } from 'node:fs';
import { WIDE, choose, lookEverywhere, signUpSeeker } from './practice-support';
import { expect, test } from './support';

/**
 * Issue 19 item 7: a new job seeker's /home says how to start; once a mock interview is set up
 * it suggests the next practice for that role and level, with the year's (empty) charts, the
 * streak and the practice table. Pictured in light and dark, 1280 and 390 px
 * (test-results/seeker-home/), and checked by axe.
 */
const SHOTS = 'test-results/seeker-home';
test.use({ viewport: WIDE });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a new job seeker’s home shows how to start, then the next practice', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpSeeker(page, 'Sam Okafor', 'home');

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('No practice yet — set up your first mock interview')).toBeVisible();
  await lookEverywhere(page, SHOTS, 'home-new');

  await page.getByRole('link', { name: 'Set up a mock interview' }).click();
  await expect(page).toHaveURL(/\/mock-interviews\/new$/);
  await choose(page, 'Company', 'Meta');
  await choose(page, 'Role', 'Product manager');
  await choose(page, 'Level', 'Medium');
  await page.getByRole('button', { name: 'Set up interview' }).click();
  await expect(page).toHaveURL(/\/interviews$/);

  await page.goto('/home');
  const next = page.getByTestId('home-next-step');
  await expect(next.getByText('Get your first scores')).toBeVisible();
  await expect(next.getByText('Last set up for: Product manager at Meta, Medium')).toBeVisible();
  await expect(page.getByTestId('practice-streak').getByText('0 weeks')).toBeVisible();
  await expect(page.getByText('No practice meetings yet')).toBeVisible();
  await choose(page, 'Year', String(new Date().getUTCFullYear() - 1));
  await expect(
    page.getByText(`No practice recorded in ${new Date().getUTCFullYear() - 1}.`),
  ).toBeVisible();
  await lookEverywhere(page, SHOTS, 'home-set-up');
  await next.getByRole('link', { name: 'Practise now' }).click();
  await expect(page).toHaveURL(/\/mock-interviews\/new$/);
});
