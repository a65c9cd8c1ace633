import type { FastifyInstance } from 'fastify';
import { analysisRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { AnalysisService } from './service.js';

/** offline/start, analyze, re-analyze and status (spec 2 §7 Analysis). */
export function registerAnalysisRoutes(app: FastifyInstance, analysis: AnalysisService): void {
  registerRoute(app, analysisRoutes.start, ({ auth, body }) =>
    analysis.start(auth, body.meetingId),
  );
  registerRoute(app, analysisRoutes.analyze, ({ auth, body }) =>
    analysis.analyze(auth, body.meetingId),
  );
  registerRoute(app, analysisRoutes.reanalyze, ({ auth, body }) => analysis.reanalyze(auth, body));
  registerRoute(app, analysisRoutes.status, ({ auth, params }) =>
    analysis.status(auth, params.meetingId),
  );
}
