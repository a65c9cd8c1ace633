import { describe, expect, it } from 'vitest';
import { planLines, type BundlePriceRow } from './lines.js';

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
