import type { FastifyInstance } from 'fastify';
import { personalDataRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import { attachmentHeader } from '../reports/index.js';
import type { PersonalDataService } from './service.js';

/** The person's own archive and the deletion of their account (talent pool). */
export function registerPersonalDataRoutes(app: FastifyInstance, data: PersonalDataService): void {
  registerRoute(app, r.exportData, async ({ auth, reply }) => {
    const { fileName, stream } = await data.exportData(auth);
    reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachmentHeader(fileName))
      // Personal data: no shared cache may keep it.
      .header('Cache-Control', 'private, no-store');
    return stream;
  });
  registerRoute(app, r.deleteAccount, async ({ auth, body, request }) => {
    const answer = await data.deleteAccount(auth, body.confirm);
    // The activity log keeps that an account was deleted, not whose or from where.
    request.erasedCaller = true;
    return answer;
  });
}
