import path from 'node:path';
import {
  MEETING_MESSAGES as M,
  UPLOAD,
  UPLOAD_MESSAGES,
  type Meeting,
  type MediaKind,
  type MediaNotice,
  type StorageProvider,
} from '@parley/contracts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { MediaLinks } from '../../platform/media/links.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { ObjectStore } from '../../platform/storage/types.js';
import { announceStatus } from './announce.js';
import { createLiveMeetings } from './live-meetings.js';
import { derivedPrefix, type MediaOutcome } from './media-step.js';
import { isUniqueViolation, type MeetingRow, type MeetingsRepo } from './repo.js';
import { canManage } from './visibility.js';
import { nameOf, searchTextOf, toMeeting } from './view.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';

export interface MeetingsDeps {
  repo: MeetingsRepo;
  resolveStore: StoreResolver;
  links: MediaLinks;
  /** The media step (probe, thumbnail, playable rendition); the analysis queue runs it. */
  processMedia(meetingId: string): Promise<MediaOutcome>;
  broadcaster: MeetingBroadcaster;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** A stored file becoming a meeting (chunked upload or a file already in storage). */
export interface NewFileMeeting {
  provider: StorageProvider;
  key: string;
  fileName: string;
  sizeBytes: number;
  mimeType: string | null;
  stage: MeetingRow['stage'];
  title: string | null;
}

const ACCEPTED: readonly string[] = [...UPLOAD.videoExtensions, ...UPLOAD.audioExtensions];

/** 400 unless the name ends in an accepted media extension (spec 1 §5, spec 2 §7). */
export function checkMediaFileName(fileName: string): void {
  if (!ACCEPTED.includes(path.extname(fileName).toLowerCase())) throw badRequest(M.unsupportedType);
}

/** Objects this product created for the meeting; a file the organisation had is left alone. */
export function ownedObjects(row: MeetingRow): string[] {
  const ours = (key: string) =>
    key.startsWith(`${row.organizationId}/uploads/`) || key.startsWith(`${derivedPrefix(row)}/`);
  const keys = [row.thumbnailKey, row.playbackKey, row.sourceKey].filter(
    (k): k is string => Boolean(k) && ours(k as string),
  );
  return [...new Set(keys)];
}

/** What runs on every meeting made from a stored file; answers the row as it is afterwards. */
export type CreatedHandler = (row: MeetingRow) => Promise<MeetingRow>;

export function createMeetingsService(deps: MeetingsDeps) {
  const { repo, links, now } = deps;
  /** The meeting as `userId` reads it: its media links carry that user's permission. */
  const view = (row: MeetingRow, userId: string | null): Meeting =>
    toMeeting(row, links, userId ? { userId } : null);
  const announce = (row: MeetingRow) => announceStatus(deps.broadcaster, row);
  // Set through onCreated once the analysis module exists (it is created after this service).
  let afterCreate: CreatedHandler = async (row) => row;
  // Modules created later that keep something in step with the speakers' names (trackers).
  const speakersNamed: ((meetingId: string) => Promise<void>)[] = [];

  async function visible(caller: Caller, id: string): Promise<MeetingRow> {
    const row = await repo.visibleById(caller, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function assertNewCode(organizationId: string, fileName: string): Promise<void> {
    if (await repo.codeExists(organizationId, fileName)) throw conflict(UPLOAD_MESSAGES.duplicate);
  }

  async function deleteObjects(row: MeetingRow): Promise<void> {
    const keys = ownedObjects(row);
    if (keys.length === 0) return;
    const store = await deps.resolveStore(row.organizationId, row.storageProvider);
    const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
    for (const r of results) {
      if (r.status === 'rejected')
        deps.log.warn({ err: r.reason, meetingId: row.id }, 'object left behind');
    }
  }

  /** Creates the meeting for a stored file and queues its analysis (onCreated). */
  async function createFromFile(auth: Caller, file: NewFileMeeting): Promise<Meeting> {
    let row: MeetingRow;
    try {
      row = await repo.insert({
        organizationId: auth.organizationId,
        ownerId: auth.userId,
        meetingName: nameOf(file.fileName),
        meetingCode: file.fileName,
        title: file.title,
        stage: file.stage,
        type: 'offline',
        startTime: now(),
        storageProvider: file.provider,
        sourceKey: file.key,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        searchText: searchTextOf(file.fileName, file.title),
        createdAt: now(),
        updatedAt: now(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(UPLOAD_MESSAGES.duplicate);
      throw err;
    }
    try {
      row = await afterCreate(row);
    } catch (err) {
      // The meeting exists and the upload is complete; it can still be started by hand.
      deps.log.warn({ err, meetingId: row.id }, 'could not queue the analysis of a new meeting');
    }
    return view(row, auth.userId);
  }

  return {
    /** Called after a meeting's speakers are named, with its id (trackers: whose side). */
    onSpeakersNamed(listener: (meetingId: string) => Promise<void>): void {
      speakersNamed.push(listener);
    },
    /** What runs on each meeting made from a stored file (the analysis queues its run). */
    onCreated(handler: CreatedHandler): void {
      afterCreate = handler;
    },
    view,
    /** The meeting if the caller may see it, else 404 (other organisations included). */
    visible,
    /** For the analysis pipeline, which works without a caller. */
    rowById: (id: string) => repo.byId(id),
    processMedia: (meetingId: string) => deps.processMedia(meetingId),
    canManage,
    announce,
    checkMediaFileName,
    assertNewCode,

    async get(caller: Caller, id: string): Promise<Meeting> {
      return view(await visible(caller, id), caller.userId);
    },

    /** The caller's own meeting with this code (a retried upload completion). */
    async byCodeFor(auth: Caller, meetingCode: string): Promise<Meeting | null> {
      const row = await repo.byCode(auth.organizationId, meetingCode);
      return row && row.ownerId === auth.userId ? view(row, auth.userId) : null;
    },

    /** A meeting the caller may see, by its code (the AI kit's paths); 404 otherwise. */
    async visibleByCode(caller: Caller, meetingCode: string): Promise<MeetingRow> {
      const row = await repo.byCode(caller.organizationId, meetingCode);
      return visible(caller, row?.id ?? '');
    },

    /**
     * A meeting reached through its public link: the link is the permission, and `publicLink`
     * (its reference, see MediaGrant) is what its media links carry.
     */
    async forPublicLink(meetingId: string, publicLink: string): Promise<Meeting | null> {
      const row = await repo.byId(meetingId);
      return row ? toMeeting(row, links, { publicLink }) : null;
    },

    async canView(caller: Caller, id: string): Promise<boolean> {
      return Boolean(await repo.visibleById(caller, id));
    },

    /**
     * Owner, poc or super admin; a super admin may delete any organisation's meeting (the
     * spec's superAdmin delete), everyone else only what they can see (404 otherwise).
     */
    async remove(auth: Caller, id: string): Promise<{ message: string }> {
      const row = crossesOrganisations(auth)
        ? await repo.byId(id)
        : await repo.visibleById(auth, id);
      if (!row) throw notFound(M.notFound);
      if (!canManage(auth, row)) throw forbidden();
      await repo.remove(row.id);
      await deleteObjects(row);
      return { message: M.deleted };
    },

    createFromFile,

    /**
     * A file already in storage: the organisation's own prefix in the local store, or any
     * key of a bucket the organisation connected itself.
     */
    async createFromStorage(
      auth: Caller,
      body: { provider: StorageProvider; key: string; stage: MeetingRow['stage']; title?: string },
    ): Promise<Meeting> {
      const fileName = path.posix.basename(body.key);
      checkMediaFileName(fileName);
      const store: ObjectStore = await deps.resolveStore(auth.organizationId, body.provider);
      const sharedStore = store.provider === 'local';
      if (sharedStore && !body.key.startsWith(`${auth.organizationId}/`)) {
        throw notFound(M.keyOutsideOrganisation);
      }
      const info = await store.info(body.key);
      if (!info) throw notFound(M.fileNotInStorage);
      if (info.size > UPLOAD.serverMaxBytes)
        throw new AppError(413, UPLOAD_MESSAGES.fileTooLargeServer);
      await assertNewCode(auth.organizationId, fileName);
      return createFromFile(auth, {
        provider: store.provider,
        key: body.key,
        fileName,
        sizeBytes: info.size,
        mimeType: info.contentType ?? null,
        stage: body.stage,
        title: body.title ?? null,
      });
    },

    ...createLiveMeetings(deps, { view, announce, afterCreate: (row) => afterCreate(row) }),

    /** For the analysis pipeline: every status change is announced to the meeting's room. */
    async setStatus(
      meetingId: string,
      status: MeetingRow['inferenceStatus'],
      reason: string | null,
    ): Promise<Meeting> {
      const row = await repo.setStatus(meetingId, status, reason, now());
      if (!row) throw notFound(M.notFound);
      announce(row);
      return view(row, null);
    },

    /**
     * Names the meeting's speakers (spec 2 §4: speaker_NN shown as participant names). The
     * given keys are merged into additionalDetails; an empty name removes that speaker's name.
     * Like the transcript itself, only whoever manages the meeting may change it.
     */
    async nameSpeakers(
      caller: Caller,
      id: string,
      names: Record<string, string>,
    ): Promise<{ additionalDetails: Record<string, string> }> {
      const row = await visible(caller, id);
      if (!canManage(caller, row)) throw forbidden();
      const entries = Object.entries(names).map(([key, name]) => [key, name.trim()] as const);
      const named = Object.fromEntries(entries.filter(([, name]) => name !== ''));
      const removed = entries.filter(([, name]) => name === '').map(([key]) => key);
      const updated = await repo.nameSpeakers(row.id, named, removed, now());
      if (!updated) throw notFound(M.notFound);
      for (const listener of speakersNamed) await listener(row.id);
      return { additionalDetails: updated.additionalDetails };
    },

    /**
     * Names the speakers of a call from who was in it (the live transcript's participants),
     * leaving every name a person gave as it is. The system's own naming: no caller.
     */
    async nameUnnamedSpeakers(id: string, names: Record<string, string>): Promise<void> {
      if (Object.keys(names).length === 0) return;
      const updated = await repo.nameUnnamedSpeakers(id, names, now());
      if (updated) for (const listener of speakersNamed) await listener(id);
    },

    /**
     * Links the meeting to a deal, or unlinks it (null). The deal must already be checked to
     * be the caller's organisation's (the sales module does); like naming speakers, only
     * whoever manages the meeting may change it.
     */
    async setDeal(caller: Caller, id: string, dealId: string | null): Promise<Meeting> {
      const row = await visible(caller, id);
      if (!canManage(caller, row)) throw forbidden();
      const updated = await repo.setDeal(row.id, dealId, now());
      if (!updated) throw notFound(M.notFound);
      return view(updated, caller.userId);
    },

    /**
     * For the analysis pipeline, which announces its own fuller status document: changes
     * the status without an event. Null when the meeting is gone.
     */
    async updateStatus(
      meetingId: string,
      status: MeetingRow['inferenceStatus'],
      reason: string | null,
    ): Promise<MeetingRow | null> {
      return repo.setStatus(meetingId, status, reason, now());
    },

    /**
     * What the speech step found about the recording: a notice (null clears an earlier run's)
     * and, for a file that ends early, the length it analysed, which replaces the declared
     * one, so credits and every per-minute figure count what was really there.
     */
    async recordMediaNotice(
      meetingId: string,
      notice: MediaNotice | null,
      analysedSec?: number,
    ): Promise<MeetingRow | null> {
      return repo.updateMedia(
        meetingId,
        { mediaNotice: notice, ...(analysedSec === undefined ? {} : { durationSec: analysedSec }) },
        now(),
      );
    },

    /** The stored object behind a media link. */
    async mediaObject(meetingId: string, kind: MediaKind) {
      const row = await repo.byId(meetingId);
      if (!row) throw notFound(M.notFound);
      const key = kind === 'video' ? row.playbackKey : row.thumbnailKey;
      if (!key) throw notFound(M.noMedia);
      const store = await deps.resolveStore(row.organizationId, row.storageProvider);
      return { row, key, store };
    },
  };
}
export type MeetingsService = ReturnType<typeof createMeetingsService>;
/** The meeting row, for modules that work on meetings through this service. */
export type { MeetingRow } from './repo.js';
