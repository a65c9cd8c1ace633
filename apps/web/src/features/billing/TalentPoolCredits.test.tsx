import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  PLAN_MESSAGES,
  billingRoutes,
  creditSlabRoutes,
  invoiceRoutes,
  money,
  paymentRoutes,
  planRoutes,
  type CreditSlab,
  type Invoice,
  type Payment,
} from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { toastStore } from '../../lib/toast';
import { fakeServer, json } from '../../test/fake-server';
import { pendingPlan } from '../../test/plan-fixtures';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { TalentPoolCredits } from './TalentPoolCredits';

const SLOW = { timeout: 5000 };
const at = '2026-03-01T10:00:00.000Z';
const usd = (minor: number) => money(minor, 'USD');
const slab: CreditSlab = {
  id: 's2000',
  credits: 2000,
  price: usd(20000),
  discount: 10,
  discountedPrice: usd(18000),
  isActive: true,
  createdAt: at,
  updatedAt: at,
};
const active = {
  ...pendingPlan({ id: 'pool', name: 'Free', totalMinor: 0 }),
  status: 'active' as const,
  remainingCredits: 42,
};
const invoice = (over: Partial<Invoice>): Invoice => ({
  id: 'inv1',
  number: 'PAR-2026-000007',
  organizationId: 'o',
  organizationName: 'Parley Talent Pool',
  planId: 'p1',
  planName: '2,000 credits',
  status: 'paid',
  method: 'card',
  issuedAt: at,
  paidAt: at,
  total: usd(18000),
  seller: { name: 'Parley', lines: [] },
  buyer: { name: 'Ada Lovelace', lines: ['ada@example.com'] },
  lines: [],
  taxes: [],
  subtotal: usd(18000),
  tax: usd(0),
  externalId: null,
  paymentDetails: null,
  ...over,
});
const paid = (status: Payment['status']): Payment => ({
  id: 'pay1',
  planId: 'p1',
  kind: 'checkout',
  status,
  amount: usd(18000),
  credits: 2000,
  reason: null,
  createdAt: at,
  updatedAt: at,
});

function server(opts: {
  card: boolean;
  invoices?: Invoice[];
  pending?: boolean;
  latest?: Payment;
}) {
  const pending = opts.pending
    ? pendingPlan({ id: 'p2', name: '2,000 credits', totalMinor: 20000, type: 'b2c' })
    : null;
  return fakeServer()
    .on(planRoutes.get, { data: { active, pending } })
    .on(creditSlabRoutes.active, { data: [slab] })
    .on(paymentRoutes.methods, { data: { card: opts.card, savedCard: false } })
    .on(paymentRoutes.latest, { data: opts.latest ?? null })
    .on(invoiceRoutes.b2cOwn, { data: opts.invoices ?? [], count: opts.invoices?.length ?? 0 });
}

const assign = vi.fn();
beforeEach(() => {
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
  signInWith([], { isB2C: true });
});
afterEach(() => {
  cleanup();
  toastStore.set([]);
  setAuthFailed();
  vi.unstubAllGlobals();
});

