import { shootThemesAndSizes } from './meeting-support';
import { expect, expectAccessible, signIn, test } from './support';

const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens';

test.use({ viewport: { width: 1440, height: 900 } });

test('a member opens About the analysis from the user menu and reads the figures and the bias table', async ({
  page,
}) => {
  await signIn(page, 'user@acme.parley.local');
  await page.getByRole('button', { name: 'User menu' }).first().click();
  await page.getByRole('menuitem', { name: 'About the analysis' }).click();
  await expect(page).toHaveURL(/\/about\/analysis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About the analysis' })).toBeVisible();

  // A measured figure with what it was counted on: speaker count right on the 9 recordings.
  const speakers = page.getByTestId('signal-speakers');
  await expect(speakers.getByTestId('metric-speaker-count')).toContainText(/\d+(\.\d)?\s%/);
  await expect(speakers.getByTestId('metric-speaker-count')).toContainText(/\d+ of 9/);
  await expect(speakers).toContainText('AMI meeting corpus');
  // Estimates are labelled; a signal nobody could measure says so.
  await expect(page.getByTestId('signal-heart-rate').getByText('Estimate')).toBeVisible();
  await expect(
    page.getByTestId('signal-blood-pressure').getByText('Not measured', { exact: true }),
  ).toBeVisible();

  // The bias table: a row per gender and age group with counts and 95 % intervals.
  const table = page.getByRole('table', { name: 'Face accuracy by gender and age group' });
  const female = table.getByRole('row').filter({ hasText: 'Female' });
  await expect(female).toContainText(/\(\d+\/\d+\)/);
  await expect(female).toContainText(/\d+\.\d\s%–\d+\.\d\s%/);
  await expect(page.getByTestId('bias-chart').locator('svg').first()).toBeVisible();
  await expectAccessible(page, '/about/analysis');

  await shootThemesAndSizes(page, SCREENS, 'about-analysis');
});
