import { mkdirSync } from 'node:fs';
import { resumePdf } from '../apps/server/src/test/resume-fixtures';
import { WIDE, choose, lookEverywhere, signUpSeeker } from './practice-support';
import { expect, test } from './support';

/**
 * Issue 19 items 3 and 4: a new job seeker uploads a resume (a PDF made by the test, see
 * resume-fixtures.ts), corrects what was read, and sets up a mock interview that is then listed
 * as ready. /profile and the set-up form are pictured in light and dark, 1280 and 390 px
 * (test-results/talent-profile/), and checked by axe.
 */
const SHOTS = 'test-results/talent-profile';
test.use({ viewport: WIDE });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a job seeker uploads a resume, corrects it, and sets up a mock interview', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpSeeker(page, 'Jordan Rivera', 'resume');

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
  await lookEverywhere(page, SHOTS, 'profile');

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
  await lookEverywhere(page, SHOTS, 'mock-interview-setup');
  await page.getByRole('button', { name: 'Set up interview' }).click();
  await expect(page).toHaveURL(/\/interviews$/);
  const table = page.getByRole('table', { name: 'Your mock interviews' });
  await expect(table.getByText('Devops engineer')).toBeVisible();
  await expect(table.getByText('Ready')).toBeVisible();
  await lookEverywhere(page, SHOTS, 'mock-interviews');
});
