import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../platform/mail.js';
import { registerReportRoutes } from './routes.js';
import { createReportsService } from './service.js';
import type { ReportSources } from './sources.js';

/**
 * What the reports module needs: every source it reads (each through its owning module, see
 * sources.ts), the mailer for the candidate's report, and the support address.
 */
export interface ReportsNeeds {
  sources: ReportSources;
  mailer: Mailer;
  supportEmail: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** HR, sales and candidate reports of a meeting as PDF (issue 13 item 5). */
export function createReportsModule(needs: ReportsNeeds) {
  const service = createReportsService(needs);
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerReportRoutes(api, service),
  };
}
