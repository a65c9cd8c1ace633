import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { MediaTools } from '../../platform/media/ffmpeg.js';
import type { MediaGrant, MediaLinks } from '../../platform/media/links.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { BillingService } from '../billing/index.js';
import type { UsersService } from '../users/index.js';
import { announceStatus } from './announce.js';
import { createMeetingListRepo } from './list-repo.js';
import { createMeetingListsService } from './lists.js';
import { registerMediaRoute } from './media-route.js';
import { processMeetingMedia } from './media-step.js';
import { createMeetingsRepo, type MeetingRow } from './repo.js';
import { registerMeetingRoutes } from './routes.js';
import { createMeetingsService } from './service.js';

export interface MeetingsNeeds {
  db: Db;
  resolveStore: StoreResolver;
  links: MediaLinks;
  mediaTools: MediaTools;
  broadcaster: MeetingBroadcaster;
  /** The credits left, shown with the usage lists. */
  plans: BillingService;
  /** Whom a signed media link was handed to: their permission is checked again on use. */
  users: UsersService;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** Whether a public link (named in a media link by a prefix of its token's hash) still holds. */
export type PublicLinkCheck = (meetingId: string, publicLink: string) => Promise<boolean>;

/** Whether someone who cannot see a meeting may still play it (a training video they learn from). */
export type WatchCheck = (
  viewer: { organizationId: string; permissions: readonly string[] },
  meetingId: string,
) => Promise<boolean>;

/**
 * Meetings, their lists (under the visibility rule) and their media. `service.onCreated` is
 * how the analysis module starts a run for each new meeting.
 */
export function createMeetingsModule(needs: MeetingsNeeds) {
  const { db, resolveStore, links, broadcaster, now, log } = needs;
  const repo = createMeetingsRepo(db);
  // The media step announces each status change it makes.
  const onChange = (row: MeetingRow) => announceStatus(broadcaster, row);
  const service = createMeetingsService({
    repo,
    resolveStore,
    links,
    processMedia: (meetingId) =>
      processMeetingMedia(
        { repo, resolveStore, tools: needs.mediaTools, now, onChange, log },
        meetingId,
      ),
    broadcaster,
    now,
    log,
  });
  const lists = createMeetingListsService({
    listRepo: createMeetingListRepo(db),
    links,
    now,
    remainingCredits: (organizationId, userId) =>
      needs.plans.remainingCredits(organizationId, userId),
  });

  // Set by the coaching module, created after this one.
  let watchable: WatchCheck = async () => false;

  /** Whether a signed media link's permission still holds: revoking a share or link ends it. */
  async function grantHolds(
    grant: MediaGrant,
    meetingId: string,
    publicLinkHolds: PublicLinkCheck,
  ) {
    if ('publicLink' in grant) return publicLinkHolds(meetingId, grant.publicLink);
    const access = await needs.users.access(grant.userId);
    if (!access) return false;
    return (
      (await service.canView({ userId: grant.userId, ...access }, meetingId)) ||
      watchable(access, meetingId)
    );
  }

  return {
    service,
    lists,
    /** Who else may play a meeting's media through their signed link (training videos). */
    allowWatching(check: WatchCheck): void {
      watchable = check;
    },
    /** Public links belong to sharing, created after meetings: its check comes with the routes. */
    registerRoutes(api: FastifyInstance, publicLinkHolds: PublicLinkCheck): void {
      registerMeetingRoutes(api, service, lists);
      registerMediaRoute(api, service, links, (grant, meetingId) =>
        grantHolds(grant, meetingId, publicLinkHolds),
      );
    },
  };
}
