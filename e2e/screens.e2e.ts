import { expect, expectAccessible, mainNav, signIn, test } from './support';
import { setTheme } from './meeting-support';

// Renders the sign-in page and the shell in both themes, wide and narrow, and keeps the
// pictures in test-results/screens for people to look at.
const SIZES = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`sign-in page and shell look right, ${size.name}`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/signin');
      await setTheme(page, theme);
      await expect(page.getByRole('heading', { name: 'Sign in to Parley' })).toBeVisible();
      if (size.name === 'wide')
        await expect(page.getByText('Catalyzing Conversational Growth')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/signin-${theme}-${size.name}.png` });
      await expectAccessible(page, `/signin (${theme}, ${size.name})`);
    }
    await signIn(page, 'poc@acme.parley.local');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      if (size.name === 'wide') {
        await expect(mainNav(page)).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
      }
      await page.screenshot({ path: `test-results/screens/shell-${theme}-${size.name}.png` });
    }
    if (size.name === 'narrow') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(500); // let the slide-in finish
      await page.screenshot({ path: 'test-results/screens/menu-dark-narrow.png' });
      await expectAccessible(page, 'navigation menu (dark, 390 px)');
    } else {
      await page.goto('/library');
      await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
      await page.screenshot({ path: 'test-results/screens/library-dark-wide.png' });
      await expectAccessible(page, '/library (dark)');
    }
  });
}
