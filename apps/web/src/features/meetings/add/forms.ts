import {
  createFromLinkBody,
  createFromStorageBody,
  type meetingRoutes,
  type RouteBody,
  type StorageProvider,
} from '@parley/contracts';
import { fromParse, optional, type FieldErrors, type Validated } from '../../../lib/validation';
import type { MeetingStage } from '../model';

type StorageImportBody = RouteBody<typeof meetingRoutes.createFromStorage>;
type MeetingLinkBody = RouteBody<typeof meetingRoutes.createFromLink>;

export const STORAGE_IMPORT_FIELDS = ['provider', 'key', 'title'] as const;
export type StorageImportField = (typeof STORAGE_IMPORT_FIELDS)[number];
export interface StorageImportValues {
  provider: StorageProvider | '';
  key: string;
  title: string;
  stage: MeetingStage;
}

/** "From storage": a connected store and the object key (or blob name) of a recording. */
export function validateStorageImport(
  v: StorageImportValues,
): Validated<StorageImportField, StorageImportBody> {
  const errors: FieldErrors<StorageImportField> = {};
  if (!v.provider) errors.provider = 'Please choose a connected storage';
  const key = v.key.trim().replace(/^\/+/, '');
  if (!key) errors.key = 'Please enter the object key or blob name';
  else if (key.endsWith('/')) errors.key = 'The key names a folder; enter the path of a file';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = createFromStorageBody.safeParse({
    provider: v.provider,
    key,
    stage: v.stage,
    title: optional(v.title),
  });
  return fromParse(parsed, STORAGE_IMPORT_FIELDS);
}

export const MEETING_LINK_FIELDS = ['meetingLink', 'meetingName'] as const;
export type MeetingLinkField = (typeof MEETING_LINK_FIELDS)[number];
export type MeetingLinkValues = Record<MeetingLinkField, string>;

/** "Meeting link": an http(s) URL and a name. */
export function validateMeetingLink(
  v: MeetingLinkValues,
): Validated<MeetingLinkField, MeetingLinkBody> {
  const errors: FieldErrors<MeetingLinkField> = {};
  const link = v.meetingLink.trim();
  if (!link) errors.meetingLink = 'Please enter the meeting link';
  else if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(link) || !URL.canParse(link))
    errors.meetingLink = 'Please enter a valid link, e.g. https://zoom.us/j/123456789';
  if (!v.meetingName.trim()) errors.meetingName = 'Please enter the meeting name';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = createFromLinkBody.safeParse({
    meetingLink: link,
    meetingName: v.meetingName.trim(),
  });
  return fromParse(parsed, MEETING_LINK_FIELDS);
}
