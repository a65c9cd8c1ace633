import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The latest code mailed to an address, read from the development outbox. */
export async function codeFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  expect(res.ok(), `outbox for ${email}`).toBeTruthy();
  const body = (await res.json()) as { code: string | null };
  if (!body.code) throw new Error(`no code for ${email}`);
  return body.code;
}

/** Signs in through the real pages, as a person would, with the code from the outbox. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/verify-signin/);
  const code = await codeFor(page.request, email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/verify-signin/);
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

export async function navTitles(page: Page): Promise<string[]> {
  const links = mainNav(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  return (
    await links.evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''),
    )
  ).map((t) => t.trim());
}

export function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}
