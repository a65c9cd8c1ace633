import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, toast } from './support';

/** The recording most journeys analyse: a real talking face with speech, 33.6 s. */
export const TALKING_FACE = path.resolve(import.meta.dirname, '../fixtures/video/talking-face.mp4');

/**
 * Uploads `source` under `name` (so each journey finds its own meeting) through the library's
 * dialog, opens the meeting and answers its address.
 */
export async function uploadRecording(
  page: Page,
  name: string,
  source = TALKING_FACE,
): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const file = path.join(dir, `${name}${path.extname(source)}`);
  copyFileSync(source, file);
  await page.goto('/library');
  await page.getByRole('button', { name: 'Upload' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload a recording' });
  await dialog.getByLabel('Recording file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByTestId('upload-result')).toHaveText(/Uploaded/, { timeout: 60_000 });
  await expect(toast(page, 'Uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Open meeting' }).click();
  await expect(page).toHaveURL(/\/library\/[0-9a-f-]{36}$/);
  return page.url();
}

/** Waits for the open meeting's analysis to end; a failure throws with the page's reason. */
export async function waitProcessed(page: Page, timeout = 180_000): Promise<void> {
  const banner = page.getByTestId('meeting-status');
  const until = Date.now() + timeout;
  let status = await banner.getAttribute('data-status');
  while (!/^(processed|failed)$/.test(status ?? '')) {
    if (Date.now() > until) {
      // Say which step it was waiting on: while pending the banner lists the steps and their state.
      const steps = await banner.innerText().catch(() => '(no status banner)');
      throw new Error(`the analysis did not end in ${timeout / 1000} s (${status}): ${steps}`);
    }
    await page.waitForTimeout(1000);
    status = await banner.getAttribute('data-status');
  }
  if (status === 'failed') throw new Error(`analysis failed: ${await banner.innerText()}`);
}

/**
 * One recording analysed once and read by the journeys of one file (meeting-page.e2e.ts):
 * the first journey uploads it, the others open it, the file's last hook deletes it.
 */
export interface AnalysedMeeting {
  readonly name: string;
  url: string | null;
}

/** Opens the shared meeting once analysed, uploading it first if no journey has yet. */
export async function openAnalysed(page: Page, meeting: AnalysedMeeting): Promise<string> {
  if (meeting.url) await page.goto(meeting.url);
  else meeting.url = await uploadRecording(page, meeting.name);
  await waitProcessed(page);
  return meeting.url;
}

/** Deletes the meeting at `url` (other journeys expect Acme's library as seeded). */
export async function deleteMeeting(page: Page, url: string | null): Promise<void> {
  if (!url) return;
  await page.goto(url.split('?')[0] ?? url);
  const del = page.getByRole('button', { name: 'Delete', exact: true });
  // isVisible() does not wait: the page first shows its loading spinner.
  await del.waitFor({ state: 'visible', timeout: 20_000 });
  await del.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/library$/);
}

/**
 * The meeting a journey uploads (set `url` once uploaded): deleted after each test, a failed one
 * too, so the other journeys find Acme's library as seeded. A test that deletes it itself sets
 * `url` back to null.
 */
export function uploadedMeeting(): { url: string | null } {
  const meeting: { url: string | null } = { url: null };
  test.afterEach(async ({ page }) => {
    await deleteMeeting(page, meeting.url).catch(() => {});
    meeting.url = null;
  });
  return meeting;
}

/**
 * Switches the theme and reloads, waiting until the page shows it. Signed in, it is chosen in
 * the user menu as a person would, so the account's saved theme (which wins on load) follows;
 * signed out, only the browser's stored choice exists.
 */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const menu = page.locator('button[aria-label="User menu"]:visible').first();
  if (await menu.count()) {
    await menu.click();
    const item = page.getByRole('menuitemradio', { name: theme === 'dark' ? 'Dark' : 'Light' });
    if ((await item.getAttribute('aria-checked')) === 'true') {
      await page.keyboard.press('Escape');
    } else {
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/user/settings') && r.request().method() === 'PATCH',
      );
      await item.click();
      await saved;
    }
  } else {
    await page.evaluate((t) => localStorage.setItem('parley.theme', t), theme);
  }
  await page.reload();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
}

/** The app's own cross-tab theme sync: the page (and any state it holds) is not reloaded. */
export async function switchThemeInPlace(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    localStorage.setItem('parley.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'parley.theme', newValue: t }));
  }, theme);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
}

/**
 * A second app server, started like `npm start` serves (scripts/serve.sh), for journeys that
 * need a plan the demo organisation lacks (`bundles`) or other settings (`env`): its own port
 * and data folder. Answers a stop function that also removes the folder.
 */
export async function startOwnServer(opts: {
  port: number;
  bundles?: string;
  env?: Record<string, string>;
}): Promise<() => Promise<void>> {
  const base = `http://localhost:${opts.port}`;
  // A server already answering there is someone else's: the health poll below would take it
  // for this one and the journey would run against the wrong data.
  const taken = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${opts.port} already serves another server; stop it first`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-server-'));
  // E2E_SERVER_LOG=PREFIX keeps the server's log (info level) in PREFIX-PORT.log, to see why a
  // journey waited on the analysis.
  const logFile = process.env.E2E_SERVER_LOG
    ? openSync(`${process.env.E2E_SERVER_LOG}-${opts.port}.log`, 'w')
    : 'ignore';
  const server = spawn('sh', ['scripts/serve.sh'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', logFile, 'inherit'],
    env: {
      ...process.env,
      // Unset for serve.sh (loopback with the dev outbox) unless `env` names one.
      HOST: '',
      PORT: String(opts.port),
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: process.env.E2E_SERVER_LOG ? 'info' : 'warn',
      PUBLIC_URL: base,
      AUTH_CODE_REQUESTS_PER_ADDRESS: '1000',
      AUTH_REQUESTS_PER_IP: '10000',
      SEED_SAMPLES: 'false',
      ...(opts.bundles ? { SEED_DEMO_BUNDLES: opts.bundles } : {}),
      ...opts.env,
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      // A call still running (a journey that failed mid-call) can hold the shutdown past the
      // hook's minute on a loaded machine; the server must not outlive the journey.
      const kill = setTimeout(() => server.kill('SIGKILL'), 45_000);
      await exited;
      clearTimeout(kill);
    }
    rmSync(work, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return stop;
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the server on port ${opts.port} did not start`);
}

/** The file's journeys run against their own server (startOwnServer), up for the whole file. */
export function useOwnServer(opts: Parameters<typeof startOwnServer>[0]): void {
  let stop: (() => Promise<void>) | null = null;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    stop = await startOwnServer(opts);
  });
  test.afterAll(async () => {
    await stop?.();
  });
}

/**
 * Full-page screenshots of the current page in light and dark, wide and at 390 px, named
 * `{name}-{theme}-{wide|narrow}.png` in `dir`; ends wide and light.
 */
export async function shootThemesAndSizes(page: Page, dir: string, name: string): Promise<void> {
  for (const [theme, size] of [
    ['light', { width: 1440, height: 900 }],
    ['dark', { width: 1440, height: 900 }],
    ['dark', { width: 390, height: 844 }],
    ['light', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate((t) => {
      localStorage.setItem('parley.theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    // Colours ease over 150 ms after the switch; let them settle before the picture.
    await page.waitForTimeout(400);
    const shot = `${name}-${theme}-${size.width > 1000 ? 'wide' : 'narrow'}`;
    await page.screenshot({ path: `${dir}/${shot}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await setTheme(page, 'light');
}
