import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  checkoutPage,
  DECLINED_CARD,
  decodeForm,
  readBody,
  type Json,
} from './stripe-checkout-page.js';

export { DECLINED_CARD, decodeForm } from './stripe-checkout-page.js';

/**
 * A local server answering the Stripe API calls Parley makes (customers, Checkout Sessions,
 * Customer Portal sessions, PaymentIntents), in Stripe's wire format: form-encoded requests
 * with bracketed keys, a bearer secret key, Idempotency-Key replay, JSON objects and card
 * errors shaped as Stripe's. It also serves the hosted Checkout page: its Pay button completes
 * the session, posts the signed checkout.session.completed event to Parley's webhook (signed
 * by the SDK's generateTestHeaderString with the webhook secret) and redirects to the
 * session's success URL.
 */

export const STAND_IN_SECRET_KEY = 'sk_test_parley_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_parley_stand_in_secret';

export interface SignedEvent {
  payload: string;
  signature: string;
  event: Json;
}

export interface StripeStandIn {
  origin: string;
  /** Where events are posted; set once Parley listens (browser journeys). */
  webhookUrl: string | null;
  /** Every API call, in order: method, path and the decoded form body. */
  seen: { method: string; path: string; body: Json; idempotencyKey: string | null }[];
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  intents: Map<string, Json>;
  /** Off-session charges of this customer's card are declined from now on. */
  declineCardsOf(customerId: string): void;
  /** …and accepted again (a new card saved). */
  acceptCardsOf(customerId: string): void;
  /** Pays the session as the hosted page's Pay button does; the event, signed, not sent. */
  complete(sessionId: string): SignedEvent;
  /** Lets the session lapse unpaid; the checkout.session.expired event, signed, not sent. */
  expire(sessionId: string): SignedEvent;
  /** Any event, signed with `secret` (the webhook secret unless another is given). */
  sign(type: string, object: Json, secret?: string): SignedEvent;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Starts the stand-in on 127.0.0.1 (`port` 0: any free one). */
export async function startStripeStandIn(
  opts: { port?: number; webhookUrl?: string } = {},
): Promise<StripeStandIn> {
  const signer = new Stripe(STAND_IN_SECRET_KEY);
  const seen: StripeStandIn['seen'] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: Json }>();
  const declining = new Set<string>();
  let origin = '';

  function sign(type: string, object: Json, secret = STAND_IN_WEBHOOK_SECRET): SignedEvent {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    return {
      payload,
      event,
      signature: signer.webhooks.generateTestHeaderString({ payload, secret }),
    };
  }

  function intent(fields: Json): Json {
    const pi = {
      id: id('pi'),
      object: 'payment_intent',
      created: now(),
      livemode: false,
      payment_method: id('pm'),
      status: 'succeeded',
      last_payment_error: null,
      ...fields,
    };
    intents.set(pi.id, pi);
    return pi;
  }

