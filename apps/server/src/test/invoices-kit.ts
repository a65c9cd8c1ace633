import { expect } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Bundle, CreditSlab, PlanDetail } from '@parley/contracts';
import { ctx, useSignedInApp } from './app-kit.js';
import { call, json, type SignedIn } from './context.js';

/**
 * An app that invoices bank transfers to the details below, its accounts signed in, and what
 * the invoice tests ask: a pending plan, an invoice's PDF and the text inside it.
 */
export function useInvoicesApp() {
  const BANK = 'Parley Inc. · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX';
  const who = useSignedInApp(['admin', 'poc', 'member', 'outsider', 'seeker'], undefined, {
    env: { INVOICE_PAYMENT_DETAILS: BANK },
  });
  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const send = (s: SignedIn, method: Method, path: string, payload?: object) =>
    call(ctx, method, path, { token: s.accessToken, ...(payload ? { payload } : {}) });
  const acme = () => who.poc.user.organizationId;

  async function pdfText(body: Buffer): Promise<string> {
    const pdf = await getDocumentProxy(new Uint8Array(body));
    const { text } = await extractText(pdf, { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }

  async function bundleId(name: string): Promise<string> {
    const all = json<{ data: Bundle[] }>(await send(who.admin, 'GET', '/bundle')).data;
    const found = all.find((b) => b.name === name);
    if (!found) throw new Error(`no bundle ${name}`);
    return found.id;
  }
  async function slabId(credits: number): Promise<string> {
    const all = json<{ data: CreditSlab[] }>(await send(who.admin, 'GET', '/credit-slab')).data;
    const found = all.find((s) => s.credits === credits);
    if (!found) throw new Error(`no slab of ${credits}`);
    return found.id;
  }

  /** Acme asks for Essentials + Sales Suite with the 2000-credit slab: $328.00 pending. */
  async function pendingPlan(name: string): Promise<PlanDetail> {
    await send(who.poc, 'PATCH', '/bundle/user', {
      bundleIds: [await bundleId('Essentials'), await bundleId('Sales Suite')],
      creditSlabId: await slabId(2000),
    });
    const res = await send(who.poc, 'POST', '/plan', { name });
    expect(res.statusCode).toBe(201);
    return json<{ data: PlanDetail }>(res).data;
  }

  /** The download link of an invoice, then the file it serves. */
  async function download(s: SignedIn, id: string) {
    const res = await send(s, 'GET', `/invoice/download/${id}`);
    if (res.statusCode !== 200) return { status: res.statusCode, url: '', file: null };
    const { url } = json<{ data: { url: string } }>(res).data;
    const file = await ctx.app.inject({ method: 'GET', url });
    return { status: res.statusCode, url, file };
  }

  return { BANK, who, send, acme, pdfText, bundleId, slabId, pendingPlan, download };
}
