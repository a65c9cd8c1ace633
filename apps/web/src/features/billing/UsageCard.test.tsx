import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { billingRoutes, planRoutes } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { UsageCard } from './UsageCard';

/** jsdom has no ResizeObserver; the chart's container measures itself with one. */
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', ResizeObserverStub));
afterEach(() => {
  cleanup();
  setAuthFailed();
  vi.unstubAllGlobals();
});

const today = new Date().toISOString().slice(0, 10);

describe('plan and usage on /configuration', { timeout: 20_000 }, () => {
  it('charts the last 30 days of plan/usage/day beside the plan and its credits', async () => {
    signInWith(['Base']);
    const server = fakeServer()
      .on(billingRoutes.usageByDay, {
        data: {
          bundleUsage: {
            remainingCredits: 1234,
            usedMinutes: 17,
            days: [{ date: today, meetings: 2, minutes: 17 }],
          },
        },
      })
      .on(planRoutes.get, { data: { active: null, pending: null } });
    renderWithProviders(<UsageCard canChoosePlan />);
    const chart = await screen.findByTestId('usage-chart', {}, { timeout: 5000 });
    await within(chart).findByRole('img', { name: '17 minutes analyzed over the last 30 days' });
    const plan = screen.getByTestId('usage-plan');
    await waitFor(() => expect(within(plan).getByText('1,234')).toBeTruthy());
    expect(within(plan).getByText('17 minutes')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Plans and credits' }).getAttribute('href')).toBe(
      '/pricing',
    );
    const body = JSON.parse(String(server.calls(billingRoutes.usageByDay)[0]?.[1]?.body)) as {
      from: string;
      to: string;
    };
    expect(body.to).toBe(today);
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(29);
  });

  it('says when nothing was analyzed', async () => {
    signInWith(['Base']);
    fakeServer()
      .on(billingRoutes.usageByDay, {
        data: { bundleUsage: { remainingCredits: 5, usedMinutes: 0, days: [] } },
      })
      .on(planRoutes.get, { data: { active: null, pending: null } });
    renderWithProviders(<UsageCard canChoosePlan={false} />);
    await screen.findByText('No meetings analyzed in the last 30 days.', {}, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Plans and credits' })).toBeNull();
  });
});
