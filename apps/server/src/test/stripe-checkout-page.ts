import type http from 'node:http';

/**
 * The Stripe stand-in's wire pieces (stripe-stand-in.ts): reading the SDK's form-encoded
 * requests, and the hosted Checkout page a journey pays on.
 */
export type Json = Record<string, unknown>;

/** `a[b][0][c]=1` form fields as the nested object Stripe's SDK encoded. */
export function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe's test card that is always declined. */
export const DECLINED_CARD = '4000 0000 0000 0002';

export function checkoutPage(session: Json, error: string | null = null): string {
  const amount = Number(session.amount_total ?? 0) / 100;
  const currency = String(session.currency ?? 'usd').toUpperCase();
  const name = escape(String(session.description ?? 'Parley'));
  const total = new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay Parley — Checkout (test stand-in)</title>
<style>body{font:16px system-ui,sans-serif;background:#f6f8fa;color:#1a1f36;margin:0;padding:48px 16px}
main{max-width:420px;margin:auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px #0002}
h1{font-size:20px;margin:0 0 8px}p{margin:4px 0 16px;color:#4f566b}.total{font-size:32px;color:#1a1f36}
label{display:block;font-size:14px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #c1c9d2;border-radius:6px;font:inherit}
button{margin-top:24px;width:100%;padding:12px;border:0;border-radius:6px;background:#4f46e5;color:#fff;font:600 16px system-ui}
a{display:block;text-align:center;margin-top:16px;color:#4f46e5}</style></head>
<body><main><h1>${name}</h1><p class="total" data-testid="total">${total}</p>
<p>Test mode: the local Stripe stand-in. No card is charged.</p>
${error ? `<p role="alert" style="color:#b42318">${escape(error)}</p>` : ''}
<form method="post" action="/pay/${escape(String(session.id))}">
<label for="card">Card number</label><input id="card" name="card" value="4242 4242 4242 4242" autocomplete="off">
<button type="submit">Pay</button></form>
<a href="${escape(String(session.cancel_url))}">Cancel and go back</a></main></body></html>`;
}