  function complete(sessionId: string): SignedEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (!session.payment_intent) {
      const meta = (session.payment_intent_data as Json | undefined)?.metadata ?? {};
      const pi = intent({
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        metadata: meta,
      });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: pi.id });
    }
    return sign('checkout.session.completed', session);
  }

  function expire(sessionId: string): SignedEvent {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    Object.assign(session, { status: 'expired', url: null });
    return sign('checkout.session.expired', session);
  }

  async function deliver(signed: SignedEvent): Promise<number> {
    if (!standIn.webhookUrl) return 0;
    const res = await fetch(standIn.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      body: signed.payload,
    });
    return res.status;
  }

  /** The API: what Parley's SDK calls. */
  function api(method: string, path: string, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        created: now(),
        livemode: false,
        ...body,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = body.line_items as Record<string, Json> | undefined;
      const price = (items?.['0']?.price_data ?? {}) as Json;
      const product = (price.product_data ?? {}) as Json;
      const sid = id('cs_test');
      const session = {
        id: sid,
        object: 'checkout.session',
        created: now(),
        livemode: false,
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(price.unit_amount ?? 0),
        currency: price.currency,
        // A guest Checkout (no customer given) answers null, as Stripe does.
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        description: product.name ?? null,
        metadata: body.metadata ?? {},
        payment_intent: null,
        payment_intent_data: body.payment_intent_data ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${origin}/pay/${sid}`,
      };
      sessions.set(sid, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const pid = id('bps');
      const portal = {
        id: pid,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${origin}/portal/${pid}`,
      };
      return { status: 200, body: portal };
    }
    const retrieve = /^\/v1\/(payment_intents|checkout\/sessions)\/([\w]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const found = (retrieve[1] === 'payment_intents' ? intents : sessions).get(retrieve[2] ?? '');
      return found
        ? { status: 200, body: found }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such object',
              },
            },
          };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const customer = String(body.customer ?? '');
      const fields = {
        amount: Number(body.amount),
        currency: body.currency,
        customer,
        payment_method: body.payment_method,
        metadata: body.metadata ?? {},
      };
      if (declining.has(customer)) {
        const error = {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        };
        const pi = intent({
          ...fields,
          status: 'requires_payment_method',
          last_payment_error: error,
        });
        return { status: 402, body: { error: { ...error, payment_intent: pi } } };
      }
      const pi = intent({ ...fields, amount_received: Number(body.amount) });
      return { status: 200, body: pi };
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    };
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const method = req.method ?? 'GET';
      const text = await readBody(req);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (url.pathname === '/health') return send(200, { ok: true });

      // The hosted pages, what the customer's browser sees.
      const page = /^\/pay\/([\w]+)$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1] ?? '');
        if (!session || session.status !== 'open') {
          return send(404, '<!doctype html><p>This checkout session is no longer open.</p>', {
            'content-type': 'text/html',
          });
        }
        if (method === 'GET') {
          return send(200, checkoutPage(session), { 'content-type': 'text/html' });
        }
        const card = new URLSearchParams(text).get('card') ?? '';
        if (card.replace(/\s/g, '') === DECLINED_CARD.replace(/\s/g, '')) {
          // As on Stripe's page: the decline is announced, and the customer may try another card.
          const message = 'Your card was declined.';
          const meta = (session.payment_intent_data as Json | undefined)?.metadata ?? {};
          const failed = intent({
            amount: session.amount_total,
            currency: session.currency,
            customer: session.customer,
            metadata: meta,
            status: 'requires_payment_method',
            last_payment_error: { type: 'card_error', code: 'card_declined', message },
          });
          await deliver(sign('payment_intent.payment_failed', failed));
          return send(402, checkoutPage(session, message), { 'content-type': 'text/html' });
        }
        const signed = complete(String(session.id));
        const status = await deliver(signed);
        if (standIn.webhookUrl && status !== 200) {
          return send(502, `<!doctype html><p>The webhook answered ${status}.</p>`, {
            'content-type': 'text/html',
          });
        }
        const back = String(session.success_url).replace(
          '{CHECKOUT_SESSION_ID}',
          String(session.id),
        );
        res.writeHead(303, { location: back });
        return res.end();
      }
      if (/^\/portal\/[\w]+$/.test(url.pathname)) {
        return send(200, '<!doctype html><h1>Customer portal (test stand-in)</h1>', {
          'content-type': 'text/html',
        });
      }

      const auth = req.headers.authorization ?? '';
      if (auth !== `Bearer ${STAND_IN_SECRET_KEY}`) {
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      const body = decodeForm(text);
      const key =
        typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      seen.push({ method, path: url.pathname, body, idempotencyKey: key });
      // Stripe answers a repeated Idempotency-Key with the first answer, whatever came since.
      const replay = key && method === 'POST' ? replays.get(key) : undefined;
      const answer = replay ?? api(method, url.pathname, body);
      if (key && method === 'POST' && !replay) replays.set(key, answer);
      // A charge that went through is announced too, as Stripe does.
      if (!replay && url.pathname === '/v1/payment_intents' && answer.status === 200) {
        setTimeout(
          () => void deliver(sign('payment_intent.succeeded', answer.body)).catch(() => 0),
          0,
        );
      }
      send(answer.status, answer.body, { 'request-id': id('req') });
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    origin,
    webhookUrl: opts.webhookUrl ?? null,
    seen,
    customers,
    sessions,
    intents,
    declineCardsOf: (customerId) => void declining.add(customerId),
    acceptCardsOf: (customerId) => void declining.delete(customerId),
    complete,
    expire,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

/** The environment that points Parley at a stand-in. */
export const stripeEnv = (standIn: Pick<StripeStandIn, 'origin'>) => ({
  STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
  STRIPE_API_BASE: standIn.origin,
});
