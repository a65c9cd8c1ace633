import {
  SHARING_MESSAGES as S,
  isFeatureAvailable,
  type RouteResponse,
  type sharingRoutes,
} from '@parley/contracts';
import { deriveKey, hmacHex, randomToken } from '../../platform/crypto.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { MeetingsService } from '../meetings/index.js';
import type { TranscriptsService } from '../transcripts/index.js';
import type { UsersService } from '../users/index.js';
import type { SharingRepo } from './repo.js';
import type { Caller } from '../../platform/http/caller.js';

export interface SharingDeps {
  repo: SharingRepo;
  meetings: MeetingsService;
  transcripts: TranscriptsService;
  users: UsersService;
  secrets: SecretBox;
  appSecret: string;
  /** APP_SECRET_PREVIOUS during a rotation: links hashed under it still open until rotated. */
  previousAppSecrets?: readonly string[];
  publicUrl: string;
  now: () => Date;
}

type LinkStatus = RouteResponse<typeof sharingRoutes.publicStatus>;
type PublicView = RouteResponse<typeof sharingRoutes.publicView>;

/** 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DISABLED: LinkStatus = { isEnabled: false, shareLink: null };

/**
 * Sharing a meeting with people of the same organisation, and its public link. The link's
 * token is stored as an HMAC (what a lookup compares) and sealed with the secret box under
 * the meeting's id (so the owner can see the link again); neither reveals it from the
 * database alone. Managing shares and the link is for whoever may manage the meeting.
 */
/** A public link as its media links name it (MediaGrant): a prefix of its token's hash. */
const publicLinkRef = (tokenHash: string) => tokenHash.slice(0, 32);

/** What a public link's sealed token is bound to (rotate-secrets seals it again under it). */
export const publicLinkSealContext = (meetingId: string) => `public-link:${meetingId}`;

/** The token's HMAC a lookup compares; under a new APP_SECRET rotate-secrets recomputes it. */
export function publicLinkHasher(appSecret: string) {
  const hashKey = deriveKey(appSecret, 'public-link');
  return (token: string) => hmacHex(hashKey, token);
}

export function createSharingService(deps: SharingDeps) {
  const { repo, meetings, users, secrets, now } = deps;
  const hashOf = publicLinkHasher(deps.appSecret);
  const hashers = [hashOf, ...(deps.previousAppSecrets ?? []).map(publicLinkHasher)];
  const linkOf = (token: string) => `${deps.publicUrl}/public/view/${token}`;
  const sealContext = publicLinkSealContext;

  async function managed(auth: Caller, meetingId: string) {
    const row = await meetings.visible(auth, meetingId);
    if (!meetings.canManage(auth, row)) throw forbidden();
    return row;
  }

  async function colleague(organizationId: string, email: string) {
    const user = await users.byEmail(email);
    if (!user || user.organizationId !== organizationId) throw notFound(S.userNotFound);
    return user;
  }

  async function status(meetingId: string): Promise<LinkStatus> {
    const link = await repo.publicLink(meetingId);
    if (!link) return DISABLED;
    try {
      const token = secrets.open(link.tokenSealed, sealContext(meetingId));
      return { isEnabled: true, shareLink: typeof token === 'string' ? linkOf(token) : null };
    } catch {
      // Sealed under an earlier APP_SECRET: still enabled, but only a new link can be shown.
      return { isEnabled: true, shareLink: null };
    }
  }

  return {
    async orgUsers(auth: Caller, search: string | undefined) {
      const found = await users.inOrganization(auth.organizationId, search, 21);
      return found.filter((u) => u.id !== auth.userId).slice(0, 20);
    },

    async shareWith(auth: Caller, meetingId: string, email: string) {
      const row = await managed(auth, meetingId);
      const user = await colleague(row.organizationId, email);
      if (user.id === row.ownerId) throw badRequest(S.ownerAlready);
      await repo.share(row.id, user.id, auth.userId, now());
      return { message: S.shared };
    },

    /** Revoking a share that does not exist is not an error: the outcome is the same. */
    async revoke(auth: Caller, meetingId: string, email: string) {
      const row = await managed(auth, meetingId);
      const user = await colleague(row.organizationId, email);
      await repo.revoke(row.id, user.id);
      return { message: S.revoked };
    },

    async sharedUsers(auth: Caller, meetingId: string) {
      const row = await managed(auth, meetingId);
      return repo.sharedUsers(row.id);
    },

    /**
     * Whether a media link signed for a public link still holds: the meeting's link is the same
     * one (revoking deletes it; a new link has a new hash).
     */
    async publicLinkStillValid(meetingId: string, ref: string): Promise<boolean> {
      const link = await repo.publicLink(meetingId);
      return Boolean(link && publicLinkRef(link.tokenHash) === ref);
    },

    async publicStatus(auth: Caller, meetingId: string): Promise<LinkStatus> {
      return status((await managed(auth, meetingId)).id);
    },

    /** Enables the link; when it is enabled already, the same link is shown again. */
    async publicCreate(auth: Caller, meetingId: string): Promise<LinkStatus> {
      const row = await managed(auth, meetingId);
      const current = await status(row.id);
      if (current.shareLink) return current;
      const token = randomToken(32);
      await repo.setPublicLink(
        {
          meetingId: row.id,
          tokenHash: hashOf(token),
          tokenSealed: secrets.seal(token, sealContext(row.id)),
          createdBy: auth.userId,
        },
        now(),
      );
      return { isEnabled: true, shareLink: linkOf(token) };
    },

    async publicRevoke(auth: Caller, meetingId: string): Promise<LinkStatus> {
      const row = await managed(auth, meetingId);
      await repo.removePublicLink(row.id);
      return DISABLED;
    },

    /** No sign-in: the token alone names the meeting; unknown or revoked tokens are 404. */
    async publicView(token: string): Promise<PublicView> {
      let link = null;
      for (const hash of TOKEN.test(token) ? hashers : []) {
        link = await repo.publicLinkByHash(hash(token));
        if (link) break;
      }
      const meeting = link
        ? await meetings.forPublicLink(link.meetingId, publicLinkRef(link.tokenHash))
        : null;
      if (!meeting) throw notFound(S.linkUnavailable);
      // The link shares what the organisation has, no more: without Zai Intelligence the
      // transcript stays locked here too (diarization and talk time come with every plan).
      const withText = isFeatureAvailable(
        await users.featureHolder(meeting.ownerId),
        'Zai Intelligence',
      );
      return {
        meetingInfo: {
          meetingName: meeting.meetingName,
          meetingCode: meeting.meetingCode,
          startTime: meeting.startTime,
          duration: meeting.duration,
          durationSec: meeting.durationSec,
          storageLink: meeting.storageLink,
          imageLink: meeting.imageLink,
          inferenceStatus: meeting.inferenceStatus,
        },
        ...(await deps.transcripts.published(meeting, withText)),
      };
    },
  };
}
export type SharingService = ReturnType<typeof createSharingService>;
