import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA, MEETING_MESSAGES as M, type MediaKind } from '@parley/contracts';
import { errorBody, forbidden, notFound } from '../../platform/errors.js';
import { parseRange } from '../../platform/http/range.js';
import type { MediaGrant, MediaLinks } from '../../platform/media/links.js';
import { contentTypeFor } from '../../platform/storage/cloud.js';
import type { MeetingsService } from './service.js';

const params = z.object({ meetingId: z.string(), kind: z.enum(MEDIA.kinds) });
const query = z.object({
  token: z.string().optional(),
  exp: z.string().optional(),
  sub: z.string().optional(),
});

/**
 * GET /media/:meetingId/:kind streams a meeting's video or thumbnail with byte ranges
 * (206, Accept-Ranges, Content-Range), so players can seek without downloading everything.
 *
 * Permission comes from the signed query (?token&exp&sub) the meeting response carries; a bad
 * or expired signature is 403, and so is a link whose grant no longer holds (`grantHolds`: the
 * share or public link it was handed out under was revoked). Without a signature, a bearer
 * token of someone who can see the meeting works too, and anyone else gets 404 like every other
 * meeting call.
 * S3 and Azure media is streamed through as well; a redirect to a presigned URL can come later.
 */
export function registerMediaRoute(
  app: FastifyInstance,
  meetings: MeetingsService,
  links: MediaLinks,
  grantHolds: (grant: MediaGrant, meetingId: string) => Promise<boolean>,
): void {
  async function allowed(request: FastifyRequest, meetingId: string, kind: MediaKind) {
    const { token, exp, sub } = request.query as z.output<typeof query>;
    if (token !== undefined || exp !== undefined || sub !== undefined) {
      const grant = token && exp && sub ? links.verify(meetingId, kind, token, exp, sub) : null;
      if (!grant || !(await grantHolds(grant, meetingId))) throw forbidden(M.mediaLinkInvalid);
      return;
    }
    const auth = await app.authenticate(request);
    if (!auth) throw forbidden(M.mediaLinkInvalid);
    request.auth = auth;
    await meetings.visible(auth, meetingId);
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    MEDIA.path,
    {
      schema: {
        summary: 'Stream a meeting’s video or thumbnail (signed link or bearer; byte ranges)',
        tags: ['meetings'],
        params,
        querystring: query,
      },
    },
    async (request, reply) => {
      const { meetingId, kind } = request.params;
      await allowed(request, meetingId, kind);
      const { key, store } = await meetings.mediaObject(meetingId, kind);
      const info = await store.info(key);
      if (!info) throw notFound(M.noMedia);

      const range = parseRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('Content-Range', `bytes */${info.size}`)
          .send(errorBody(416, 'The requested range is outside the file'));
      }
      reply
        .header('Accept-Ranges', 'bytes')
        .header(
          'Content-Type',
          info.contentType ?? contentTypeFor(key) ?? 'application/octet-stream',
        )
        // The link is the permission, checked on every request (it can be revoked): browsers
        // may keep the bytes briefly, shared caches not at all.
        .header('Cache-Control', 'private, max-age=60');
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
          .header('Content-Length', range.end - range.start + 1);
        return reply.send(await store.get(key, range));
      }
      reply.header('Content-Length', info.size);
      return reply.send(await store.get(key));
    },
  );
}
