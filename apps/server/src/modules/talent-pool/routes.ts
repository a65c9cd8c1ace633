import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  MOCK_RUN_LIMITS,
  MOCK_RUN_MEDIA_TYPES,
  RESUME_LIMITS,
  mockFeedbackRoutes as fb,
  mockRunRoutes as run,
  TALENT_PROFILE_MESSAGES as M,
  talentCatalogRoutes as c,
  talentProfileRoutes as p,
  talentProgressRoutes as g,
} from '@parley/contracts';
import { AppError, badRequest } from '../../platform/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { registerRoute } from '../../platform/http/route.js';
import type { TalentCatalogService } from './catalog-service.js';
import type { FeedbackService } from './feedback-service.js';
import type { TalentProgressService } from './progress-service.js';
import type { MockRunService } from './run-service.js';
import type { ProfileForm, TalentPoolService } from './service.js';

/** Room for the JSON of a long profile (80 skills, 40 jobs with their descriptions). */
const FIELD_BYTES = 256 * 1024;

/** The profile form: the resume file (optional) and the two JSON fields (optional). */
async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  return readMultipart(
    async () => {
      const form: ProfileForm = { file: null, profileData: null, workExperience: null };
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== RESUME_LIMITS.field || form.file) {
            part.file.resume();
            continue;
          }
          const bytes = await part.toBuffer();
          // A file at exactly the limit is cut there by busboy: it was larger.
          if (part.file.truncated) throw new AppError(413, M.tooLarge);
          form.file = { bytes, fileName: part.filename };
        } else if (part.fieldname === 'profileData' || part.fieldname === 'workExperience') {
          if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`);
          form[part.fieldname] = String(part.value);
        }
      }
      return form;
    },
    { tooLarge: () => new AppError(413, M.tooLarge), notMultipart: () => badRequest(M.notAResume) },
  );
}

export async function registerTalentPoolRoutes(
  app: FastifyInstance,
  {
    catalog,
    service: talent,
    progress,
    mockRun,
    feedback,
  }: {
    catalog: TalentCatalogService;
    service: TalentPoolService;
    progress: TalentProgressService;
    mockRun: MockRunService;
    feedback: FeedbackService;
  },
) {
  registerRoute(app, c.companiesAll, () => catalog.activeCompanies());
  registerRoute(app, c.companyQuery, ({ query }) => catalog.companyPage(query));
  registerRoute(app, c.createCompany, ({ body }) => catalog.createCompany(body));
  registerRoute(app, c.updateCompany, ({ params, body }) => catalog.updateCompany(params.id, body));
  registerRoute(app, c.deleteCompany, ({ params }) => catalog.deleteCompany(params.id));
  registerRoute(app, c.roleLevel, () => catalog.roleLevel());
  registerRoute(app, c.roleQuery, ({ query }) => catalog.rolePage(query));
  registerRoute(app, c.createRole, ({ body }) => catalog.createRole(body));
  registerRoute(app, c.updateRole, ({ params, body }) => catalog.updateRole(params.id, body));
  registerRoute(app, c.deleteRole, ({ params }) => catalog.deleteRole(params.id));

  registerRoute(app, p.getProfile, ({ auth, body }) => talent.profile(auth, body.email));
  registerRoute(app, p.deleteResume, ({ auth, body }) => talent.deleteResume(auth, body.email));
  registerRoute(app, p.createMockInterview, ({ auth, body }) =>
    talent.createMockInterview(auth, body),
  );
  registerRoute(app, p.getMockInterview, ({ auth, params }) =>
    talent.mockInterview(auth, params.id),
  );
  registerRoute(app, p.listMockInterviews, ({ auth }) => talent.mockInterviews(auth));
  registerRoute(app, p.listMockInterviewsByEmail, ({ auth, body }) =>
    talent.mockInterviews(auth, body.email),
  );
  registerRoute(app, g.submitMockInterview, ({ auth, body }) => progress.submit(auth, body));
  registerRoute(app, g.practiceMeetings, ({ auth, query }) => progress.meetings(auth, query));
  registerRoute(app, g.practiceAnalysis, ({ auth, body }) => progress.analysis(auth, body.year));

  registerRoute(app, run.start, ({ auth, params }) => mockRun.start(auth, params.id));
  registerRoute(app, fb.feedback, ({ auth, params }) => feedback.feedback(auth, params.id));
  registerRoute(app, fb.goals, ({ auth }) => feedback.goals(auth));
  registerRoute(app, fb.createGoal, ({ auth, body }) => feedback.createGoal(auth, body));
  registerRoute(app, fb.updateGoal, ({ auth, params, body }) =>
    feedback.updateGoal(auth, params.id, body),
  );
  registerRoute(app, fb.deleteGoal, ({ auth, params }) => feedback.deleteGoal(auth, params.id));
  registerRoute(app, run.finish, ({ auth, params }) => mockRun.finish(auth, params.id));
  // The recording's slices and the answers' audio come as raw bytes. The parser lets a little
  // more than the limits through so the service answers with its own message.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      [...MOCK_RUN_MEDIA_TYPES],
      { parseAs: 'buffer', bodyLimit: MOCK_RUN_LIMITS.answerMaxBytes * 2 },
      (_req, body, done) => done(null, body),
    );
    const bytes = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    registerRoute(scope, run.chunk, ({ auth, params, query, request }) =>
      mockRun.chunk(auth, params.id, query.index, bytes(request.body)),
    );
    registerRoute(scope, run.answerAudio, ({ auth, params, query, request }) =>
      mockRun.answerAudio(auth, params.id, query, bytes(request.body)),
    );
    registerRoute(scope, run.answer, ({ auth, params, query, request }) =>
      mockRun.answer(auth, params.id, query, bytes(request.body)),
    );
  });

  // Only the profile route parses multipart, with limits that fit one resume.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: RESUME_LIMITS.maxBytes,
        files: 1,
        fields: 2,
        fieldSize: FIELD_BYTES,
        parts: 3,
      },
    });
    registerRoute(scope, p.saveProfile, async ({ auth, request }) =>
      talent.saveProfile(auth, await readProfileForm(request)),
    );
  });
}
