import {
  INTERVIEW_STATUS_LABELS,
  INTERVIEW_STATUSES,
  type BulkResult,
  type InterviewStatus,
} from '@parley/contracts';
import { stripExtension } from '../../lib/format';
import type { BadgeTone } from '../../ui';

export const STATUS_TONES: Record<InterviewStatus, BadgeTone> = {
  pending: 'neutral',
  qualified: 'success',
  on_hold: 'warning',
  rejected: 'danger',
  hired: 'accent',
};

export const STATUS_OPTIONS = INTERVIEW_STATUSES.map((s) => ({
  value: s,
  label: INTERVIEW_STATUS_LABELS[s],
}));

/**
 * The rows a bulk action could not change, named, with why: 'Interview A: reason; Interview B:
 * reason'. Rows the list does not show (another page) fall back to the server's name.
 */
export function failedRows(result: BulkResult, names: ReadonlyMap<string, string>): string {
  return result.failed
    .map((f) => {
      const name = names.get(f.meetingId) ?? (f.meetingName ? stripExtension(f.meetingName) : null);
      return `${name ?? 'A meeting'}: ${f.reason}`;
    })
    .join('; ');
}
