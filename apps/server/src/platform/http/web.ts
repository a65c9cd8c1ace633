import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@parley/contracts';
import { errorBody } from '../errors.js';

/**
 * Serves the built single-page app; unknown non-API GETs get index.html so client routes
 * work on reload, and unknown API paths get the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/socket.io');
    if (hasWeb && request.method === 'GET' && !isApi) {
      const file = request.url.split('?')[0] ?? '/';
      if (path.extname(file) && !file.endsWith('.html')) {
        return reply.status(404).send(errorBody(404, 'The requested resource could not be found'));
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const message = request.url.startsWith(API_PREFIX)
      ? 'The requested resource could not be found'
      : 'Not found';
    return reply.status(404).send(errorBody(404, message));
  });
}
