import path from 'node:path';
import type { Meeting } from '@parley/contracts';
import type { MediaGrant, MediaLinks } from '../../platform/media/links.js';
import type { MeetingRow } from './repo.js';

/** The file name without its extension: what the product shows as the meeting's name. */
export function nameOf(fileName: string): string {
  const ext = path.extname(fileName);
  return (ext ? fileName.slice(0, -ext.length) : fileName) || fileName;
}

/** Lower-cased text the list search matches (ILIKE over a trigram index). */
export function searchTextOf(meetingCode: string, title?: string | null): string {
  return `${meetingCode} ${title ?? ''}`.trim().toLowerCase();
}

/**
 * A meeting as the API answers it. Media links are signed URLs (see platform/media/links) for
 * the grant the reader has, present once there is something a browser can play: the playback
 * key is set by the media step, to the source itself when it plays as it is. Without a grant
 * (the pipeline's own reads) there are no links.
 */
export function toMeeting(row: MeetingRow, links: MediaLinks, grant: MediaGrant | null): Meeting {
  const link = (key: string | null, kind: 'video' | 'thumbnail') =>
    key && grant ? links.url(row.id, kind, grant) : null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    ownerId: row.ownerId,
    meetingName: row.meetingName,
    meetingCode: row.meetingCode,
    title: row.title,
    stage: row.stage,
    type: row.type === 'live' ? 'live' : 'offline',
    isOffline: row.type !== 'live',
    inferenceStatus: row.inferenceStatus,
    statusReason: row.statusReason,
    startTime: row.startTime.toISOString(),
    duration: row.durationSec === null ? 0 : Math.round((row.durationSec / 60) * 1000) / 1000,
    durationSec: row.durationSec,
    mediaNotice: row.mediaNotice ?? null,
    storageProvider: row.storageProvider,
    storageLink: link(row.playbackKey, 'video'),
    imageLink: link(row.thumbnailKey, 'thumbnail'),
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    meetingLink: row.meetingLink,
    additionalDetails: row.additionalDetails,
    dealId: row.dealId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
