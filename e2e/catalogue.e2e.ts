import { expect, expectAccessible, signIn, test } from './support';
import { setTheme } from './meeting-support';

/**
 * Issue 17 items 1–2: the super admin adds a bundle on Enterprise Management; the point of
 * contact builds a plan of it with a credit slab on /pricing, sees the server's total and
 * discount, and asks for the plan, which waits for its payment; the super admin sees it among
 * the subscriptions. Pictures in both themes, wide and at 390 px, in test-results/screens.
 */
test('a bundle made on /billing is bought on /pricing and listed as awaiting payment', async ({
  page,
}) => {
  const name = `Face Pack ${Date.now()}`;
  await signIn(page, 'admin@parley.local');
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Enterprise Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add bundle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bundle' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: /Facial Emotions/ }).click();
  await dialog.getByRole('checkbox', { name: /Head Pose/ }).click();
  await expect(dialog.getByText('$22.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const bundles = page.getByRole('table', { name: 'Bundles' });
  await expect(bundles.getByText(name)).toBeVisible();
  await expectAccessible(page, '/billing, bundles');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.screenshot({ path: `test-results/screens/billing-${theme}-wide.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Credit slabs' }).click();
  await expect(page.getByText('2,000 credits')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/billing-slabs-dark-narrow.png' });
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });

  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/pricing');
  await expect(page.getByText('Current plan')).toBeVisible();
  const pack = page.getByRole('checkbox', { name });
  await pack.click();
  await expect(pack).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: /2,000 credits/ }).click();
  // 22.00 for the bundle, 200.00 for the slab, 10% (20.00) off the slab.
  await expect(page.getByText('$202.00')).toBeVisible();
  await expect(page.getByText('−$20.00')).toBeVisible();
  await expectAccessible(page, '/pricing');
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    // The selection is the organisation's, kept by the server: it survives the reload.
    await expect(page.getByText('$202.00')).toBeVisible();
    await page.screenshot({
      path: `test-results/screens/pricing-${theme}-wide.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('$202.00')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/pricing-dark-narrow.png', fullPage: true });
  await setTheme(page, 'light');
  await expect(page.getByText('$202.00')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Your plan is waiting for its payment')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/pricing-pending-light-narrow.png' });
  // The plan in use, and its features, stay until the payment.
  await expect(page.getByText('Acme Growth')).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@parley.local');
  await page.goto('/billing?tab=subscriptions');
  const subscriptions = page.getByRole('table', { name: 'Subscriptions' });
  const row = subscriptions.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Awaiting payment')).toBeVisible();
  await expect(row.getByText('Acme Corp')).toBeVisible();
  await expectAccessible(page, '/billing, subscriptions');
  await page.screenshot({ path: 'test-results/screens/billing-subscriptions-light-wide.png' });
});
