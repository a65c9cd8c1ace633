import type { FastifyInstance } from 'fastify';
import { withLocalFile } from '../../platform/media/local-file.js';
import type { Db } from '../../platform/db/client.js';
import type { Mailer } from '../../platform/mail.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import { notFound } from '../../platform/errors.js';
import type { MeetingsService } from '../meetings/service.js';
import { templatesFromClip, verifyVideo, type Turn } from './biometrics.js';
import { createParticipantsRepo } from './repo.js';
import { registerParticipantRoutes } from './routes.js';
import { createParticipantsService } from './service.js';

/** Participants composed from the database, meetings, the store, the mailer and the face library. */
export function createParticipantsModule(deps: {
  db: Db;
  meetings: MeetingsService;
  resolveStore: StoreResolver;
  secrets: SecretBox;
  mailer: Mailer;
  turnsOf(meetingId: string): Promise<Turn[]>;
  appSecret: string;
  publicUrl: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}) {
  const service = createParticipantsService({
    ...deps,
    repo: createParticipantsRepo(deps.db),
    engine: {
      templatesFromClip,
      async verifyMeeting(meetingId, turns, candidates) {
        const row = await deps.meetings.rowById(meetingId);
        // The playable rendition when there is one (always a video), else the upload.
        const key = row?.playbackKey ?? row?.sourceKey;
        if (!row || !key) throw notFound('The meeting has no video yet');
        const store = await deps.resolveStore(row.organizationId, row.storageProvider);
        return withLocalFile(store, key, (file) => verifyVideo(file, turns, candidates));
      },
    },
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerParticipantRoutes(api, service),
  };
}
