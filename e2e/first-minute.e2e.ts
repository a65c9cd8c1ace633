import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { codeFor, expect, expectAccessible, signIn, test } from './support';

/**
 * Issue 23: a newcomer's first minute in each role. They sign in, land on their home page and
 * follow its one suggested next step. Each page is pictured in light and dark, 1280 px and
 * 390 px wide (test-results/first-minute/ROLE-PAGE-THEME-WIDTH.png), checked by axe in light
 * at 1280 px and in dark at 390 px, and must not scroll sideways on a phone.
 */
const SHOTS = 'test-results/first-minute';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const ROLES = [
  { name: 'super-admin', email: 'admin@parley.local' },
  { name: 'point-of-contact', email: 'poc@acme.parley.local' },
  { name: 'member', email: 'user@acme.parley.local' },
  { name: 'sales-manager', email: 'manager@acme.parley.local' },
  { name: 'sales-rep', email: 'rep@acme.parley.local' },
];

test.use({ viewport: WIDE });
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** Switches the theme without a reload (an open dialog would close), the app's cross-tab way. */
async function theme(page: Page, value: 'light' | 'dark') {
  await page.evaluate((t) => {
    localStorage.setItem('parley.theme', t);
    window.dispatchEvent(new StorageEvent('storage', { key: 'parley.theme', newValue: t }));
  }, value);
  await expect(page.locator('html')).toHaveClass(value === 'dark' ? /dark/ : /^(?!.*dark)/);
  // Colours ease over 150 ms after the switch.
  await page.waitForTimeout(300);
}

/** Nothing wider than the phone's screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed';
      })
      // Inside a box that scrolls or clips sideways within the screen (a tab strip): reachable
      // by scrolling that box, and the page itself stays put.
      .filter((el) => {
        for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
          const clips = ['auto', 'scroll', 'hidden', 'clip'].includes(
            getComputedStyle(box).overflowX,
          );
          if (clips && box.getBoundingClientRect().right <= width + 1) return false;
        }
        return true;
      })
      // The outermost offenders only: their children follow them.
      .filter((el, _i, all) => !all.some((o) => o !== el && o.contains(el)))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`);
    return { scrolls: document.documentElement.scrollWidth > width, wider: wider.slice(0, 5) };
  });
  expect(overflow, `${label} at 390 px`).toEqual({ scrolls: false, wider: [] });
}

/** Pictures of the page in both themes and widths, and axe in light wide and dark narrow. */
async function look(page: Page, role: string, name: string) {
  const label = `${role} ${name}`;
  // A dialog covers the screen, not the page: a full-page picture would show it cut short.
  const fullPage = !(await page.getByRole('dialog').isVisible());
  await theme(page, 'light');
  await page.screenshot({ path: `${SHOTS}/${role}-${name}-light-1280.png`, fullPage });
  await expectAccessible(page, `${label} (light, 1280 px)`);
  await theme(page, 'dark');
  await page.screenshot({ path: `${SHOTS}/${role}-${name}-dark-1280.png`, fullPage });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/${role}-${name}-dark-390.png`, fullPage });
  await expectAccessible(page, `${label} (dark, 390 px)`);
  await expectNoSidewaysScroll(page, label);
  await theme(page, 'light');
  await page.screenshot({ path: `${SHOTS}/${role}-${name}-light-390.png`, fullPage });
  await page.setViewportSize(WIDE);
}

/** Home and its one next step (a link to another page, or the upload dialog), looked at. */
async function homeAndNextStep(page: Page, role: string) {
  const next = page.getByTestId('home-next-step');
  await expect(next).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
  await page.waitForLoadState('networkidle');
  await look(page, role, 'home');

  const action = next.getByRole('link').or(next.getByRole('button'));
  const label = (await action.innerText()).trim();
  const href = await action.getAttribute('href');
  await action.click();
  if (href) {
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } else {
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  await look(page, role, `next-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`);
}

for (const role of ROLES) {
  test(`${role.name}: signs in, reads home and follows the next step`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, role.email);
    await expect(page).toHaveURL(/\/$/);
    await homeAndNextStep(page, role.name);
  });
}

test('talent pool: signs up as an individual, consents, reads home and follows the next step', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A new job seeker of their own: the seeded one's consent is another journey's to give.
  const email = `seeker-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByRole('radio', { name: 'Individual' }).click();
  await page.getByLabel('Name').fill('Jordan Seeker');
  await page.getByLabel('Email').fill(email);
  await look(page, 'talent-pool', 'signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-signup/);
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/consent$/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await look(page, 'talent-pool', 'consent');
  await page.getByLabel('I agree with all the above').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await homeAndNextStep(page, 'talent-pool');
});
