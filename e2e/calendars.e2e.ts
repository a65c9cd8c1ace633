import { expect, expectAccessible, signIn, test, toast } from './support';
import { setTheme } from './meeting-support';

// Issue 18 item 3 in the browser: connecting Google Calendar through its consent page (the
// stand-in in calendar-stand-in.mjs), the auto-join rule, Zoom's credentials, and the
// calendar's meetings in Scheduled with the notetaker switch; pictures in both themes.
test('calendars, auto-join and Zoom on the integrations page, and the Scheduled tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/app-integrations');

  const google = page.getByTestId('calendar-google');
  await google.getByRole('button', { name: 'Connect' }).click();
  // Google's consent page, then the callback, then back here.
  await expect(page).toHaveURL(/\/app-integrations$/);
  await expect(toast(page, 'Google Calendar connected')).toBeVisible();
  await google.getByRole('button', { name: 'Sync now' }).click();
  await expect(toast(page, 'Google Calendar synced')).toBeVisible();
  await expect(google.getByText('2 with a link')).toBeVisible();
  await expect(google.getByText('user@acme.parley.local')).toBeVisible();

  const rule = page.getByTestId('auto-join-rule');
  await rule.getByRole('combobox', { name: 'The notetaker joins' }).click();
  await page.getByRole('option', { name: 'Only meetings with external guests' }).click();
  await expect(rule.getByRole('status')).toContainText('another domain');

  const zoom = page.getByTestId('zoom');
  await zoom.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Zoom' });
  await dialog.getByLabel('Account ID').fill('acct-e2e');
  await dialog.getByLabel('Client ID').fill('zoom-client');
  await dialog.getByLabel('Client secret').fill('zoom-secret');
  await dialog.getByLabel('Webhook secret token').fill('zoom-token');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  await expect(zoom.getByTestId('zoom-webhook-url')).toContainText('/api/v1/zoom/webhook/');

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    // Changing the theme saves the user's settings and the page reads its data again.
    await expect(page.getByTestId('calendar-google').getByText('2 with a link')).toBeVisible();
    await expect(page.getByTestId('zoom-webhook-url')).toBeVisible();
    await expect(page.getByTestId('crm-hubspot')).toBeVisible();
    await page.screenshot({
      path: `test-results/screens/calendars-${theme}-wide.png`,
      fullPage: true,
    });
    await expectAccessible(page, `/app-integrations with calendars (${theme})`);
  }

  await page.goto('/library?category=scheduled');
  const pricing = page.getByRole('switch', { name: /Notetaker joins Pricing call with Globex/ });
  const standup = page.getByRole('switch', { name: /Notetaker joins Team standup/ });
  // The rule: an external guest at Globex, none at the standup.
  await expect(pricing).toHaveAttribute('aria-checked', 'true');
  await expect(standup).toHaveAttribute('aria-checked', 'false');
  await standup.click();
  await expect(standup).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('button', { name: 'Use rule' })).toBeVisible();
  await expect(page.getByText('Lunch')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(
      page.getByRole('switch', { name: /Notetaker joins Team standup/ }),
    ).toHaveAttribute('aria-checked', 'true');
    await page.screenshot({ path: `test-results/screens/scheduled-${theme}-wide.png` });
    await expectAccessible(page, `/library Scheduled (${theme})`);
  }

  // Disconnected again: the scheduled meetings read from the calendar go with it, and the shared
  // demo organisation is as the journeys after this one expect it (an empty library).
  await page.goto('/app-integrations');
  await page.getByTestId('calendar-google').getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect Google Calendar?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(confirm).toBeHidden();
  await page.getByTestId('zoom').getByRole('button', { name: 'Disconnect' }).click();
  const confirmZoom = page.getByRole('alertdialog', { name: 'Disconnect Zoom?' });
  await confirmZoom.getByRole('button', { name: 'Disconnect' }).click();
  await expect(confirmZoom).toBeHidden();
  await page.goto('/library?category=scheduled');
  await expect(page.getByText('Pricing call with Globex')).toHaveCount(0);
});
