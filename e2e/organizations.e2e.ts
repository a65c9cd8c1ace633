import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  e2eMediaDir,
  expect,
  expectAccessible,
  logoFile,
  signIn,
  signInFromInvitation,
  test,
  toast,
} from './support';

/**
 * The super admin, on Organization Management, invites a new organisation (`company` and a
 * stamp) with its contact at `domain`; answers the organisation's name and the contact's address.
 */
async function inviteOrganization(page: Page, company: string, domain: string) {
  const stamp = Date.now();
  const name = `${company} ${stamp}`;
  const email = `contact-${stamp}@${domain}`;
  await signIn(page, 'admin@parley.local');
  await page.goto('/organization-management');
  await expect(page.getByRole('heading', { name: 'Organization Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite organization' });
  await dialog.getByLabel('Organization name').fill(name);
  await dialog.getByLabel('Point of contact e-mail').fill(email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  return { name, email };
}

test('the super admin invites an organisation; its point of contact signs in from the e-mailed link', async ({
  page,
}) => {
  const { name, email } = await inviteOrganization(page, 'Initech', 'initech.example');
  await expect(page.getByRole('link', { name: 'Acme Corp' })).toBeVisible();
  await expectAccessible(page, '/organization-management');

  // Searchable: the new organisation is found by its contact's address, and opens its dashboard.
  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(email);
  await expect(page.getByRole('table', { name: 'Organizations' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/organization-management\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Activity per day' })).toBeVisible();
  await expectAccessible(page, 'organization dashboard');

  // The contact follows the link in the e-mail, in a browser of their own.
  const { context: contact, page: theirs } = await signInFromInvitation(page, email);
  // On the free plan: straight into the app, not the pricing page.
  await expect(theirs).not.toHaveURL(/\/pricing/);
  await expect(theirs.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expectAccessible(theirs, 'first page of a new point of contact');
  await contact.close();
});

test('deleting an organisation removes its media files and signs its people out', async ({
  page,
}) => {
  const { name, email } = await inviteOrganization(page, 'Globex', 'globex.example');
  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(email);
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/organization-management\/[0-9a-f-]{36}$/);
  const organizationId = new URL(page.url()).pathname.split('/').pop()!;
  const store = path.join(e2eMediaDir(), organizationId);

  // Its point of contact signs in and uploads a logo: a file in the organisation's store.
  const contact = await signInFromInvitation(page, email);
  await contact.page.goto('/configuration');
  await contact.page.getByLabel('Choose a logo').setInputFiles(logoFile());
  await expect(toast(contact.page, 'Organization logo updated')).toBeVisible();
  expect(existsSync(store)).toBe(true);

  await page.goto('/organization-management');
  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(email);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await confirm.getByLabel('Organization name').fill(name);
  await confirm.getByRole('button', { name: 'Delete organization' }).click();
  await expect(toast(page, `${name} is being deleted`)).toBeVisible();

  // The background job removes the organisation's files; its contact is signed out at once.
  await expect.poll(() => existsSync(store), { timeout: 30_000 }).toBe(false);
  await contact.page.reload();
  await expect(contact.page).toHaveURL(/\/signin/);
  await contact.context.close();
});
