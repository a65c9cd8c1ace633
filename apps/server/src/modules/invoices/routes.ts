import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVOICE_FILE, invoiceRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { InvoicesService } from './service.js';

const fileQuery = z.object({
  exp: z.string().max(16).default(''),
  token: z.string().max(128).default(''),
});

/** Spec 3 §7 Plan and billing: invoice lists and downloads, manual payment, marking paid. */
export function registerInvoiceRoutes(app: FastifyInstance, invoices: InvoicesService): void {
  registerRoute(app, r.own, ({ auth, query }) => invoices.own(auth, query));
  registerRoute(app, r.ownDetails, ({ auth, query }) => invoices.ownDetails(auth, query));
  registerRoute(app, r.b2cOwn, ({ auth, query }) => invoices.ownDetails(auth, query));
  registerRoute(app, r.b2cDownload, async ({ auth, params }) => ({
    data: { url: await invoices.downloadUrl(auth, params.id) },
  }));
  registerRoute(app, r.seller, async () => ({ data: await invoices.seller() }));
  registerRoute(app, r.all, ({ query }) => invoices.all(query));
  registerRoute(app, r.download, async ({ auth, params }) => ({
    data: { url: await invoices.downloadUrl(auth, params.id) },
  }));
  registerRoute(app, r.markPaid, ({ params }) => invoices.markPaid(params.id));
  registerRoute(app, r.manual, ({ auth, body }) => invoices.requestManual(auth, body));
  registerRoute(app, r.b2cManual, ({ auth, body }) => invoices.requestB2CManual(auth, body));

  // The PDF: the signed query is the permission, as a browser's download sends no bearer.
  app.withTypeProvider<ZodTypeProvider>().get(
    INVOICE_FILE.path,
    {
      schema: {
        summary: 'An invoice’s PDF (the signed link invoice/download answers)',
        tags: ['billing'],
        params: z.object({ id: z.string().max(64) }),
        querystring: fileQuery,
      },
    },
    async (request, reply) => {
      const { exp, token } = request.query;
      const { id, pdf } = await invoices.file(request.params.id, exp, token);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${INVOICE_FILE.fileName(id)}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );
}
