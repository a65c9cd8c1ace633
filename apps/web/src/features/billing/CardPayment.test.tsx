import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  PAYMENT_MESSAGES,
  bundleRoutes,
  creditSlabRoutes,
  money,
  paymentRoutes,
  planRoutes,
  type Payment,
} from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { toastStore } from '../../lib/toast';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { pendingPlan } from '../../test/plan-fixtures';
import { signInWith } from '../../test/sign-in';
import PricingPage from './PricingPage';

const SLOW = { timeout: 5000 };
const at = '2026-03-01T10:00:00.000Z';
const usd = (minor: number) => money(minor, 'USD');
const pending = pendingPlan({
  id: '6f0f6a36-3f43-4c5e-9d7e-0a4b5d8f7c21',
  name: 'Essentials',
  totalMinor: 23400,
  autoPayCredits: 2000,
});
const payment = (status: Payment['status'], reason: string | null = null): Payment => ({
  id: 'pay1',
  planId: pending.id,
  kind: 'checkout',
  status,
  amount: usd(21400),
  credits: 2000,
  reason,
  createdAt: at,
  updatedAt: at,
});

function server(opts: { card: boolean; latest?: Payment | null }) {
  return fakeServer()
    .on(planRoutes.get, { data: { active: null, pending } })
    .on(bundleRoutes.active, { data: [] })
    .on(creditSlabRoutes.active, { data: [] })
    .on(planRoutes.selection, {
      data: {
        bundleIds: [],
        bundles: [],
        creditSlab: null,
        totalPrice: usd(0),
        discount: usd(0),
        discountedPrice: usd(0),
      },
    })
    .on(paymentRoutes.methods, { data: { card: opts.card, savedCard: false } })
    .on(paymentRoutes.latest, { data: opts.latest ?? null });
}

const assign = vi.fn();
beforeEach(() => {
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => {
  cleanup();
  toastStore.set([]);
  setAuthFailed();
  vi.unstubAllGlobals();
});

describe('paying a pending plan on /pricing', { timeout: 20_000 }, () => {
  it('with Stripe, goes to Checkout with the plan, its auto-pay credits and the organisation', async () => {
    signInWith(['Base']);
    const fake = server({ card: true }).on(paymentRoutes.setup, () =>
      json({ data: { url: 'https://checkout.example/pay/cs_1' } }, 201),
    );
    renderWithProviders(<PricingPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }, SLOW));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/cs_1'));
    expect(JSON.parse(String(fake.calls(paymentRoutes.setup)[0]?.[1]?.body))).toEqual({
      planId: pending.id,
      name: 'Essentials',
      credits: 2000,
      organizationId: 'o',
    });
    expect(screen.queryByText(`${PAYMENT_MESSAGES.cardNotConfigured}.`)).toBeNull();
  });

  it('says when Stripe refuses the session, with the spec’s title', async () => {
    signInWith(['Base']);
    server({ card: true }).on(paymentRoutes.setup, () =>
      json(
        { statusCode: 502, error: 'Bad Gateway', message: 'Create Session For Stripe Failed' },
        502,
      ),
    );
    renderWithProviders(<PricingPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }, SLOW));
    await waitFor(() =>
      expect(toastStore.get()[0]).toMatchObject({
        title: PAYMENT_MESSAGES.createSessionForStripeFailed,
        variant: 'error',
      }),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('without Stripe, offers no card and says why; a manual option renders when given', async () => {
    signInWith(['Base']);
    server({ card: false });
    renderWithProviders(
      <PricingPage manualPayment={(plan) => <button type="button">Transfer {plan.name}</button>} />,
    );
    expect(
      await screen.findByText(`${PAYMENT_MESSAGES.cardNotConfigured}.`, {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Transfer Essentials' })).toBeTruthy();
  });

  it('shows why the last payment failed, and the outcome of coming back from Checkout', async () => {
    signInWith(['Base']);
    server({
      card: true,
      latest: payment('failed', PAYMENT_MESSAGES.failed('Your card was declined.')),
    });
    renderWithProviders(<PricingPage />);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(
      'The payment failed: Your card was declined.',
    );
    cleanup();

    server({ card: true, latest: payment('succeeded') });
    renderWithProviders(<PricingPage />, { path: '/pricing?payment=success' });
    expect(await screen.findByText(PAYMENT_MESSAGES.paid, {}, SLOW)).toBeTruthy();
    cleanup();

    server({ card: true });
    renderWithProviders(<PricingPage />, { path: '/pricing?payment=cancelled' });
    expect(await screen.findByText(PAYMENT_MESSAGES.cancelled, {}, SLOW)).toBeTruthy();
  });
});
