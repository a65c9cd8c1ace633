import type { FastifyInstance } from 'fastify';
import { withLocalFile } from '../../platform/media/local-file.js';
import type { Db } from '../../platform/db/client.js';
import type { Mailer } from '../../platform/mail.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MeetingsService } from '../meetings/index.js';
import { templatesFromClip, verifyVideo, type BiometricEngine, type Turn } from './engine.js';
import { createParticipantsRepo } from './repo.js';
import { registerBiometricsRoutes } from './routes.js';
import { createRunRepo } from './run-repo.js';
import { createBiometricsService } from './service.js';
import { createVerification } from './verification.js';
import { createLiveVerification, type LiveAudioSource } from './live-verify.js';

/**
 * Participants composed from the database, meetings, the store, the mailer, the face library,
 * the job queue (verification runs as a job) and the meeting rooms (its progress).
 */
export function createBiometricsModule(deps: {
  db: Db;
  meetings: MeetingsService;
  resolveStore: StoreResolver;
  secrets: SecretBox;
  mailer: Mailer;
  queue: JobQueue;
  broadcaster: MeetingBroadcaster;
  turnsOf(meetingId: string): Promise<Turn[]>;
  /** The live calls' audio, for live verification. */
  live: LiveAudioSource;
  appSecret: string;
  publicUrl: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}) {
  const repo = createParticipantsRepo(deps.db);
  const engine: BiometricEngine = {
    templatesFromClip,
    async verifyMeeting(meeting, turns, candidates, onProgress) {
      // The playable rendition when there is one (always a video), else the upload.
      const key = meeting.playbackKey ?? meeting.sourceKey;
      if (!key) throw new Error('the meeting has no video');
      const store = await deps.resolveStore(meeting.organizationId, meeting.storageProvider);
      return withLocalFile(store, key, (file) => verifyVideo(file, turns, candidates, onProgress));
    },
  };
  const verification = createVerification({
    ...deps,
    repo,
    runs: createRunRepo(deps.db),
    engine,
  });
  const service = createBiometricsService({ ...deps, repo, engine, verification });
  const live = createLiveVerification({
    ...deps,
    repo,
    visible: (caller, meetingId) => deps.meetings.visible(caller, meetingId),
  });
  return {
    service,
    /** Runs the verification jobs (processes that run jobs: ROLE all or worker). */
    registerWorker: () => verification.registerWorker(),
    registerRoutes: (api: FastifyInstance) => registerBiometricsRoutes(api, service, live),
  };
}
