import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, toast } from './support';

const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens';

test.use({ viewport: { width: 1440, height: 900 } });

const form = (page: Page, kind: 'billing' | 'shipping') => page.getByTestId(`${kind}-address`);
const picker = (page: Page, kind: 'billing' | 'shipping', label: string) =>
  form(page, kind).getByRole('button', { name: label, exact: true });

/** Opens a list, types part of a name and takes the first match. */
async function choose(page: Page, kind: 'billing' | 'shipping', label: string, name: string) {
  await picker(page, kind, label).click();
  await page.getByRole('combobox', { name: `Search ${label.toLowerCase()}` }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(picker(page, kind, label)).toHaveText(name);
}

test('the point of contact sets the billing address through country → state → city and copies it to shipping', async ({
  page,
}) => {
  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/configuration');
  const card = page.getByRole('heading', { name: 'Addresses' });
  await card.scrollIntoViewIfNeeded();
  await expect(picker(page, 'billing', 'Country')).toHaveText('Not set');

  // Editing picks the first country, its first state and that state's first city.
  await page.getByRole('button', { name: 'Edit addresses' }).click();
  await expect(picker(page, 'billing', 'Country')).toHaveText('Afghanistan');
  await expect(picker(page, 'billing', 'State')).not.toHaveText(/Choose|Loading/);
  await expect(picker(page, 'billing', 'City')).not.toHaveText(/Choose|Loading/);

  // A new country brings its first state and city; a new state its first city.
  await choose(page, 'billing', 'Country', 'United States');
  await expect(picker(page, 'billing', 'State')).toHaveText('Alabama');
  await expect(picker(page, 'billing', 'City')).not.toHaveText(/Choose|Loading/);
  await choose(page, 'billing', 'State', 'California');
  await expect(picker(page, 'billing', 'City')).toHaveText('Acalanes Ridge');
  await choose(page, 'billing', 'City', 'Los Angeles');
  await form(page, 'billing').getByLabel('Street address').fill('1 Market Street');
  await form(page, 'billing').getByLabel('Postal code').fill('90012');
  await page.getByRole('checkbox', { name: 'Same as the billing address' }).check();
  await expect(picker(page, 'shipping', 'City')).toHaveText('Los Angeles');
  await expectAccessible(page, '/configuration, addresses being edited');
  await page.screenshot({ path: `${SCREENS}/addresses-editing-light.png`, fullPage: true });

  await page.getByRole('button', { name: 'Save addresses' }).click();
  await expect(toast(page, 'Addresses saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit addresses' })).toBeVisible();

  // Kept by the server: a fresh page shows both addresses, shipping a copy of billing.
  await page.reload();
  for (const kind of ['billing', 'shipping'] as const) {
    await expect(picker(page, kind, 'Country')).toHaveText('United States');
    await expect(picker(page, kind, 'State')).toHaveText('California');
    await expect(picker(page, kind, 'City')).toHaveText('Los Angeles');
    await expect(form(page, kind).getByLabel('Street address')).toHaveValue('1 Market Street');
  }

  await expectAccessible(page, '/configuration, addresses saved');
  // Cancel puts back what editing started from.
  await page.getByRole('button', { name: 'Edit addresses' }).click();
  await expect(page.getByRole('button', { name: 'Save addresses' })).toBeVisible();
  await form(page, 'shipping').getByLabel('Street address').fill('500 Congress Ave');
  await choose(page, 'shipping', 'State', 'Texas');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker(page, 'shipping', 'State')).toHaveText('California');
  await expect(form(page, 'shipping').getByLabel('Street address')).toHaveValue('1 Market Street');

  await page.screenshot({ path: `${SCREENS}/addresses-light.png`, fullPage: true });
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Edit addresses' }).click();
  await picker(page, 'billing', 'City').click();
  await page.getByRole('combobox', { name: 'Search city' }).fill('san');
  await page.screenshot({ path: `${SCREENS}/addresses-dark.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('radio', { name: 'Light' }).click();
});
