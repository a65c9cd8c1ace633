import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/** Content-Security-Policy violations seen in the contexts watched during the running test. */
const cspViolations: string[] = [];

/**
 * Records every Content-Security-Policy violation of the context's pages: the console's CSP
 * errors and the DOM's securitypolicyviolation events (an eval the page catches, like a
 * library probing for it, reports only the event).
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__parleyCspViolation', (_source, text: string) => {
    cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __parleyCspViolation(text: string): void })
        .__parleyCspViolation;
      void report(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
}

/**
 * The journeys' `test`: one fails when any page broke the Content-Security-Policy, in its own
 * context or in one it opened with browser.newContext (a stranger, a participant).
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context, browser }, use) => {
      cspViolations.length = 0;
      await watchCsp(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        await watchCsp(opened);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The latest code mailed to an address, read from the development outbox. */
export async function codeFor(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  expect(res.ok(), `outbox for ${email}`).toBeTruthy();
  const body = (await res.json()) as { code: string | null };
  if (!body.code) throw new Error(`no code for ${email}`);
  return body.code;
}

/** The sign-in link of the latest e-mail to `email`, read from the development outbox. */
export async function invitationLink(page: Page, email: string): Promise<URL> {
  const res = await page.request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  expect(res.ok()).toBeTruthy();
  const { text } = (await res.json()) as { text: string };
  const link = /https?:\/\/\S+\/signin\?email=\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no sign-in link in: ${text}`);
  return new URL(link);
}

/**
 * The invited person follows the e-mailed sign-in link in a browser of their own and signs in
 * with the mailed code; close the returned context when done.
 */
export async function signInFromInvitation(page: Page, email: string) {
  const link = await invitationLink(page, email);
  const context = await page.context().browser()!.newContext({ baseURL: link.origin });
  const theirs = await context.newPage();
  await theirs.goto(`${link.pathname}${link.search}`);
  await expect(theirs.getByLabel('Email')).toHaveValue(email);
  await theirs.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(theirs).toHaveURL(/\/verify-signin/);
  await theirs.getByLabel('Verification code').fill(await codeFor(theirs.request, email));
  await theirs.getByRole('button', { name: 'Verify' }).click();
  await expect(theirs).not.toHaveURL(/\/verify-signin|\/signin/);
  return { context, page: theirs };
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

/** A 600×300 PNG made by ffmpeg (a wide logo: the server crops it to a square). */
export function logoFile(): string {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-logo-')), 'logo.png');
  const r = spawnSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=0x2f6fed:s=600x300'],
    ...['-vf', 'drawbox=x=200:y=50:w=200:h=200:color=white:t=fill', '-frames:v', '1', out],
  ]);
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr.toString()}`);
  return out;
}

/** Where the journeys' server keeps media (MEDIA_DIR's default under its DATA_DIR). */
export function e2eMediaDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  return path.join(dataDir, 'media');
}

/** The WCAG levels the journeys hold every page to (issue 23 point 8). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Impacts that fail a journey; minor and moderate findings are left to review. */
const AXE_FAILING = new Set(['serious', 'critical']);

/** The page's serious and critical axe findings, one readable line each. */
async function axeFindings(page: Page, exclude: readonly string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => AXE_FAILING.has(v.impact ?? ''))
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((n) => n.target.join(' > '));
      const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : '';
      return `${v.id} [${v.impact}] ${v.help}: ${targets.join(' | ')}${more}`;
    });
}

/** Changes the theme the way another tab does (the app's storage listener), without a reload. */
async function themeInPlace(page: Page, value: string | null): Promise<void> {
  await page.evaluate(
    ({ key, value }) => {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    },
    { key: 'parley.theme', value },
  );
}

/**
 * Fails when axe finds a serious or critical WCAG 2.1 A/AA violation on the page as it is now;
 * call it once per distinct page, after the content the journey asserts has arrived.
 * `exclude` takes CSS selectors of third-party content the app cannot change (say why at the
 * call). With E2E_AXE_THEMES=both the page is checked in the other theme too, switched in place
 * (a reload would lose the page's state) and switched back.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  opts: { exclude?: string[] } = {},
): Promise<void> {
  const exclude = opts.exclude ?? [];
  // Colours ease between themes and dialogs fade in: with reduced motion (the app's own rule,
  // 1 ms) axe reads the final colours, not a frame of the animation.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The resting page is checked: a row left hovered by the last click is mid-transition.
  await page.mouse.move(0, 0);
  const findings: string[] = [];
  try {
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    findings.push(
      ...(await axeFindings(page, exclude)).map((f) => `${dark ? 'dark' : 'light'}: ${f}`),
    );
    if (process.env.E2E_AXE_THEMES === 'both') {
      const stored = await page.evaluate(() => localStorage.getItem('parley.theme'));
      await themeInPlace(page, dark ? 'light' : 'dark');
      await expect(page.locator('html')).toHaveClass(dark ? /^(?!.*dark)/ : /dark/);
      await page.waitForTimeout(50);
      const other = await axeFindings(page, exclude);
      findings.push(...other.map((f) => `${dark ? 'light' : 'dark'}: ${f}`));
      await themeInPlace(page, stored);
      await expect(page.locator('html')).toHaveClass(dark ? /dark/ : /^(?!.*dark)/);
    }
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
  // Soft: the journey still fails, but goes on to list the findings of its later pages too.
  expect.soft(findings, `serious or critical axe findings on ${label}`).toEqual([]);
}
