import type { InvoiceLine } from '@parley/contracts';

export interface PricedPlan {
  name: string;
  totalMinor: number;
  discountMinor: number;
  currency: string;
  lastPaymentCredits: number;
}

export interface BundlePriceRow {
  bundleId: string;
  bundleName: string;
  featureId: string | null;
  priceMinor: number | null;
  currency: string | null;
}

const line = (description: string, unitMinor: number): InvoiceLine => ({
  description,
  quantity: 1,
  unitMinor,
  amountMinor: unitMinor,
});

/**
 * What a plan is invoiced as: a line per bundle (a feature in two bundles billed once, with the
 * first by name, as the plan was priced), the credits, then the slab's discount. The plan's
 * own stored total is the truth: when today's catalogue no longer adds up to it (a price or a
 * bundle changed since), the plan is one line at that total, so the invoice never disagrees
 * with what was sold.
 */
export function planLines(
  plan: PricedPlan,
  bundleRows: BundlePriceRow[],
  slab: { priceMinor: number; currency: string } | null,
): InvoiceLine[] {
  const seen = new Set<string>();
  const bundles = new Map<string, { name: string; minor: number }>();
  let sameCurrency = true;
  for (const r of bundleRows) {
    const entry = bundles.get(r.bundleId) ?? { name: r.bundleName, minor: 0 };
    bundles.set(r.bundleId, entry);
    if (!r.featureId || seen.has(r.featureId)) continue;
    seen.add(r.featureId);
    entry.minor += r.priceMinor ?? 0;
    if (r.currency !== plan.currency) sameCurrency = false;
  }
  const credits = plan.lastPaymentCredits
    ? `${plan.lastPaymentCredits.toLocaleString('en-US')} analysis credits`
    : null;
  const itemised = [...bundles.values()].map((b) => line(`${b.name} bundle`, b.minor));
  if (slab && credits) itemised.push(line(credits, slab.priceMinor));
  if (slab && slab.currency !== plan.currency) sameCurrency = false;
  const sum = itemised.reduce((n, l) => n + l.amountMinor, 0);
  const lines =
    sameCurrency && sum === plan.totalMinor && itemised.length > 0
      ? itemised
      : [
          line(
            [
              `${plan.name} plan`,
              bundles.size ? `: ${[...bundles.values()].map((b) => b.name).join(', ')}` : '',
              credits ? ` with ${credits}` : '',
            ].join(''),
            plan.totalMinor,
          ),
        ];
  if (plan.discountMinor > 0) lines.push(line('Credit slab discount', -plan.discountMinor));
  return lines;
}

/** What a card charge that is not the plan's first payment bought (see chargeLine). */
export interface Charge {
  description: string;
  amountMinor: number;
  currency: string;
}

/**
 * The one line of an auto-pay or renewal charge: the credits it bought at the amount charged
 * (the plan's lines were invoiced when the plan was paid).
 */
export function chargeLine(paid: {
  kind: 'checkout' | 'auto_pay' | 'subscription';
  credits: number;
  amountMinor: number;
  currency: string;
}): Charge {
  const credits = `${paid.credits.toLocaleString('en-US')} analysis credits`;
  return {
    description:
      paid.kind === 'auto_pay' ? `${credits}, bought by auto-pay` : `Renewal: ${credits}`,
    amountMinor: paid.amountMinor,
    currency: paid.currency,
  };
}

/**
 * The tax contained in a tax-inclusive amount (prices include it, so the total stays what was
 * charged): gross × rate / (1 + rate), rounded half up in whole minor units.
 */
export function taxIncluded(grossMinor: number, rateBasisPoints: number): number {
  if (grossMinor <= 0 || rateBasisPoints <= 0) return 0;
  const divisor = 10_000 + rateBasisPoints;
  return Math.floor((2 * grossMinor * rateBasisPoints + divisor) / (2 * divisor));
}
