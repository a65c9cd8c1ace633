import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_USER_SETTINGS,
  PROFILE_IMAGE,
  PROFILE_MESSAGES as M,
  type ImageOwner,
  type OrganizationProfile,
  type OrganizationSettings,
  type SessionUser,
  type UpdateOrganizationSettingsBody,
  type UpdateProfileBody,
  type UserSettings,
} from '@parley/contracts';
import type { StoredImage } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { ImageLinks } from '../../platform/media/image-links.js';
import { SQUARE_IMAGE_TYPE, squareImage } from '../../platform/media/images.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import { organizationSummary, type OrganizationsService } from '../organizations/index.js';
import type { UsersService } from '../users/index.js';
import type { ProfilesRepo } from './repo.js';

export interface ProfilesDeps {
  repo: ProfilesRepo;
  users: UsersService;
  organizations: OrganizationsService;
  images: ImageLinks;
  resolveStore: StoreResolver;
  log: FastifyBaseLogger;
}

/** Own profile, own organisation's profile and logo, and own settings (spec 3 §7 Profile). */
export function createProfilesService(deps: ProfilesDeps) {
  const { repo, users, images, resolveStore, log } = deps;

  /** Resized and put in the organisation's media store under a fresh id. */
  async function storeImage(
    organizationId: string,
    owner: ImageOwner,
    ownerId: string,
    bytes: Buffer,
  ): Promise<StoredImage> {
    const square = await squareImage(bytes, PROFILE_IMAGE.size);
    const store = await resolveStore(organizationId);
    const id = randomUUID();
    const key = `${organizationId}/profile-images/${owner}-${ownerId}/${id}.webp`;
    await store.put(key, square, SQUARE_IMAGE_TYPE);
    return { id, provider: store.provider, key };
  }

  /** The replaced image's bytes; a failure leaves an orphan object, never a failed request. */
  async function discard(organizationId: string, image: StoredImage | null) {
    if (!image) return;
    try {
      await (await resolveStore(organizationId, image.provider)).delete(image.key);
    } catch (err) {
      log.warn({ err, key: image.key }, 'could not delete a replaced profile image');
    }
  }

  /** Where one image is kept: the caller's own picture, or their organisation's logo. */
  interface ImageSlot {
    read(): Promise<StoredImage | null>;
    write(image: StoredImage | null): Promise<void>;
  }
  const pictureSlot = (caller: Caller): ImageSlot => ({
    read: () => repo.userImage(caller.userId),
    write: (image) => repo.setUserImage(caller.userId, image),
  });
  const logoSlot = (caller: Caller): ImageSlot => ({
    read: () => repo.logo(caller.organizationId),
    write: (image) => repo.setLogo(caller.organizationId, image),
  });

  async function replace(organizationId: string, slot: ImageSlot, next: StoredImage | null) {
    const previous = await slot.read();
    await slot.write(next);
    await discard(organizationId, previous);
  }

  /** The caller's own organisation's analysis settings (the route needs organization.manage). */
  async function organizationSettings(caller: Caller): Promise<OrganizationSettings> {
    const settings = await repo.organizationSettings(caller.organizationId);
    if (!settings) throw notFound('Organization not found');
    return settings;
  }

  async function organization(caller: Caller): Promise<OrganizationProfile> {
    const org = await deps.organizations.byId(caller.organizationId);
    if (!org) throw notFound('Organization not found');
    return organizationSummary(org, images);
  }

  const profile = (caller: Caller): Promise<SessionUser> => users.sessionUser(caller.userId);

  return {
    profile,

    async updateProfile(caller: Caller, body: UpdateProfileBody): Promise<SessionUser> {
      await repo.rename(caller.userId, body);
      return profile(caller);
    },

    async setPicture(caller: Caller, bytes: Buffer): Promise<SessionUser> {
      const image = await storeImage(caller.organizationId, 'user', caller.userId, bytes);
      await replace(caller.organizationId, pictureSlot(caller), image);
      return profile(caller);
    },

    async removePicture(caller: Caller): Promise<SessionUser> {
      await replace(caller.organizationId, pictureSlot(caller), null);
      return profile(caller);
    },

    organization,

    async renameOrganization(caller: Caller, name: string): Promise<OrganizationProfile> {
      await repo.renameOrganization(caller.organizationId, name);
      return organization(caller);
    },

    async setLogo(caller: Caller, bytes: Buffer): Promise<OrganizationProfile> {
      const orgId = caller.organizationId;
      const logo = await storeImage(orgId, 'organization', orgId, bytes);
      await replace(orgId, logoSlot(caller), logo);
      return organization(caller);
    },

    async removeLogo(caller: Caller): Promise<OrganizationProfile> {
      await replace(caller.organizationId, logoSlot(caller), null);
      return organization(caller);
    },

    organizationSettings,

    async updateOrganizationSettings(
      caller: Caller,
      patch: UpdateOrganizationSettingsBody,
    ): Promise<OrganizationSettings> {
      await repo.updateOrganizationSettings(caller.organizationId, patch);
      return organizationSettings(caller);
    },

    async settings(caller: Caller): Promise<UserSettings> {
      return { ...DEFAULT_USER_SETTINGS, ...(await repo.settings(caller.userId)) };
    },

    async updateSettings(caller: Caller, patch: Partial<UserSettings>): Promise<UserSettings> {
      return { ...DEFAULT_USER_SETTINGS, ...(await repo.mergeSettings(caller.userId, patch)) };
    },

    /**
     * The object behind a signed image link, if `imageId` is still the owner's current image:
     * a replaced or removed picture is gone for every link handed out before.
     */
    async imageObject(owner: ImageOwner, ownerId: string, imageId: string) {
      const found =
        owner === 'user'
          ? await users
              .byId(ownerId)
              .then((u) => u && { orgId: u.organizationId, image: u.profileImage })
          : await repo.logo(ownerId).then((image) => ({ orgId: ownerId, image }));
      if (!found?.image || found.image.id !== imageId) throw notFound(M.imageNotFound);
      const store = await resolveStore(found.orgId, found.image.provider);
      return { store, key: found.image.key };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
