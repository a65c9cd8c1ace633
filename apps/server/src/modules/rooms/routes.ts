import type { FastifyInstance } from 'fastify';
import { roomRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { RoomsService } from './service.js';

export function registerRoomRoutes(app: FastifyInstance, rooms: RoomsService): void {
  registerRoute(app, roomRoutes.create, ({ auth, body }) => rooms.create(auth, body));
  registerRoute(app, roomRoutes.get, ({ auth, params }) => rooms.get(auth, params.meetingId));
  registerRoute(app, roomRoutes.guest, ({ params }) => rooms.guest(params.meetingId, params.token));
}
