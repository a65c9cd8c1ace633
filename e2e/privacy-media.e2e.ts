import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, expectAccessible, signIn, test } from './support';
import {
  shootThemesAndSizes,
  uploadRecording,
  uploadedMeeting,
  waitProcessed,
} from './meeting-support';

const SCREENS = process.env.SHOTS_DIR ?? 'test-results/screens';
const JFK = path.resolve(import.meta.dirname, '../fixtures/speech/jfk.wav');

test.use({ viewport: { width: 1440, height: 900 } });

/** jfk.wav as AAC in MP4 (index first), with the second half of its bytes cut off. */
function cutInHalf(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-cut-'));
  const whole = path.join(dir, 'whole.m4a');
  const r = spawnSync('ffmpeg', [
    ...['-v', 'error', '-y', '-i', JFK, '-c:a', 'aac', '-b:a', '96k'],
    ...['-movflags', '+faststart', '-f', 'mp4', whole],
  ]);
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr.toString()}`);
  const bytes = readFileSync(whole);
  const cut = path.join(dir, 'cut.m4a');
  writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return cut;
}

test('the point of contact turns PII redaction on in the Privacy card', async ({ page }) => {
  await signIn(page, 'poc@acme.parley.local');
  await page.goto('/configuration');
  const mask = page.getByRole('switch', { name: 'Mask personal data in transcripts' });
  const keep = page.getByRole('switch', { name: 'Keep the unmasked originals' });
  await expect(mask).not.toBeChecked();
  await expect(keep).toBeDisabled();
  await mask.click();
  await expect(mask).toBeChecked();
  await expect(keep).toBeEnabled();
  await expectAccessible(page, '/configuration, privacy');
  await page.getByRole('heading', { name: 'Privacy' }).scrollIntoViewIfNeeded();
  await shootThemesAndSizes(page, SCREENS, 'configuration-privacy');
  // Back as seeded for the other journeys.
  await page.goto('/configuration');
  await page.getByRole('switch', { name: 'Mask personal data in transcripts' }).click();
  await expect(
    page.getByRole('switch', { name: 'Mask personal data in transcripts' }),
  ).not.toBeChecked();
});

const meeting = uploadedMeeting();

test('a recording cut in half is analysed as far as it goes, with a warning on its page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'user@acme.parley.local');
  meeting.url = await uploadRecording(page, `cut-in-half-${Date.now()}`, cutInHalf());
  await waitProcessed(page);
  const notice = page.getByTestId('media-notice');
  await expect(notice).toHaveAttribute('data-kind', 'truncated');
  await expect(notice).toContainText(/Only 5\.\d s of 11\.0 s could be read/);
  await expect(notice).toContainText(/Analyzed: 5\.\d s of 11\.0 s/);
  await expectAccessible(page, 'meeting page, truncated recording');
  await shootThemesAndSizes(page, SCREENS, 'meeting-media-notice');
});
