import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROFILE_IMAGE, PROFILE_MESSAGES as M } from '@parley/contracts';
import { forbidden, notFound } from '../../platform/errors.js';
import type { ImageLinks } from '../../platform/media/image-links.js';
import { SQUARE_IMAGE_TYPE } from '../../platform/media/images.js';
import type { ProfilesService } from './service.js';

const params = z.object({ owner: z.enum(PROFILE_IMAGE.owners), id: z.string().max(64) });
const query = z.object({
  v: z.string().max(64).default(''),
  exp: z.string().max(16).default(''),
  token: z.string().max(128).default(''),
});

/**
 * GET /profile-images/:owner/:id?v&exp&token: a profile picture or logo. The signed query is
 * the only permission (an <img> sends no bearer header); it names the image, so the link of a
 * replaced or removed picture answers 404.
 */
export function registerImageRoute(
  app: FastifyInstance,
  profiles: ProfilesService,
  links: ImageLinks,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    PROFILE_IMAGE.path,
    {
      schema: {
        summary: 'A profile picture or organisation logo (signed link)',
        tags: ['profile'],
        params,
        querystring: query,
      },
    },
    async (request, reply) => {
      const { owner, id } = request.params;
      const { v, exp, token } = request.query;
      if (!links.verify(owner, id, v, exp, token)) throw forbidden(M.imageLinkInvalid);
      const { store, key } = await profiles.imageObject(owner, id, v);
      const info = await store.info(key);
      if (!info) throw notFound(M.imageNotFound);
      return reply
        .header('Content-Type', SQUARE_IMAGE_TYPE)
        .header('Content-Length', info.size)
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(await store.get(key));
    },
  );
}
