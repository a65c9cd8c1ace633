import { describe, expect, it } from 'vitest';
import { chargeLine, planLines, taxIncluded, type BundlePriceRow } from './lines.js';

const plan = {
  name: 'Acme Scale',
  totalMinor: 34800,
  discountMinor: 2000,
  currency: 'USD',
  lastPaymentCredits: 2000,
};
const row = (bundle: string, feature: string, priceMinor: number): BundlePriceRow => ({
  bundleId: bundle,
  bundleName: bundle,
  featureId: feature,
  priceMinor,
  currency: 'USD',
});
// Essentials (Base 19 + Zai 30) and Sales Suite (Zai again + Coaching 99): Zai is paid once.
const rows = [
  row('Essentials', 'base', 1900),
  row('Essentials', 'zai', 3000),
  row('Sales Suite', 'zai', 3000),
  row('Sales Suite', 'coaching', 9900),
];
const slab = { priceMinor: 20000, currency: 'USD' };

describe('invoice lines of a plan', () => {
  it('bills a feature in two bundles once, then the credits and the discount', () => {
    expect(planLines(plan, rows, slab)).toEqual([
      { description: 'Essentials bundle', quantity: 1, unitMinor: 4900, amountMinor: 4900 },
      { description: 'Sales Suite bundle', quantity: 1, unitMinor: 9900, amountMinor: 9900 },
      { description: '2,000 analysis credits', quantity: 1, unitMinor: 20000, amountMinor: 20000 },
      { description: 'Credit slab discount', quantity: 1, unitMinor: -2000, amountMinor: -2000 },
    ]);
  });

  it('is one line at the plan’s own total when today’s prices no longer add up to it', () => {
    const repriced = rows.map((r) => (r.featureId === 'coaching' ? { ...r, priceMinor: 1 } : r));
    const lines = planLines(plan, repriced, slab);
    expect(lines).toEqual([
      {
        description: 'Acme Scale plan: Essentials, Sales Suite with 2,000 analysis credits',
        quantity: 1,
        unitMinor: 34800,
        amountMinor: 34800,
      },
      { description: 'Credit slab discount', quantity: 1, unitMinor: -2000, amountMinor: -2000 },
    ]);
    expect(lines.reduce((n, l) => n + l.amountMinor, 0)).toBe(32800);
  });

  it('falls back the same way when a price is in another currency', () => {
    const euro = rows.map((r) => (r.featureId === 'base' ? { ...r, currency: 'EUR' } : r));
    expect(planLines(plan, euro, slab)).toHaveLength(2);
  });

  it('invoices a talent-pool plan (a slab, no bundles) as its credits', () => {
    const b2c = { ...plan, name: 'Practice', totalMinor: 20000 };
    expect(planLines(b2c, [], slab).map((l) => [l.description, l.amountMinor])).toEqual([
      ['2,000 analysis credits', 20000],
      ['Credit slab discount', -2000],
    ]);
  });
});

describe('taxIncluded', () => {
  it('is the part of a tax-inclusive amount that is tax, rounded half up in minor units', () => {
    expect(taxIncluded(18_000, 2000)).toBe(3000);
    // 1000 × 0.19 / 1.19 = 159.66…
    expect(taxIncluded(1000, 1900)).toBe(160);
    // 7 × 0.5 / 1.5 = 2.33…; 5 × 0.5 / 1.5 = 1.666…
    expect(taxIncluded(7, 5000)).toBe(2);
    expect(taxIncluded(5, 5000)).toBe(2);
    expect(taxIncluded(0, 2000)).toBe(0);
    expect(taxIncluded(18_000, 0)).toBe(0);
  });
});

describe('chargeLine', () => {
  it('names what an auto-pay or renewal charge bought, at the amount charged', () => {
    const paid = { credits: 1500, amountMinor: 13_500, currency: 'USD' };
    expect(chargeLine({ ...paid, kind: 'auto_pay' })).toEqual({
      description: '1,500 analysis credits, bought by auto-pay',
      amountMinor: 13_500,
      currency: 'USD',
    });
    expect(chargeLine({ ...paid, kind: 'subscription' }).description).toBe(
      'Renewal: 1,500 analysis credits',
    );
  });
});
