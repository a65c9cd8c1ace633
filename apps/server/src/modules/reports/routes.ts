import type { FastifyInstance, FastifyReply } from 'fastify';
import { reportRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { ReportFile, ReportsService } from './service.js';

/**
 * Content-Disposition naming the download after the meeting: an ASCII fallback for old
 * clients and the full name (RFC 5987) for the rest.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A PDF answer: the bytes go out as they are (Fastify does not serialise a Buffer). */
function sendPdf(reply: FastifyReply, file: ReportFile): Buffer {
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachmentHeader(file.fileName))
    // A report holds personal data: no shared cache may keep it.
    .header('Cache-Control', 'private, no-store');
  return file.pdf;
}

/** The report routes; permissions and the feature gates are the contracts'. */
export function registerReportRoutes(app: FastifyInstance, reports: ReportsService): void {
  registerRoute(app, reportRoutes.hr, async ({ auth, params, reply }) =>
    sendPdf(reply, await reports.hr(auth, params.meetingId)),
  );
  registerRoute(app, reportRoutes.sales, async ({ auth, params, reply }) =>
    sendPdf(reply, await reports.sales(auth, params.meetingId)),
  );
  registerRoute(app, reportRoutes.candidate, async ({ auth, params, reply }) =>
    sendPdf(reply, await reports.candidate(auth, params.meetingId)),
  );
  registerRoute(app, reportRoutes.candidatePreview, ({ auth, params }) =>
    reports.candidatePreview(auth, params.meetingId),
  );
  registerRoute(app, reportRoutes.sendCandidate, ({ auth, params }) =>
    reports.sendCandidate(auth, params.meetingId),
  );
}
