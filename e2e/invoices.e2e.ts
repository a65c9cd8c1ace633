import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test, toast } from './support';
import { setTheme, uploadRecording, uploadedMeeting, useOwnServer } from './meeting-support';

const meeting = uploadedMeeting();

// Its own server: paying for a plan of one bundle changes Acme's features, and the journeys
// after this one on the shared server need Acme's demo plan as seeded.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 4;
test.use({ baseURL: `http://localhost:${PORT}` });
useOwnServer({ port: PORT });

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });

/** Unticks every bundle, then ticks `name`: the selection is the organisation's, kept by the server. */
async function chooseOnly(page: Page, name: string) {
  const wanted = page.getByRole('checkbox', { name, exact: true });
  await expect(wanted).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) {
    if ((await box.getAttribute('aria-checked')) === 'true') {
      await box.click();
      await expect(box).toHaveAttribute('aria-checked', 'false');
    }
  }
  await wanted.click();
  await expect(wanted).toHaveAttribute('aria-checked', 'true');
}

/**
 * Issue 17 items 4–5 and the usage chart: the point of contact builds a plan on /pricing and
 * pays by invoice (bank transfer), downloads it and waits; the super admin marks it paid in
 * Enterprise Management; the plan is then the company's, and /configuration shows its usage,
 * credits and invoices. Pictures in both themes, wide and at 390 px, in test-results/screens.
 */
test('a plan paid by invoice is marked paid on /billing and becomes the company’s plan', async ({
  page,
}) => {
  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/pricing');
  await chooseOnly(page, 'Sales Suite');
  await page.getByRole('radio', { name: /2,000 credits/ }).click();
  await expect(page.getByRole('radio', { name: /2,000 credits/ })).toBeChecked();
  // 99.00 for the bundle, 200.00 for the slab, 10% (20.00) off the slab.
  await expect(page.getByText('$279.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  // This plan, not one another journey left waiting.
  const waiting = page
    .getByTestId('pending-plan')
    .filter({ hasText: 'Your plan is waiting for its payment' });
  await expect(waiting.getByText(/^Sales Suite: \$279\.00 with 2,000 credits/)).toBeVisible();

  await waiting.getByRole('button', { name: 'Pay by invoice (bank transfer)' }).click();
  const issued = waiting.getByTestId('manual-invoice');
  await expect(issued.getByText('Waiting for payment')).toBeVisible();
  const number = (await issued.getByText(/^PAR-\d{4}-\d{6}$/).textContent()) ?? '';
  expect(number).toMatch(/^PAR-\d{4}-\d{6}$/);
  await expect(issued.getByText('$279.00')).toBeVisible();
  const saving = page.waitForEvent('download');
  await issued.getByRole('button', { name: 'Download invoice' }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/^invoice_[0-9a-f-]{36}\.pdf$/);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(issued.getByText('Waiting for payment')).toBeVisible();
    await shot(page, `invoice-pricing-${theme}-wide`, true);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await issued.scrollIntoViewIfNeeded();
  await shot(page, 'invoice-pricing-dark-narrow');
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });

  await signIn(page, 'admin@parley.local');
  await page.goto('/billing?tab=invoices');
  // Who invoices are issued by, and the tax they apply (none by default).
  const seller = page.getByTestId('seller-notice');
  await expect(seller.getByText(/Invoices are issued by/)).toBeVisible();
  // The seeded platform has no billing address yet: the page says so and where to add it.
  await expect(seller.getByRole('link', { name: /^Add the billing address of / })).toBeVisible();
  await expect(seller.getByText(/^No tax is applied/)).toBeVisible();
  await expectAccessible(page, '/billing, invoices and the seller');
  const table = page.getByRole('table', { name: 'Invoices' });
  await page.getByLabel('Search invoices').fill(number);
  const row = table.getByRole('row').filter({ hasText: number });
  await expect(row.getByText('Awaiting payment')).toBeVisible();
  await expect(row.getByText('Acme Corp')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(row.getByText('Awaiting payment')).toBeVisible();
    await shot(page, `invoice-billing-${theme}-wide`);
  }
  await setTheme(page, 'light');
  await row.getByRole('button', { name: `Mark paid ${number}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Mark ${number} paid?` });
  await expect(confirm.getByText('$279.00')).toBeVisible();
  await confirm.getByRole('button', { name: 'Mark paid' }).click();
  await expect(toast(page, `Invoice ${number} marked paid; the plan is active`)).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Mark paid ${number}` })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'invoice-billing-light-narrow');
  await page.setViewportSize({ width: 1440, height: 900 });

  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/pricing');
  const current = page.getByText('Current plan').locator('..');
  await expect(current.getByText('Sales Suite', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Your plan is waiting for its payment')).toHaveCount(0);

  // A meeting of today: its minutes are the chart's bar once its media is probed.
  meeting.url = await uploadRecording(page, `Invoice usage ${Date.now()}`);
  const chart = page.getByTestId('usage-chart');
  await expect(async () => {
    await page.goto('/configuration');
    await expect(chart.getByRole('img', { name: /^[1-9]\d* minutes analyzed/ })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByTestId('usage-plan').getByText('Sales Suite')).toBeVisible();
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(
    invoices.getByRole('row').filter({ hasText: number }).getByText('Paid'),
  ).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(chart).toBeVisible();
    await shot(page, `invoice-configuration-${theme}-wide`, true);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await chart.scrollIntoViewIfNeeded();
  await shot(page, 'invoice-configuration-dark-narrow');
  await setTheme(page, 'light');
});
