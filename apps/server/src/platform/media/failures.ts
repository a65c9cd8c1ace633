import { MediaError } from '@parley/analysis';
import { ANALYSIS_MESSAGES as A, MEETING_MESSAGES as M } from '@parley/contracts';
import { withoutServerDetails } from '../errors.js';
import { MediaToolError } from './ffmpeg.js';

/**
 * The sentence users read when the recording itself is the problem — no retry can fix it,
 * so the job fails at its first attempt (README: "a file ffmpeg cannot read fails at once") —
 * or null for anything a retry may fix (storage, a missing ffmpeg, a network). Names no
 * server path: the caller logs the error itself.
 */
export function permanentMediaReason(err: unknown): string | null {
  if (err instanceof MediaToolError) return M.mediaFailed(withoutServerDetails(err.message));
  if (!(err instanceof MediaError)) return null;
  switch (err.kind) {
    case 'no-audio':
      return A.noSound;
    case 'no-video':
      return A.noPicture;
    case 'unreadable':
      return A.undecodable;
    default:
      return null;
  }
}

/**
 * Any failure as users read it (a meeting's status reason, a step's or a verification's
 * error, a 'failed' event): the recording's own problem in words when it is one, else the
 * error's message, never with a server path or a stack. Callers log the error itself.
 */
export function reasonForUsers(err: unknown): string {
  const reason = permanentMediaReason(err) ?? (err instanceof Error ? err.message : String(err));
  return withoutServerDetails(reason);
}