describe('a talent-pool seeker’s credits on /settings', { timeout: 20_000 }, () => {
  it('shows the balance and the packs on sale, and buys one by card through Checkout', async () => {
    const fake = server({ card: true }).on(paymentRoutes.b2cSetup, () =>
      json({ data: { url: 'https://checkout.example/pay/cs_9' } }, 201),
    );
    renderWithProviders(<TalentPoolCredits />);
    expect(await screen.findByText('42', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('$180.00')).toBeTruthy();
    expect(screen.getByText('$200.00')).toBeTruthy();
    expect(screen.getByText('No invoices yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2,000 credits by card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/cs_9'));
    expect(JSON.parse(String(fake.calls(paymentRoutes.b2cSetup)[0]?.[1]?.body))).toEqual({
      name: '2,000 credits',
      credits: 2000,
    });
  });

  it('without Stripe offers bank transfer only and says why; the transfer shows its invoice', async () => {
    const open = invoice({
      id: 'inv2',
      planId: 'p2',
      status: 'open',
      method: 'manual',
      paymentDetails: 'IBAN DE89 3704',
    });
    // Once asked, the purchase waits, with its open invoice.
    let asked = false;
    fakeServer()
      .on(planRoutes.get, () => ({
        data: {
          active,
          pending: asked
            ? pendingPlan({ id: 'p2', name: '2,000 credits', totalMinor: 20000 })
            : null,
        },
      }))
      .on(invoiceRoutes.b2cOwn, () => ({ data: asked ? [open] : [], count: asked ? 1 : 0 }))
      .on(invoiceRoutes.b2cManual, () => {
        asked = true;
        return json({ data: open, message: INVOICE_MESSAGES.requested(open.number) }, 201);
      })
      .on(creditSlabRoutes.active, { data: [slab] })
      .on(paymentRoutes.methods, { data: { card: false, savedCard: false } })
      .on(paymentRoutes.latest, { data: null });
    renderWithProviders(<TalentPoolCredits />);
    expect(
      await screen.findByText(`${PAYMENT_MESSAGES.cardNotConfigured}.`, {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /by card/ })).toBeNull();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Buy 2,000 credits by bank transfer' }, SLOW),
    );
    const waiting = await screen.findByTestId('pending-purchase', {}, SLOW);
    expect(waiting.textContent).toContain(PLAN_MESSAGES.awaitingPayment);
    await waitFor(() => expect(waiting.textContent).toContain('Pay invoice PAR-2026-000007'));
    expect(waiting.textContent).toContain('IBAN DE89 3704');
    expect(
      within(waiting).getByRole('button', { name: 'Download invoice PAR-2026-000007' }),
    ).toBeTruthy();
    expect(toastStore.get()[0]).toMatchObject({ title: INVOICE_MESSAGES.requested(open.number) });
  });

  it('lists the seeker’s invoices with a download each, and says why a refusal happened', async () => {
    server({ card: true, invoices: [invoice({})] })
      .on(invoiceRoutes.b2cDownload, () =>
        json({ statusCode: 404, error: 'Not Found', message: INVOICE_MESSAGES.notFound }, 404),
      )
      .on(paymentRoutes.b2cSetup, () =>
        json(
          { statusCode: 502, error: 'Bad Gateway', message: PAYMENT_MESSAGES.createSessionFailed },
          502,
        ),
      );
    renderWithProviders(<TalentPoolCredits />);
    expect(await screen.findByText('PAR-2026-000007', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download invoice PAR-2026-000007' }));
    await waitFor(() =>
      expect(toastStore.get()[0]).toMatchObject({
        title: INVOICE_MESSAGES.downloadFailed,
        description: INVOICE_MESSAGES.notFound,
        variant: 'error',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2,000 credits by card' }));
    await waitFor(() =>
      expect(toastStore.get().map((t) => t.title)).toContain(PAYMENT_MESSAGES.createSessionFailed),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('starts the pool’s free plan when it has none, and says why when that fails', async () => {
    let started = false;
    const fake = fakeServer()
      .on(planRoutes.get, () => ({ data: { active: started ? active : null, pending: null } }))
      .on(planRoutes.createB2C, () => {
        if (fake.calls(planRoutes.createB2C).length === 1) {
          return json(
            { statusCode: 500, error: 'Internal Server Error', message: 'database unavailable' },
            500,
          );
        }
        started = true;
        return json({ data: active }, 201);
      })
      .on(billingRoutes.freeMeetingCredits, { data: { credits: 30 } })
      .on(creditSlabRoutes.active, { data: [slab] })
      .on(paymentRoutes.methods, { data: { card: true, savedCard: false } })
      .on(paymentRoutes.latest, { data: null })
      .on(invoiceRoutes.b2cOwn, { data: [], count: 0 });
    renderWithProviders(<TalentPoolCredits />);
    expect(await screen.findByText(/Start with 30 free credits/, {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start with free credits' }));
    await waitFor(() =>
      expect(toastStore.get()[0]).toMatchObject({
        title: PLAN_MESSAGES.createFreeB2CFailed,
        variant: 'error',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start with free credits' }));
    expect(await screen.findByText('42', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start with free credits' })).toBeNull();
  });

  it('back from Checkout, says the payment went through', async () => {
    server({ card: true, latest: paid('succeeded') });
    renderWithProviders(<TalentPoolCredits />, { path: '/settings?payment=success' });
    expect(await screen.findByText(PAYMENT_MESSAGES.creditsPaid, {}, SLOW)).toBeTruthy();
  });
});
