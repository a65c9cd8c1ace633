import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MEETING_MESSAGES as M,
  STORAGE_PROVIDERS,
  UPLOAD,
  uploadChunkQuery,
  uploadChunkResponse,
  uploadRouteSets,
  type StorageProvider,
} from '@parley/contracts';
import { badRequest, unauthorized } from '../../platform/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { authorise, registerRoute } from '../../platform/http/route.js';
import type { UploadsService } from './service.js';

/** Form fields of a chunk besides the file; anything longer is not one of ours. */
const FIELD_LIMIT = 256;

interface ChunkForm {
  index?: string;
  blockId?: string;
  body?: Buffer;
}

/**
 * Reads the chunk form (index, file, blockId) in whatever order the fields come. A file part
 * over the chunk size makes @fastify/multipart fail with its 413 error, which is a 400 here:
 * the request is malformed for this protocol, not too large for the server.
 */
async function readChunkForm(request: FastifyRequest): Promise<ChunkForm> {
  const form: ChunkForm = {};
  await readMultipart(
    async () => {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const data of part.file) chunks.push(data as Buffer);
          form.body = Buffer.concat(chunks);
        } else if (part.fieldname === 'index' || part.fieldname === 'blockId') {
          form[part.fieldname] = String(part.value);
        }
      }
    },
    {
      tooLarge: () => badRequest(M.chunkTooLarge),
      notMultipart: () => badRequest(M.chunkNoFile),
    },
  );
  return form;
}

function registerChunkRoute(
  app: FastifyInstance,
  uploads: UploadsService,
  provider: StorageProvider,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    uploadRouteSets[provider].chunkPath,
    {
      schema: {
        summary: `Send one chunk of a ${provider} upload (multipart: index, file${provider === 'azure' ? ', blockId' : ''})`,
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        querystring: uploadChunkQuery,
        response: { 200: uploadChunkResponse },
      },
      // The same bearer and permission check registerRoute gives JSON routes, before the
      // query is validated; a chunk belongs to an upload, so it needs what starting one needs.
      onRequest: async (request) => {
        await authorise(app, request, {
          method: 'POST',
          path: uploadRouteSets[provider].chunkPath,
          permission: uploadRouteSets[provider].initiate.permission,
        });
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const form = await readChunkForm(request);
      if (!form.body) throw badRequest(M.chunkNoFile);
      if (!form.index || !/^\d{1,9}$/.test(form.index)) throw badRequest('Invalid chunk index');
      return uploads.putChunk(auth, provider, request.query.uploadId, {
        index: Number(form.index),
        ...(form.blockId ? { blockId: form.blockId } : {}),
        body: form.body,
      });
    },
  );
}

/** initiate-upload, upload-chunk and complete-upload for each store (uploadRouteSets). */
export async function registerUploadRoutes(app: FastifyInstance, uploads: UploadsService) {
  for (const provider of STORAGE_PROVIDERS) {
    const routes = uploadRouteSets[provider];
    registerRoute(app, routes.initiate, ({ auth, body }) => uploads.initiate(auth, provider, body));
    registerRoute(app, routes.complete, ({ auth, body }) => uploads.complete(auth, provider, body));
  }
  // Multipart parsing only where chunks arrive, with limits that fit one chunk.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: UPLOAD.chunkSize,
        files: 1,
        fields: 4,
        fieldSize: FIELD_LIMIT,
        parts: 5,
      },
    });
    for (const provider of STORAGE_PROVIDERS) registerChunkRoute(scope, uploads, provider);
  });
}
