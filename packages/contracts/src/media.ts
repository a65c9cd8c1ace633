import { UPLOAD } from './meetings.js';

/**
 * Media of a meeting is streamed through the API at MEDIA.path with a signed query
 * (?token=…&exp=…), because a <video> or <img> tag cannot send a bearer header.
 */
export const MEDIA = {
  /** Under /api/v1. */
  path: '/media/:meetingId/:kind',
  kinds: ['video', 'thumbnail'] as const,
  /**
   * A signed link is valid at least this long (at most five minutes more). Minutes, not the
   * spec's 12 h: a link copied out of the page must not outlive the permission it was made
   * for, and the server re-checks that permission on every request anyway.
   */
  linkTtlSec: 15 * 60,
} as const;
export type MediaKind = (typeof MEDIA.kinds)[number];

const accepted = [...UPLOAD.videoExtensions, ...UPLOAD.audioExtensions];

/** Server messages of the meeting area not fixed by the spec's catalogue. */
export const MEETING_MESSAGES = {
  notFound: 'Meeting not found',
  deleted: 'Meeting deleted successfully',
  unsupportedType: `Unsupported file type: upload a ${accepted.slice(0, -1).join(', ')} or ${accepted.at(-1)} file`,
  waitingForBot: 'Waiting for the meeting bot',
  notWaitingForBot: 'This meeting was recorded already or is not a call',
  mediaLinkInvalid: 'This media link is not valid or has expired',
  noMedia: 'This meeting has no media of that kind',
  fileNotInStorage: 'File not found in storage',
  keyOutsideOrganisation: 'This file is not in your organization’s storage',
  uploadNotFound: 'Upload not found',
  uploadBusy: 'This upload is being completed; try again in a moment',
  fileNameMismatch: 'The file name does not match the upload',
  blockListMismatch: 'The block list does not match the uploaded chunks',
  chunkIndex: (index: number, total: number) =>
    `Chunk index ${index} is out of range: this upload has chunks 0 to ${total - 1}`,
  chunkTooLarge: `A chunk may not be larger than ${UPLOAD.chunkSize / 1024 / 1024} MiB`,
  chunkSize: (index: number, expected: number, got: number) =>
    `Chunk ${index} must be ${expected} bytes, got ${got}`,
  chunkNoFile: 'The chunk has no file part',
  blockIdMismatch: (index: number) => `blockId does not match chunk ${index}`,
  mediaFailed: (reason: string) => `Could not process the media file: ${reason}`,
} as const;
