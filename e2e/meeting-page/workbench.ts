import type { Page } from '@playwright/test';
import type { ProviderTestServer } from '@parley/ai/testing';
import { expect, expectAccessible, signIn, toast } from '../support';
import { openAnalysed, setTheme, type AnalysedMeeting } from '../meeting-support';

/**
 * The prompt workbench journey: an OpenAI-compatible server (the protocol test server of
 * @parley/ai) is connected as the organisation's Chat Gpt provider through the integrations
 * page, then one prompt runs on the analysed meeting with parley-local in slot 1 and the
 * server's model in slot 2, both streaming; the prompt is saved and found in the list.
 * The provider and the prompt are removed at the end, so other journeys see Acme as before.
 */
const PROMPT_NAME = 'Workbench journey summary';
const SCREENS = 'test-results/screens';

async function disconnectChatGpt(page: Page) {
  await page.goto('/app-integrations');
  const card = page.getByTestId('ai-chatgpt');
  const disconnect = card.getByRole('button', { name: 'Disconnect' });
  if (await disconnect.isVisible({ timeout: 10_000 }).catch(() => false)) {
    await disconnect.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(card.getByText('Not connected')).toBeVisible();
  }
}

/** Picks an option of one of the workbench's Radix selects. */
async function choose(
  page: Page,
  scope: Page | ReturnType<Page['getByTestId']>,
  label: string,
  option: string | RegExp,
) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

export async function workbenchJourney(
  page: Page,
  meeting: AnalysedMeeting,
  server: ProviderTestServer,
): Promise<void> {
  await signIn(page, 'poc@acme.parley.local');
  try {
    await openAnalysed(page, meeting);

    // Connect the server as Chat Gpt, through the connect dialog, testing it first.
    await page.goto('/app-integrations');
    const card = page.getByTestId('ai-chatgpt');
    await expect(card.getByText('Not connected')).toBeVisible();
    await card.getByRole('button', { name: 'Connect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Chat Gpt' });
    await dialog.getByLabel('API key').fill('test-key');
    await dialog.getByLabel('Base URL (optional)').fill(server.url);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(dialog.getByTestId('test-result')).toHaveText(
      /^Connected to Chat Gpt at .*1 model/,
    );
    await expectAccessible(page, 'connect Chat Gpt, tested');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(toast(page, 'Chat Gpt connected')).toBeVisible();
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText('••••-key')).toBeVisible();
    await expectAccessible(page, '/app-integrations, AI provider connected');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/ai-providers-light.png` });
    await setTheme(page, 'dark');
    await page.getByTestId('ai-chatgpt').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/ai-providers-dark.png` });
    await setTheme(page, 'light');

    // The workbench, from the Configuration area.
    await page.goto('/configuration');
    await page
      .getByRole('navigation', { name: 'Configuration' })
      .getByRole('link', { name: 'Prompts' })
      .click();
    await expect(page).toHaveURL(/\/configuration\/prompts$/);
    await page.getByLabel('Prompt name').fill(PROMPT_NAME);
    await page.getByLabel('Prompt', { exact: true }).fill('Summarise the meeting in a few lines.');
    await choose(page, page, 'Meeting', meeting.name);
    const slot1 = page.getByTestId('slot-1');
    const slot2 = page.getByTestId('slot-2');
    await choose(page, slot1, 'Model 1', /^Parley built-in engine/);
    await choose(page, slot2, 'Model 2', /^GPT-4o mini/);

    // Count how often each slot's text changes while the answers arrive.
    await page.evaluate(() => {
      const w = window as unknown as { textChanges: Record<string, number> };
      w.textChanges = { 'slot-1-text': 0, 'slot-2-text': 0 };
      for (const id of Object.keys(w.textChanges)) {
        const el = document.querySelector(`[data-testid="${id}"]`);
        if (!el) continue;
        new MutationObserver(() => (w.textChanges[id] = (w.textChanges[id] ?? 0) + 1)).observe(el, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      }
    });
    await page.getByRole('button', { name: 'Run both' }).click();
    await expect(slot2).toHaveAttribute('data-status', 'loading');
    await expect(slot2.getByRole('button', { name: 'Cancel output 2' })).toBeVisible();
    await expect(slot1).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
    await expect(slot2).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
    await expect(page.getByTestId('slot-2-text')).toHaveText(
      /^gpt-4o-mini read your \d+-word prompt/,
    );
    await expect(page.getByTestId('slot-1-text')).toContainText('parley-local');
    const changes = await page.evaluate(
      () => (window as unknown as { textChanges: Record<string, number> }).textChanges,
    );
    // The remote model's chunks come 40 ms apart: the slot grows piece by piece. The built-in
    // engine answers in a few milliseconds, so React may paint its deltas in one go.
    expect(changes['slot-2-text']).toBeGreaterThan(2);
    expect(changes['slot-1-text']).toBeGreaterThan(0);
    await expect(page.getByTestId('slot-1-usage')).toContainText('$0');
    await expect(page.getByTestId('slot-2-usage')).toContainText(/\$0\.\d+/);
    await expectAccessible(page, '/configuration/prompts, two answers');
    await page.screenshot({ path: `${SCREENS}/workbench-light.png`, fullPage: true });
    // Dark without a reload, so the two answers stay on the page.
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: `${SCREENS}/workbench-dark.png`, fullPage: true });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // Both models over the newest processed meeting, side by side.
    await choose(page, page, 'Meetings', /^Last 1$/);
    await page.getByRole('button', { name: 'Compare' }).click();
    const comparison = page.getByRole('table', { name: 'Comparison' });
    await expect(comparison.getByRole('row', { name: new RegExp(meeting.name) })).toContainText(
      /gpt-4o-mini read your/,
      { timeout: 60_000 },
    );

    // Save it and find it in the list.
    await page.getByRole('button', { name: 'Save prompt' }).click();
    await expect(toast(page, 'Prompt saved')).toBeVisible();
    await page.getByLabel('Search prompts').fill('Workbench journey');
    const table = page.getByRole('table', { name: 'Saved prompts' });
    await expect(table.getByRole('button', { name: PROMPT_NAME, exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/workbench-saved-light.png` });

    // Delete the saved prompt, confirming first.
    await page.getByRole('button', { name: `Delete ${PROMPT_NAME}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Prompt deleted')).toBeVisible();
  } finally {
    await disconnectChatGpt(page).catch(() => {});
  }
}
