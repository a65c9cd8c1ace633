import type { FastifyInstance } from 'fastify';
import {
  assessmentRoutes as a,
  coachingRoutes as c,
  progressRoutes as p,
  quizRoutes as q,
} from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { ProgressService } from './progress-service.js';
import type { QuizService } from './quiz-service.js';
import type { CoachingService } from './service.js';

export function registerCoachingRoutes(
  app: FastifyInstance,
  s: { content: CoachingService; quizzes: QuizService; progress: ProgressService },
): void {
  const { content, quizzes, progress } = s;
  registerRoute(app, c.create, ({ auth, body }) => content.create(auth, body));
  registerRoute(app, c.superAdminCreate, ({ auth, body }) => content.superAdminCreate(auth, body));
  registerRoute(app, c.fetch, ({ auth, body }) => content.fetch(auth, body));
  registerRoute(app, c.superAdminFetch, ({ auth, body }) => content.superAdminFetch(auth, body));
  registerRoute(app, c.remove, ({ auth, body }) => content.remove(auth, body.id));
  registerRoute(app, c.superAdminRemove, ({ auth, body }) =>
    content.superAdminRemove(auth, body.id),
  );
  registerRoute(app, c.adminVideo, ({ auth, body }) => content.adminVideo(auth, body));
  registerRoute(app, c.superAdminVideo, ({ auth, body }) => content.superAdminVideo(auth, body));

  registerRoute(app, q.superAdminCreate, ({ auth, body }) =>
    quizzes.create(auth, body, 'platform'),
  );
  registerRoute(app, q.adminCreate, ({ auth, body }) => quizzes.create(auth, body, 'organisation'));
  registerRoute(app, q.superAdminFetch, ({ auth, body }) =>
    quizzes.authorFetch(auth, body.meetingId, 'platform'),
  );
  registerRoute(app, q.adminFetch, ({ auth, body }) =>
    quizzes.authorFetch(auth, body.meetingId, 'organisation'),
  );
  registerRoute(app, q.generate, ({ auth, body }) => quizzes.generate(auth, body));
  registerRoute(app, q.fetch, ({ auth, body }) => quizzes.fetch(auth, body.meetingId));
  registerRoute(app, q.remove, ({ auth, body }) => quizzes.remove(auth, body.meetingId));

  registerRoute(app, a.attempt, ({ auth, params }) => quizzes.attempt(auth, params.quizId));
  registerRoute(app, a.answer, ({ auth, params, body }) =>
    quizzes.answer(auth, params.attemptId, body),
  );
  registerRoute(app, a.submit, ({ auth, params }) => quizzes.submit(auth, params.attemptId));
  registerRoute(app, a.updateScore, ({ auth, body }) => progress.updateScore(auth, body));

  registerRoute(app, p.save, ({ auth, body }) => progress.save(auth, body));
  registerRoute(app, p.mine, ({ auth, query }) => progress.mine(auth, query.stage));
  registerRoute(app, p.team, ({ auth, query, body }) =>
    progress.team(auth, query.search, body.stage),
  );
}
