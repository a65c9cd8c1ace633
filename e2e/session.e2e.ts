import { codeFor, expect, expectAccessible, signIn, test, toast } from './support';

test('an unauthenticated visit to /library goes to /signin', async ({ page }) => {
  await page.goto('/library');
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { name: 'Sign in to Parley' })).toBeVisible();
  await expectAccessible(page, '/signin');
});

test('a new company signs up and reaches the library on the free plan', async ({ page }) => {
  const email = `founder-${Date.now()}@newco.example`;
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expectAccessible(page, '/signup');
  await page.getByLabel('Name').fill('Nora Founder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Organization').fill('NewCo');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-signup/);
  await expectAccessible(page, '/verify-signup');
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/verify-signup|\/pricing/);
  await page.goto('/library');
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // /pricing says which plan it is on, offers the bundles to build a paid one, and a way back.
  await page.goto('/pricing');
  await expect(page.getByText('Current plan')).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change your plan' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Essentials' })).toBeVisible();
  await expectAccessible(page, '/pricing (free plan)');
  await page.getByRole('link', { name: 'Go to the library' }).click();
  await expect(page).toHaveURL(/\/library$/);
});

test('signing in from a second browser ends the first session with the warning', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await signIn(a, 'manager@acme.parley.local');
  await expect(a).toHaveURL(/\/$/);
  await signIn(b, 'manager@acme.parley.local');
  await expect(b).toHaveURL(/\/$/);

  // The first browser finds out at its next session check (navigation, focus or the 30 s timer).
  await a
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Library', exact: true })
    .click();
  await expect(
    toast(a, 'Your account has been logged in on a different device. This session has been ended'),
  ).toBeVisible();
  await expect(a).toHaveURL(/\/signin/);
  // The second browser carries on.
  await b.reload();
  await expect(b).toHaveURL(/\/$/);
  await expect(
    b
      .getByTestId('user-menu-email')
      .or(b.getByRole('button', { name: 'User menu' }))
      .first(),
  ).toBeVisible();
  await first.close();
  await second.close();
});

test('the theme survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'user@acme.parley.local');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('parley.theme'))).toBe('dark');
});

test('logging out in one tab sends the other tab to /signin', async ({ context }) => {
  const one = await context.newPage();
  await signIn(one, 'poc@acme.parley.local');
  const two = await context.newPage();
  await two.goto('/');
  await expect(two.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await one.getByRole('button', { name: 'User menu' }).click();
  await one.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(one).toHaveURL(/\/signin/);
  await expect(toast(one, 'You have been logged out successfully')).toBeVisible();
  await expect(two).toHaveURL(/\/signin/);
});

test('a wrong code gets a clear message and keeps what was typed', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('user@acme.parley.local');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/verify-signin/);
  const real = await codeFor(page.request, 'user@acme.parley.local');
  const wrong = real === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /attempts left/ })).toBeVisible();
  await expectAccessible(page, '/verify-signin, wrong code');
  await expect(page.getByLabel('Verification code')).toHaveValue(wrong);
});

test('unknown pages show the 404 screen', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Page not found: Let's get you back on track",
  );
  await expectAccessible(page, 'page not found');
});
