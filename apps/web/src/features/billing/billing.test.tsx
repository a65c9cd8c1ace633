import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  bundleRoutes,
  creditSlabRoutes,
  featureRoutes,
  money,
  planRoutes,
  type ActiveBundle,
  type Bundle,
  type BundleSelection,
  type CreditSlab,
  type Feature,
  type PlanDetail,
} from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import EnterpriseManagementPage from './EnterpriseManagementPage';
import PricingPage from './PricingPage';

const SLOW = { timeout: 5000 };
const at = '2026-03-01T10:00:00.000Z';
const usd = (minor: number) => money(minor, 'USD');
const feature = (id: string, name: string, minor: number): Feature => ({
  id,
  name,
  description: null,
  url: null,
  price: usd(minor),
  createdAt: at,
  updatedAt: at,
});
const BASE = feature('f1', 'Base', 1900);
const ZAI = feature('f2', 'Zai Assistance', 1500);
const COACHING = feature('f3', 'Sales Coaching', 4000);
const bundle = (id: string, name: string, features: Feature[]): ActiveBundle => ({
  id,
  name,
  description: null,
  isActive: true,
  features,
  price: usd(features.reduce((s, f) => s + f.price.minor, 0)),
  createdAt: at,
  updatedAt: at,
});
const ESSENTIALS = bundle('b1', 'Essentials', [BASE, ZAI]);
const SALES = bundle('b2', 'Sales Suite', [COACHING]);
const SLAB: CreditSlab = {
  id: 's1',
  credits: 2000,
  price: usd(20000),
  discount: 10,
  discountedPrice: usd(18000),
  isActive: true,
  createdAt: at,
  updatedAt: at,
};

/** What the server answers for a selection: bundles' features plus the slab less its discount. */
function priced(bundleIds: string[], creditSlabId: string | null): BundleSelection {
  const bundles = [ESSENTIALS, SALES].filter((b) => bundleIds.includes(b.id));
  const slab = creditSlabId === SLAB.id ? SLAB : null;
  const total = bundles.reduce((s, b) => s + b.price.minor, 0) + (slab?.price.minor ?? 0);
  const discount = slab ? 2000 : 0;
  return {
    bundleIds: bundles.map((b) => b.id),
    bundles,
    creditSlab: slab,
    totalPrice: usd(total),
    discount: usd(discount),
    discountedPrice: usd(total - discount),
  };
}

/** jsdom has no ResizeObserver; Radix's switch measures itself with one. */
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', ResizeObserverStub));
const pendingPlan = (name: string): PlanDetail => ({
  id: 'p1',
  name,
  type: 'subscription',
  status: 'pending',
  endDate: null,
  remainingCredits: 0,
  freeMeetingCredits: 0,
  currentBundles: [],
  bundleIds: [],
  totalPrice: usd(23400),
  discount: usd(2000),
  discountedPrice: usd(21400),
  creditSlabId: SLAB.id,
  lastPaymentCredits: 2000,
  autoPayCredits: 2000,
  createdAt: at,
  activatedAt: null,
});

afterEach(() => {
  cleanup();
  setAuthFailed();
  vi.unstubAllGlobals();
});

describe('/pricing', { timeout: 20_000 }, () => {
  it('prices the chosen bundles and slab from the server, then asks for the plan', async () => {
    signInWith(['Base']);
    let selection = priced([], null);
    const server = fakeServer()
      .on(planRoutes.get, { data: { active: null, pending: null } })
      .on(bundleRoutes.active, { data: [ESSENTIALS, SALES] })
      .on(creditSlabRoutes.active, { data: [SLAB] })
      .on(planRoutes.selection, () => ({ data: selection }))
      .on(planRoutes.select, ({ body }) => {
        const b = body as { bundleIds: string[]; creditSlabId: string | null };
        selection = priced(b.bundleIds, b.creditSlabId);
        return { data: selection };
      })
      .on(planRoutes.create, ({ body }) => ({
        data: pendingPlan((body as { name: string }).name),
      }));
    renderWithProviders(<PricingPage />);

    const essentials = await screen.findByRole('checkbox', { name: 'Essentials' }, SLOW);
    expect(within(essentials).getByText('Zai Assistance')).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Continue to payment' });
    expect(pay.hasAttribute('disabled')).toBe(true);

    fireEvent.click(essentials);
    await waitFor(() => expect(essentials.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByRole('radio', { name: /2,000 credits/ }));
    await screen.findByText('$214.00', {}, SLOW); // 34.00 + 200.00 − 20.00
    expect(screen.getByText('−$20.00')).toBeTruthy();
    expect(JSON.parse(String(server.calls(planRoutes.select).at(-1)?.[1]?.body))).toEqual({
      bundleIds: ['b1'],
      creditSlabId: 's1',
    });

    fireEvent.click(screen.getByRole('checkbox', { name: /Buy 2,000 credits again/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(server.calls(planRoutes.create)).toHaveLength(1));
    expect(JSON.parse(String(server.calls(planRoutes.create)[0]?.[1]?.body))).toEqual({
      name: 'Essentials',
      creditsToAddForAutoPay: 2000,
    });
  });
});

describe('Enterprise Management (/billing)', { timeout: 20_000 }, () => {
  it('creates a bundle from the features, showing its price as they are ticked', async () => {
    signInWith([]);
    const inUse: Bundle = { ...ESSENTIALS, planCount: 2 };
    const server = fakeServer()
      .on(bundleRoutes.query, { data: [inUse], count: 1 })
      .on(featureRoutes.list, { data: [BASE, ZAI, COACHING] })
      .on(bundleRoutes.create, ({ body }) => ({ ...inUse, ...(body as object), id: 'b9' }));
    renderWithProviders(<EnterpriseManagementPage />);
    const table = await screen.findByRole('table', { name: 'Bundles' }, SLOW);
    expect(await within(table).findByText('Essentials', {}, SLOW)).toBeTruthy();
    expect(within(table).getByText('2 plans')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add bundle' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Coaching' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Sales Coaching/ }, SLOW));
    fireEvent.click(screen.getByRole('checkbox', { name: /Base/ }));
    expect(screen.getByText('$59.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.calls(bundleRoutes.create)).toHaveLength(1));
    expect(JSON.parse(String(server.calls(bundleRoutes.create)[0]?.[1]?.body))).toMatchObject({
      name: 'Coaching',
      featureIds: ['f3', 'f1'],
      isActive: true,
    });
  });
});
