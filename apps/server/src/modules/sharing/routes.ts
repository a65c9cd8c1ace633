import type { FastifyInstance } from 'fastify';
import { sharingRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { SharingService } from './service.js';

/** Sharing routes except GET share (meetings shared with me), which the meetings lists serve. */
export function registerSharingRoutes(app: FastifyInstance, sharing: SharingService): void {
  registerRoute(app, sharingRoutes.orgUsers, ({ auth, query }) =>
    sharing.orgUsers(auth, query.search),
  );
  registerRoute(app, sharingRoutes.shareWith, ({ auth, params, body }) =>
    sharing.shareWith(auth, params.meetingId, body.email),
  );
  registerRoute(app, sharingRoutes.revoke, ({ auth, params, body }) =>
    sharing.revoke(auth, params.meetingId, body.email),
  );
  registerRoute(app, sharingRoutes.sharedUsers, ({ auth, params }) =>
    sharing.sharedUsers(auth, params.meetingId),
  );
  registerRoute(app, sharingRoutes.publicStatus, ({ auth, params }) =>
    sharing.publicStatus(auth, params.meetingId),
  );
  registerRoute(app, sharingRoutes.publicCreate, ({ auth, params }) =>
    sharing.publicCreate(auth, params.meetingId),
  );
  registerRoute(app, sharingRoutes.publicRevoke, ({ auth, params }) =>
    sharing.publicRevoke(auth, params.meetingId),
  );
  registerRoute(app, sharingRoutes.publicView, ({ params }) => sharing.publicView(params.token));
}
