import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@parley/contracts';
import { errorBody } from '../errors.js';

/** The built web app's index.html, or null when there is no build to serve. */
export function webIndexHtml(webDist: string | null): string | null {
  const file = webDist === null ? null : path.join(webDist, 'index.html');
  return file && existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * Vite names everything under /assets/ after its content, so a browser may keep those for a
 * year without asking again; any other file (index.html, the face detector's model, images
 * under fixed names) is checked with the server on each use.
 */
function setCacheHeaders(reply: FastifyReply, file: string): void {
  const hashed = file.split(path.sep)[0] === 'assets';
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/socket.io');

/**
 * A missing file, not a page: hashed assets always, and anything with an extension that the
 * browser is not opening as a page. A page is asked for with text/html, so a client route whose
 * last part only looks like a file name (a spec participant link ends in an e-mail address,
 * `/participants/invite-form/{organizationId}/ada@example.com`) still gets the app.
 */
function isMissingFile(file: string, accept: string | undefined): boolean {
  if (file.startsWith('/assets/')) return true;
  if (!path.extname(file) || file.endsWith('.html')) return false;
  return !accept?.includes('text/html');
}

/**
 * Serves the built single-page app; unknown non-API GETs get index.html so client routes
 * work on reload, and unknown API paths get the JSON 404. Client routes are a route rather
 * than the not-found handler so route hooks (compression) apply to index.html too.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  if (webDist !== null && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, file) => setCacheHeaders(reply, path.relative(webDist, file)),
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
      const file = request.url.split('?')[0] ?? '/';
      if (isMissingFile(file, request.headers.accept)) {
        return reply.status(404).send(errorBody(404, 'The requested resource could not be found'));
      }
      return reply.sendFile('index.html');
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const message = request.url.startsWith(API_PREFIX)
      ? 'The requested resource could not be found'
      : 'Not found';
    return reply.status(404).send(errorBody(404, message));
  });
}
