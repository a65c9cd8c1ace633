/** Rules of an upload (spec 1 §5, §8, §9; spec 2 §8, §9): checks, timing, messages, store. */
import { UPLOAD, UPLOAD_MESSAGES, type StorageProvider } from '@parley/contracts';
import { ApiRequestError } from '../../lib/api-client';

export const ACCEPTED_EXTENSIONS: readonly string[] = [
  ...UPLOAD.videoExtensions,
  ...UPLOAD.audioExtensions,
];
/** The file input's accept attribute. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');
export const WRONG_TYPE_MESSAGE = `Unsupported file type. Please choose a ${ACCEPTED_EXTENSIONS.join(', ')} file.`;

export const EMPTY_FILE_MESSAGE = 'The file is empty. Please choose another file.';

export type UploadFileLike = Pick<File, 'name' | 'size' | 'type' | 'slice'>;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Client checks before anything is sent; the message to show, or null when the file is fine. */
export function validateUploadFile(file: Pick<File, 'name' | 'size'> | null | undefined) {
  if (!file) return UPLOAD_MESSAGES.selectVideo;
  if (!ACCEPTED_EXTENSIONS.includes(extensionOf(file.name))) return WRONG_TYPE_MESSAGE;
  if (file.size <= 0) return EMPTY_FILE_MESSAGE;
  if (file.size > UPLOAD.clientMaxBytes) return UPLOAD_MESSAGES.fileTooLargeClient;
  return null;
}

/** A failed upload, with the message to show. */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The user cancelled the upload. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload canceled');
    this.name = 'UploadCancelledError';
  }
}

/** Back-off before retry number `retry` (1-based): 1000 ms × 2^retry, at most 30 s. */
export function backoffMs(retry: number): number {
  return Math.min(UPLOAD.backoffBaseMs * 2 ** retry, UPLOAD.backoffCapMs);
}

/** Time-out of one chunk attempt: 2 minutes plus 15 s per retry attempt number (0 first). */
export function chunkTimeoutMs(attempt: number): number {
  return UPLOAD.chunkTimeoutMs + UPLOAD.chunkTimeoutPerRetryMs * attempt;
}

/** Completed chunks as a floored percentage. */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((completed / total) * 100));
}

/** The message for a failed initiate or complete call (spec 1 §8, spec 2 §8). */
export function uploadErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  const server = error.serverMessage;
  if (error.status === 413 || server === UPLOAD_MESSAGES.fileTooLargeServer)
    return UPLOAD_MESSAGES.fileTooLargeClient2GB;
  if (error.status === 409) return UPLOAD_MESSAGES.duplicate;
  if (error.status >= 400 && error.status < 500 && server) return server;
  return fallback;
}

/** Network failures, time-outs, throttling and server errors are worth another try. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

const CONNECTED = new Set(['connected', 'active', 'enabled']);

/**
 * Which store receives an upload: the organisation's default cloud when that integration is
 * connected, otherwise the built-in local store (always available when self-hosted). Null only
 * when local storage is disabled and no cloud is connected ('Please connect any one cloud storage').
 */
export function pickUploadProvider(
  defaultCloud: string | null | undefined,
  configs: readonly { provider: string; status: string }[] | undefined,
  localEnabled = true,
): StorageProvider | null {
  const connected = (p: string) =>
    configs?.some((c) => c.provider === p && CONNECTED.has(c.status.toLowerCase())) ?? false;
  const preferred = defaultCloud === 'aws' || defaultCloud === 'azure' ? defaultCloud : null;
  if (preferred && connected(preferred)) return preferred;
  if (localEnabled) return 'local';
  if (connected('aws')) return 'aws';
  if (connected('azure')) return 'azure';
  return null;
}
