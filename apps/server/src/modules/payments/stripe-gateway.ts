import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';

/** A card refused by the bank or Stripe: the reason is the one Stripe gives, fit to show. */
export class CardDeclined extends Error {}

export interface CheckoutRequest {
  /** Null: a guest payment, the card not kept (a talent-pool seeker's). */
  customerId: string | null;
  amountMinor: number;
  currency: string;
  /** What the customer sees on the hosted page. */
  description: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

export interface OffSessionCharge {
  customerId: string;
  paymentMethodId: string;
  amountMinor: number;
  currency: string;
  metadata: Record<string, string>;
  /** The same key asks Stripe for the same charge: a retry never charges twice. */
  idempotencyKey: string;
}

/**
 * Every call Parley makes to Stripe, and nothing else of the SDK: the payments service talks
 * to this, and the tests point it (STRIPE_API_BASE) at a local server speaking Stripe's API.
 */
export interface StripeGateway {
  /** Made once per organisation: the key makes two concurrent first payments share one. */
  createCustomer(input: { organizationId: string; name: string }): Promise<string>;
  createCheckout(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPortal(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** The card a completed Checkout paid with (saved for auto-pay), or null. */
  paymentMethodOf(paymentIntentId: string): Promise<string | null>;
  /** Charges the saved card now; throws CardDeclined with Stripe's reason when refused. */
  charge(input: OffSessionCharge): Promise<{ id: string; status: string }>;
  /** The event in a webhook body, after checking its signature; throws when it does not match. */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
}

export function createStripeGateway(config: StripeConfig): StripeGateway {
  const stripe = new Stripe(config.secretKey, {
    ...config.api,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
  return {
    async createCustomer({ organizationId, name }) {
      const customer = await stripe.customers.create(
        { name, metadata: { organizationId } },
        { idempotencyKey: `parley-customer-${organizationId}` },
      );
      return customer.id;
    },

    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        ...(input.customerId ? { customer: input.customerId } : {}),
        client_reference_id: input.metadata.planId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountMinor,
              product_data: { name: input.description },
            },
          },
        ],
        // The card is kept for auto-pay, which charges it without the customer present.
        payment_intent_data: {
          ...(input.customerId ? { setup_future_usage: 'off_session' as const } : {}),
          metadata: input.metadata,
        },
        metadata: input.metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { id: session.id, url: session.url };
    },

    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async paymentMethodOf(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      const method = intent.payment_method;
      if (!method) return null;
      return typeof method === 'string' ? method : method.id;
    },

    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: intent.id, status: intent.status };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) throw new CardDeclined(err.message);
        throw err;
      }
    },

    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
  };
}
