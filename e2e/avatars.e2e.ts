import { expect, expectAccessible, signIn, test } from './support';
import { setTheme } from './meeting-support';

// Configuration > Avatars: a point of contact adds a voice and hears it, creates an avatar
// from an illustrated portrait (draft, portrait, finalise) and watches it speak on its bare
// page; pictures in light, dark and at 390 px go to test-results/screens.
test('a point of contact adds a voice and an avatar, and the avatar speaks', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1100 });
  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/configuration/avatars');
  await expect(page.getByRole('heading', { name: 'Avatars and voices', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add voice' }).click();
  const voiceDialog = page.getByRole('dialog');
  await voiceDialog.getByLabel('Name').fill('Calm Clara');
  await voiceDialog.getByLabel('Reference text').fill('Thank you for coming in today.');
  await voiceDialog.getByRole('button', { name: 'Add voice' }).click();
  await expect(voiceDialog).toBeHidden();
  const row = page.getByRole('row', { name: /Calm Clara/ });
  await expect(row).toBeVisible();
  const preview = page.waitForResponse((r) => r.url().includes('/avatar/voice/preview/'));
  await row.getByRole('button', { name: 'Play Calm Clara' }).click();
  expect((await preview).status()).toBe(200);

  await page.getByRole('button', { name: 'New avatar' }).click();
  const avatarDialog = page.getByRole('dialog');
  await avatarDialog.getByLabel('Name').fill('Maya');
  await avatarDialog.getByLabel('Greeting').fill('Hello, I am Maya. Shall we begin?');
  await avatarDialog.getByRole('button', { name: /Ben/ }).click();
  await avatarDialog.getByRole('button', { name: 'Create avatar' }).click();
  await expect(avatarDialog).toBeHidden({ timeout: 30_000 });
  const card = page.getByRole('listitem').filter({ hasText: 'Maya' });
  await expect(card.getByText('Ready')).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(page.getByRole('heading', { name: 'Avatars and voices', level: 1 })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Preview' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Calm Clara/ })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/avatars-${theme}-wide.png` });
    await expectAccessible(page, `/configuration/avatars (${theme})`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/avatars-dark-narrow.png', fullPage: true });

  // The avatar's bare page: the poster, then the portrait speaking.
  await card.getByRole('button', { name: 'Preview' }).click();
  const speak = page.waitForResponse((r) => r.url().endsWith('/avatar/speak'));
  expect((await speak).status()).toBe(200);
  const id = (await card.getAttribute('data-avatar-id')) ?? '';
  expect(id).not.toBe('');
  for (const [theme, width] of [
    ['dark', 390],
    ['light', 1024],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    if (theme === 'light') {
      await page.goto('/configuration/avatars');
      await expect(
        page.getByRole('heading', { name: 'Avatars and voices', level: 1 }),
      ).toBeVisible();
      await setTheme(page, 'light');
    }
    await page.goto(`/avatar/${id}`);
    await expect(page.getByTestId('avatar-poster')).toBeVisible();
    await page.screenshot({
      path: `test-results/screens/avatar-page-poster-${theme}-${String(width)}.png`,
    });
    const box = await page.getByTestId('avatar-poster').boundingBox();
    expect(box?.width).toBe(width < 470 ? width - 50 : 440);
    const said = page.waitForResponse((r) => r.url().endsWith('/avatar/speak'));
    await page.getByRole('button', { name: 'Start' }).click();
    expect((await said).status()).toBe(200);
    await expect(page.getByRole('img', { name: 'Maya' })).toBeVisible();
    await page.waitForTimeout(700);
    await page.screenshot({
      path: `test-results/screens/avatar-page-speaking-${theme}-${String(width)}.png`,
    });
  }
});
