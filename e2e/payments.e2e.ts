import type { Page } from '@playwright/test';
import {
  DECLINED_CARD,
  startStripeStandIn,
  stripeEnv,
  type StripeStandIn,
} from '../apps/server/src/test/stripe-stand-in';
import { codeFor, expect, expectAccessible, test } from './support';
import { setTheme, useOwnServer } from './meeting-support';

/**
 * Card payment end to end (issue 17): a new company picks bundles and a credit slab on
 * /pricing, pays on the hosted Checkout page of the local Stripe stand-in (whose Pay button
 * posts the signed checkout.session.completed event to Parley's webhook), comes back to
 * /pricing with the plan active, and finds Sales Coaching unlocked.
 *
 * It runs its own server (E2E_PORT + 2) configured for Stripe against the stand-in
 * (E2E_PORT + 3), so the other journeys keep a server that takes bank transfer only.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181) + 2;
const STRIPE_PORT = PORT + 1;
const BASE = `http://localhost:${PORT}`;
const SCREENS = 'test-results/screens';

let stripe: StripeStandIn | null = null;
test.beforeAll(async () => {
  stripe = await startStripeStandIn({
    port: STRIPE_PORT,
    webhookUrl: `${BASE}/api/v1/payment/webhook`,
  });
});
test.afterAll(async () => stripe?.close());

test.use({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
useOwnServer({ port: PORT, env: stripeEnv({ origin: `http://127.0.0.1:${STRIPE_PORT}` }) });

async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENS}/${name}-${theme}.png`, fullPage: true });
  }
  await setTheme(page, 'light');
}

test('a new company pays for its plan by card and its features unlock', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `owner-${Date.now()}@cardco.example`;
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Cora Card');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Organization').fill('CardCo');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-signup/);
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/verify-signup/);

  // On the free plan, Sales Coaching is locked.
  await page.goto('/coaching');
  const locked = page.locator('[data-locked-feature="Sales Coaching"]');
  await expect(locked).toBeVisible();
  await expect(locked.getByText('Not available in your current plan')).toBeVisible();

  await page.goto('/pricing');
  await expect(page.getByText('Current plan')).toBeVisible();
  for (const name of ['Essentials', 'Sales Suite']) {
    const bundle = page.getByRole('checkbox', { name });
    await bundle.click();
    await expect(bundle).toHaveAttribute('aria-checked', 'true');
  }
  await page.getByRole('radio', { name: /2,000 credits/ }).click();
  // 49 + 99 for the bundles, 200 less 10% for the slab.
  await expect(page.getByText('$328.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Your plan is waiting for its payment')).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay by card' });
  await expect(pay).toBeVisible();
  await shoot(page, 'payments-pending');

  // Stripe's hosted page (the stand-in's), then back.
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${STRIPE_PORT}/pay/cs_test_`));
  await expect(page.getByTestId('total')).toHaveText('$328.00');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/pricing\?payment=success/);
  await expect(page.getByText('Payment received: your plan is active')).toBeVisible();
  await expect(page.getByText('Your plan is waiting for its payment')).toHaveCount(0);
  const current = page.getByText('Current plan').locator('..');
  await expect(current.getByText('Essentials + Sales Suite')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage card and receipts' })).toBeVisible();
  await shoot(page, 'payments-paid');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Payment received: your plan is active')).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/payments-paid-light-narrow.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The feature the plan bought is open now.
  await page.goto('/coaching');
  await expect(page.getByRole('heading', { level: 1, name: 'Coaching' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Training' })).toBeVisible();
  await expect(locked).toHaveCount(0);
  await expect(page.getByText('Not available in your current plan')).toHaveCount(0);
  expect(stripe?.seen.filter((s) => s.path === '/v1/checkout/sessions')).toHaveLength(1);
});

test('coming back without paying leaves the plan waiting and says so', async ({ page }) => {
  const email = `owner-${Date.now()}@cancelco.example`;
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Cal Cancel');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Organization').fill('CancelCo');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The code is mailed when the request has been answered, which the code field shows.
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/verify-signup/);
  await page.goto('/pricing');
  await page.getByRole('checkbox', { name: 'Essentials' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/pricing\?payment=cancelled/);
  await expect(page.getByText('Payment cancelled: your plan is unchanged')).toBeVisible();
  await expect(page.getByText('Your plan is waiting for its payment')).toBeVisible();
  // Nothing paid, no card saved: no Customer Portal to offer.
  await expect(page.getByRole('button', { name: 'Manage card and receipts' })).toHaveCount(0);
  await shoot(page, 'payments-cancelled');

  // A declined card: Stripe's page says so; back on /pricing the reason is shown.
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.getByLabel('Card number').fill(DECLINED_CARD);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/pricing\?payment=cancelled/);
  await expect(
    page.getByText('The payment failed: Your card was declined. Your plan is unchanged'),
  ).toBeVisible();
  await expect(page.getByText('Your plan is waiting for its payment')).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await shoot(page, 'payments-declined');
});

/** As shoot, once the credit packs have loaded again after each theme change. */
async function shootSettled(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(page.getByRole('button', { name: 'Buy 2,000 credits by card' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENS}/${name}-${theme}.png`, fullPage: true });
  }
  await setTheme(page, 'light');
}

test('a job seeker buys credits by card on /settings and finds the invoice', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `seeker-${Date.now()}@cards.example`;
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Individual' }).click();
  await page.getByLabel('Name').fill('Jo Seeker');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/consent$/);
  await page.getByLabel('I agree with all the above').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  const credits = page.getByRole('heading', { name: 'Credits' }).locator('xpath=../..');
  const balance = credits.getByText('Credits remaining').locator('..');
  await expect(balance.locator('p').nth(1)).toHaveText(/^\d[\d,]*$/);
  const before = Number((await balance.locator('p').nth(1).innerText()).replace(/,/g, ''));
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await expectAccessible(page, '/settings, credits');
  await shootSettled(page, 'talent-pool-credits');

  await page.getByRole('button', { name: 'Buy 2,000 credits by card' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${STRIPE_PORT}/pay/cs_test_`));
  // The 2,000-credit pack: $200.00 less 10%.
  await expect(page.getByTestId('total')).toHaveText('$180.00');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/settings\?payment=success/);
  await expect(page.getByText('Payment received: your credits are added')).toBeVisible();
  await expect(balance.locator('p').nth(1)).toHaveText((before + 2000).toLocaleString('en-US'));
  await expect(page.getByText(/^PAR-\d{4}-\d{6}$/)).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expectAccessible(page, '/settings, credits paid');
  await shootSettled(page, 'talent-pool-credits-paid');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download invoice PAR-/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^invoice_[0-9a-f-]{36}\.pdf$/);
});
