import { expect, expectAccessible, signIn, test } from './support';
import { setTheme } from './meeting-support';

/** The super admin's model catalogue (what Zai and the workbench can connect). */
const SCREENS = 'test-results/screens';

test.use({ viewport: { width: 1440, height: 1000 } });

test('the super admin sees the model catalogue from Configuration', async ({ page }) => {
  await signIn(page, 'admin@parley.local');
  await page.goto('/configuration');
  await page
    .getByRole('navigation', { name: 'Configuration' })
    .getByRole('link', { name: 'Models' })
    .click();
  await expect(page).toHaveURL(/\/configuration\/models$/);
  await page.getByLabel('Search models').fill('gpt-4o');
  const models = page.getByRole('table', { name: 'Models' });
  const mini = models.getByRole('row', { name: /GPT-4o mini/ });
  await expect(mini).toContainText('128,000');
  await expect(mini).toContainText('$0.15 / $0.6');
  await expect(mini).toContainText('not connected');
  await page.getByLabel('Search models').fill('');
  await expect(models.getByRole('row')).toHaveCount(11);
  await expectAccessible(page, '/configuration/models');
  await page.screenshot({ path: `${SCREENS}/parameters-models-light.png` });
  await setTheme(page, 'dark');
  await expect(page.getByRole('table', { name: 'Models' }).getByRole('row')).toHaveCount(11);
  await page.screenshot({ path: `${SCREENS}/parameters-models-dark.png` });
  await setTheme(page, 'light');
});
