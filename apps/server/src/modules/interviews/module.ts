import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { Mailer } from '../../platform/mail.js';
import type { MediaLinks } from '../../platform/media/links.js';
import type { MeetingsService } from '../meetings/index.js';
import { createInterviewsRepo } from './repo.js';
import { registerInterviewRoutes } from './routes.js';
import { createInterviewsService, type InterviewsDeps } from './service.js';

export interface InterviewsNeeds {
  db: Db;
  meetings: MeetingsService;
  links: MediaLinks;
  mailer: Mailer;
  registrationLink: InterviewsDeps['registrationLink'];
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** Hiring: jobs, candidates, interviews by round and status, invitations to the next round. */
export function createInterviewsModule(deps: InterviewsNeeds) {
  const service = createInterviewsService({ ...deps, repo: createInterviewsRepo(deps.db) });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerInterviewRoutes(api, service),
  };
}
