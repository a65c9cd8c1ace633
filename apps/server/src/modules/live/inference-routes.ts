import type { FastifyInstance } from 'fastify';
import { liveInferenceRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { LivePhysiology } from './physiology.js';

/** live-inference/*: live physiology (the biometric verification is the biometrics module's). */
export function registerLiveInferenceRoutes(
  app: FastifyInstance,
  d: { physiology: LivePhysiology },
): void {
  registerRoute(app, r.startPhysiology, ({ auth, body }) =>
    d.physiology.start(auth, body.meetingId),
  );
  registerRoute(app, r.physiologySamples, async ({ auth, body }) =>
    d.physiology.samples(auth, body.inferenceId, body.samples),
  );
  registerRoute(app, r.stopPhysiology, ({ auth, body }) =>
    d.physiology.stop(auth, body.inferenceId),
  );
  registerRoute(app, r.physiology, ({ auth, params }) => d.physiology.list(auth, params.meetingId));
}
