import type { FastifyInstance } from 'fastify';
import { salesRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { SalesService } from './service.js';

export function registerSalesRoutes(app: FastifyInstance, sales: SalesService): void {
  registerRoute(app, r.userSales, ({ auth, query }) => sales.userSales(auth, query));
  registerRoute(app, r.managerSales, ({ auth, query }) => sales.managerSales(auth, query));
  registerRoute(app, r.filters, ({ auth }) => sales.filters(auth));
  registerRoute(app, r.performance, ({ auth, query }) => sales.performance(auth, query));
  registerRoute(app, r.dealsAmount, ({ auth, query }) => sales.dealsAmount(auth, query));
  registerRoute(app, r.linkDeal, ({ auth, params, body }) =>
    sales.linkMeeting(auth, params.meetingId, body.dealId),
  );

  registerRoute(app, r.listAccounts, ({ auth, query }) => sales.listAccounts(auth, query));
  registerRoute(app, r.createAccount, ({ auth, body }) => sales.createAccount(auth, body));
  registerRoute(app, r.updateAccount, ({ auth, params, body }) =>
    sales.updateAccount(auth, params.id, body),
  );
  registerRoute(app, r.deleteAccount, ({ auth, params }) => sales.deleteAccount(auth, params.id));

  registerRoute(app, r.listDeals, ({ auth, query }) => sales.listDeals(auth, query));
  registerRoute(app, r.getDeal, ({ auth, params }) => sales.getDeal(auth, params.id));
  registerRoute(app, r.createDeal, ({ auth, body }) => sales.createDeal(auth, body));
  registerRoute(app, r.updateDeal, ({ auth, params, body }) =>
    sales.updateDeal(auth, params.id, body),
  );
  registerRoute(app, r.deleteDeal, ({ auth, params }) => sales.deleteDeal(auth, params.id));

  registerRoute(app, r.listContacts, ({ auth, params }) => sales.listContacts(auth, params.id));
  registerRoute(app, r.createContact, ({ auth, params, body }) =>
    sales.createContact(auth, params.id, body),
  );
  registerRoute(app, r.updateContact, ({ auth, params, body }) =>
    sales.updateContact(auth, params.id, body),
  );
  registerRoute(app, r.deleteContact, ({ auth, params }) => sales.deleteContact(auth, params.id));
}
