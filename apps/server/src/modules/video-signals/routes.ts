import type { FastifyInstance } from 'fastify';
import { videoSignalsRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { VideoSignalsService } from './service.js';

/** inference/{kind}/:meetingId, offline/start-physiology and the physiology status calls. */
export function registerVideoSignalsRoutes(app: FastifyInstance, s: VideoSignalsService): void {
  registerRoute(app, r.headpose, ({ auth, params }) => s.headpose(auth, params.meetingId));
  registerRoute(app, r.eyegaze, ({ auth, params }) => s.eyegaze(auth, params.meetingId));
  registerRoute(app, r.emotions, ({ auth, params }) => s.emotions(auth, params.meetingId));
  registerRoute(app, r.lipsync, ({ auth, params }) => s.lipsync(auth, params.meetingId));
  registerRoute(app, r.truthfulness, ({ auth, params }) => s.truthfulness(auth, params.meetingId));
  registerRoute(app, r.age, ({ auth, params }) => s.age(auth, params.meetingId));
  registerRoute(app, r.gender, ({ auth, params }) => s.gender(auth, params.meetingId));
  registerRoute(app, r.race, ({ auth, params }) => s.race(auth, params.meetingId));
  registerRoute(app, r.proctoring, ({ auth, params }) => s.proctoring(auth, params.meetingId));
  registerRoute(app, r.biometricsData, ({ auth, params }) =>
    s.biometricsData(auth, params.meetingId),
  );
  registerRoute(app, r.physiological, ({ auth, params }) =>
    s.physiological(auth, params.meetingId),
  );
  registerRoute(app, r.spo2, ({ auth, params }) => s.spo2(auth, params.meetingId));
  registerRoute(app, r.startPhysiology, ({ auth, body }) =>
    s.startPhysiology(auth, body.meetingId),
  );
  registerRoute(app, r.physiologyStatus, ({ auth, params }) =>
    s.physiologyStatus(auth, params.meetingId),
  );
  registerRoute(app, r.physiologyStatusAlias, ({ auth, query }) =>
    s.physiologyStatus(auth, query.meetingId),
  );
}
