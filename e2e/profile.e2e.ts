import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, logoFile, signIn, test, toast } from './support';

const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens';

test.use({ viewport: { width: 1440, height: 900 } });

/** The image in the rail's home link, once the browser has loaded and decoded it. */
async function expectRailLogo(page: Page): Promise<Locator> {
  const logo = page.getByRole('link', { name: 'Parley home' }).first().locator('img');
  await expect(logo).toHaveAttribute('src', /\/api\/v1\/profile-images\/organization\//);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);
  return logo;
}

test('the point of contact uploads a logo and it shows in the rail, for colleagues too', async ({
  page,
  browser,
}) => {
  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/configuration');
  await expect(page.getByRole('heading', { name: 'Configuration' })).toBeVisible();
  await page.getByLabel('Choose a logo').setInputFiles(logoFile());
  await expect(toast(page, 'Organization logo updated')).toBeVisible();
  await expectRailLogo(page);
  await expect(page.getByAltText('Organization logo')).toBeVisible();

  // A file that is not a picture is refused with a message that says what to send.
  await page.getByLabel('Choose a picture').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF or AVIF)',
  );

  await expectAccessible(page, '/configuration, logo and a refused picture');
  await page.screenshot({ path: `${SCREENS}/configuration-light-wide.png`, fullPage: true });
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({ path: `${SCREENS}/configuration-dark-wide.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS}/configuration-dark-narrow.png`, fullPage: true });
  await page.getByRole('radio', { name: 'Light' }).click();
  await page.screenshot({ path: `${SCREENS}/configuration-light-narrow.png`, fullPage: true });

  // A colleague in another browser sees the logo in their rail after signing in.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const colleague = await other.newPage();
  await signIn(colleague, 'user@acme.parley.local');
  await expectRailLogo(colleague);
  await other.close();

  // Removing it brings the Parley mark back.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Organization logo removed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Parley home' }).first().locator('img')).toHaveCount(
    0,
  );
});
