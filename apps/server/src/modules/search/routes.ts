import type { FastifyInstance } from 'fastify';
import { searchRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { SearchService } from './service.js';

export function registerSearchRoutes(app: FastifyInstance, search: SearchService): void {
  registerRoute(app, searchRoutes.transcripts, ({ auth, query }) => search.search(auth, query));
}
