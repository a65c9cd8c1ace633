import { afterAll, beforeAll, expect } from 'vitest';
import type { Bundle, CreditSlab, Payment, PlanDetail } from '@parley/contracts';
import { ctx, useSignedInApp, type TestAccount } from './app-kit.js';
import { call, json, type SignedIn } from './context.js';
import {
  startStripeStandIn,
  stripeEnv,
  type SignedEvent,
  type StripeStandIn,
} from './stripe-stand-in.js';

type Method = 'GET' | 'POST' | 'PATCH';

/**
 * An app whose card payments go to a local Stripe stand-in started for the file, the given
 * accounts signed in, and the calls the payment tests make: as a user, as Stripe's webhook,
 * and the plan and latest payment a user sees.
 */
export function usePaymentsApp<A extends TestAccount>(accounts: readonly A[]) {
  let stripe: StripeStandIn | undefined;
  const stand = (): StripeStandIn => {
    if (!stripe) throw new Error('The Stripe stand-in is not running yet.');
    return stripe;
  };
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(async () => stripe?.close());

  const who = useSignedInApp(accounts, undefined, {
    // Read when the app is made, after the stand-in above is listening.
    get env() {
      return stripeEnv(stand());
    },
  });
  const send = (s: SignedIn, method: Method, path: string, payload?: object) =>
    call(ctx, method, path, { token: s.accessToken, ...(payload ? { payload } : {}) });
  return {
    who,
    get stripe() {
      return stand();
    },
    send,
    deliver: (e: SignedEvent, signature = e.signature) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook',
        // As Stripe sends it.
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        payload: e.payload,
      }),
    plansOf: async (s: SignedIn) =>
      json<{ data: { active: PlanDetail | null; pending: PlanDetail | null } }>(
        await send(s, 'GET', '/plan'),
      ).data,
    latest: async (s: SignedIn) =>
      json<{ data: Payment | null }>(await send(s, 'GET', '/payment/latest')).data,
    /** The Checkout session id in a stand-in Checkout URL. */
    sessionIdOf: (url: string) => url.split('/pay/')[1] ?? '',
    /**
     * Picks Essentials + Sales Suite and the 2000-credit slab (the catalogue as `lister` reads
     * it), then asks for the plan as `s`.
     */
    async pendingPlan(lister: SignedIn, s: SignedIn, name: string): Promise<PlanDetail> {
      const bundles = json<{ data: Bundle[] }>(await send(lister, 'GET', '/bundle')).data;
      const slabs = json<{ data: CreditSlab[] }>(await send(lister, 'GET', '/credit-slab')).data;
      const ids = bundles
        .filter((b) => ['Essentials', 'Sales Suite'].includes(b.name))
        .map((b) => b.id);
      const slab = slabs.find((x) => x.credits === 2000);
      const picked = await send(s, 'PATCH', '/bundle/user', {
        bundleIds: ids,
        creditSlabId: slab?.id,
      });
      expect(picked.statusCode).toBe(200);
      const res = await send(s, 'POST', '/plan', { name, creditsToAddForAutoPay: 0 });
      expect(res.statusCode).toBe(201);
      return json<{ data: PlanDetail }>(res).data;
    },
    /** payment/setup for the plan, with 500 auto-pay credits, for `organizationId`. */
    setup: (s: SignedIn, plan: PlanDetail, organizationId = s.user.organizationId) =>
      send(s, 'POST', '/payment/setup', {
        planId: plan.id,
        name: plan.name,
        credits: 500,
        organizationId,
      }),
  };
}
