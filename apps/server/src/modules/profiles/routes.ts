import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { PROFILE_IMAGE, PROFILE_MESSAGES as M, profileRoutes as r } from '@parley/contracts';
import { AppError, badRequest } from '../../platform/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { registerRoute } from '../../platform/http/route.js';
import type { ProfilesService } from './service.js';

/**
 * The picture from a multipart form (field PROFILE_IMAGE.field). The size limit is a 413 with
 * a message the form can show; a request that is not a form, or has no file, is a 400.
 */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  const image = await readMultipart(
    async () => {
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === PROFILE_IMAGE.field) {
          return await part.toBuffer();
        }
        if (part.type === 'file') part.file.resume();
      }
      return null;
    },
    { tooLarge: () => new AppError(413, M.tooLarge), notMultipart: () => badRequest(M.noFile) },
  );
  if (!image) throw badRequest(M.noFile);
  return image;
}

export async function registerProfileRoutes(app: FastifyInstance, profiles: ProfilesService) {
  registerRoute(app, r.getUser, ({ auth }) => profiles.profile(auth));
  registerRoute(app, r.updateUser, ({ auth, body }) => profiles.updateProfile(auth, body));
  registerRoute(app, r.deleteUserImage, ({ auth }) => profiles.removePicture(auth));
  registerRoute(app, r.getSettings, ({ auth }) => profiles.settings(auth));
  registerRoute(app, r.updateSettings, ({ auth, body }) => profiles.updateSettings(auth, body));
  registerRoute(app, r.getOrganization, ({ auth }) => profiles.organization(auth));
  registerRoute(app, r.updateOrganization, ({ auth, body }) =>
    profiles.renameOrganization(auth, body.name),
  );
  registerRoute(app, r.getOrganizationSettings, ({ auth }) => profiles.organizationSettings(auth));
  registerRoute(app, r.updateOrganizationSettings, ({ auth, body }) =>
    profiles.updateOrganizationSettings(auth, body),
  );
  registerRoute(app, r.deleteOrganizationImage, ({ auth }) => profiles.removeLogo(auth));

  // Only the two upload routes parse multipart, with limits that fit one picture.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PROFILE_IMAGE.maxBytes, files: 1, fields: 2, fieldSize: 256, parts: 3 },
    });
    registerRoute(scope, r.uploadUserImage, async ({ auth, request }) =>
      profiles.setPicture(auth, await readImage(request)),
    );
    registerRoute(scope, r.uploadOrganizationImage, async ({ auth, request }) =>
      profiles.setLogo(auth, await readImage(request)),
    );
  });
}
