import { afterAll, beforeAll } from 'vitest';
import type { Payment, PlanDetail } from '@parley/contracts';
import { ctx, useSignedInApp, type TestAccount } from './app-kit.js';
import { call, json, type SignedIn } from './context.js';
import { startStripeStandIn, stripeEnv, type SignedEvent, type StripeStandIn } from './stripe-stand-in.js';

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
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
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
  };
}
