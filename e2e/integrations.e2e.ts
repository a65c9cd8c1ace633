import { expect, expectAccessible, signIn, test } from './support';

test.use({ viewport: { width: 1440, height: 900 } });

test('the point of contact sees local storage as default and a clear S3 error', async ({
  page,
}) => {
  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/app-integrations');
  await expect(page.getByRole('heading', { name: 'App Integrations' })).toBeVisible();

  const local = page.getByTestId('storage-local');
  await expect(local.getByTestId('default-badge')).toHaveText('Default');
  const s3 = page.getByTestId('storage-aws');
  await expect(s3.getByText('Not connected')).toBeVisible();
  // No BOT_PROVIDER in the e2e server: the bot card says so (read only, from the server's env).
  await expect(page.getByTestId('bot-service-card').getByText('Not configured')).toBeVisible();
  await expectAccessible(page, '/app-integrations (point of contact)');

  await s3.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Amazon S3' });
  const connect = dialog.getByRole('button', { name: 'Connect' });
  await expect(connect).toBeDisabled();
  await dialog.getByLabel('Bucket').fill('recordings');
  await dialog.getByLabel('Bucket').blur();
  await dialog.getByLabel('Region').fill('us-east-1');
  await dialog.getByLabel('Endpoint (optional)').fill('not a url');
  await dialog.getByLabel('Access key ID').focus();
  await expect(dialog.getByText('The endpoint must be an http(s) URL')).toBeVisible();
  await dialog.getByLabel('Endpoint (optional)').fill('http://127.0.0.1:9');
  await expect(dialog.getByRole('switch', { name: 'Path-style addressing' })).toBeChecked();
  await dialog.getByLabel('Access key ID').fill('AKIAEXAMPLE1234');
  await dialog.getByLabel('Secret access key').fill('not-a-real-secret');
  await connect.click();

  // A closed port reads like any unreachable endpoint (no hint of the server's network).
  await expect(dialog.getByTestId('form-error')).toContainText('Could not reach the endpoint.', {
    timeout: 20_000,
  });
  await expect(dialog.getByLabel('Bucket')).toHaveValue('recordings');
  await expect(dialog.getByLabel('Endpoint (optional)')).toHaveValue('http://127.0.0.1:9');
  await expect(dialog.getByLabel('Access key ID')).toHaveValue('AKIAEXAMPLE1234');
  await expect(connect).toBeEnabled();
  await expectAccessible(page, 'connect Amazon S3, unreachable endpoint');
  await page.screenshot({ path: 'test-results/screens/integrations-s3-error-light-wide.png' });

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(s3.getByText('Not connected')).toBeVisible();
  await expect(local.getByTestId('default-badge')).toBeVisible();
});

test('a member sees the integrations read-only', async ({ page }) => {
  await signIn(page, 'user@acme.parley.local');
  await page.goto('/app-integrations');
  await expect(page.getByRole('heading', { name: 'Cloud storage' })).toBeVisible();
  await expect(page.getByTestId('read-only-note')).toBeVisible();
  await expect(page.getByTestId('storage-local').getByTestId('default-badge')).toBeVisible();
  await expect(page.getByTestId('storage-aws').getByText('Not connected')).toBeVisible();
  await expectAccessible(page, '/app-integrations, read-only (member)');
  const main = page.getByRole('main');
  // Each member connects their own calendars (Google, Microsoft 365); nothing else is theirs.
  const ownCalendars = main.getByRole('region', { name: 'Your calendars' });
  await expect(ownCalendars.getByRole('button', { name: 'Connect', exact: true })).toHaveCount(2);
  for (const name of ['Connect', 'Disconnect', 'Make default']) {
    await expect(main.getByRole('button', { name, exact: true })).toHaveCount(
      name === 'Connect' ? 2 : 0,
    );
  }
});
