import { expect, signIn, test } from './support';
import { setTheme, uploadRecording, useOwnServer, waitProcessed } from './meeting-support';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 100;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-reports';
test.use({ baseURL: `http://localhost:${PORT}`, viewport: { width: 1440, height: 900 } });
useOwnServer({ port: PORT, bundles: 'Essentials,Sales Suite,Interview Intelligence' });

test('tmp: report buttons', async ({ page }) => {
  test.setTimeout(900_000);
  await signIn(page, 'poc@acme.parley.local');
  await uploadRecording(page, 'Ünïcode interview – Zoë');
  await waitProcessed(page, 600_000);
  await page.screenshot({ path: `${SHOTS}/header-light.png` });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download HR report' }).click();
  const file = await download;
  console.log('suggested', file.suggestedFilename());
  await file.saveAs(`${SHOTS}/hr.pdf`);
  await page.getByRole('button', { name: 'Send report to candidate' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${SHOTS}/send-dialog-light.png` });
  await page.keyboard.press('Escape');
  await setTheme(page, 'dark');
  await page.screenshot({ path: `${SHOTS}/header-dark.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/header-390-dark.png` });
  await setTheme(page, 'light');
});
