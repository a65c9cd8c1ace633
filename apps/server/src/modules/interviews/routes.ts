import type { FastifyInstance } from 'fastify';
import { interviewRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { InterviewsService } from './service.js';

export function registerInterviewRoutes(app: FastifyInstance, s: InterviewsService): void {
  registerRoute(app, r.listJobs, ({ auth, query }) => s.listJobs(auth, query));
  registerRoute(app, r.getJob, ({ auth, params }) => s.getJob(auth, params.id));
  registerRoute(app, r.createJob, ({ auth, body }) => s.createJob(auth, body));
  registerRoute(app, r.updateJob, ({ auth, params, body }) => s.updateJob(auth, params.id, body));
  registerRoute(app, r.removeJob, ({ auth, params }) => s.removeJob(auth, params.id));
  registerRoute(app, r.hrList, ({ auth, query }) => s.hrList(auth, query));
  registerRoute(app, r.candidateInterviews, ({ auth, body }) => s.candidateInterviews(auth, body));
  registerRoute(app, r.updateStatus, ({ auth, body }) => s.updateStatus(auth, body));
  registerRoute(app, r.sendInvitation, ({ auth, body }) => s.sendInvitation(auth, body));
  registerRoute(app, r.setLastRound, ({ auth, body }) => s.setLastRound(auth, body));
  registerRoute(app, r.getInterview, ({ auth, params }) => s.getInterview(auth, params.meetingId));
  registerRoute(app, r.setInterview, ({ auth, params, body }) =>
    s.setInterview(auth, params.meetingId, body),
  );
}
